"""What every game offers: the contract the sessions, interfaces and AI rely on.

A game object holds no state of its own. States are immutable values; ``apply`` returns
a new one. Two tiers, as in python-chess: ``apply`` checks the move and raises
``IllegalMoveError`` naming it and why; ``play`` trusts the caller (search uses it on
moves taken from ``legal_moves``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from squares.errors import CorruptSave, IllegalMoveError
from squares.games.info import EndReason, GameInfo, Outcome, Status
from squares.games.observations import Observation
from squares.games.views import GameView
from squares.i18n import N_, _

S = TypeVar("S")
M = TypeVar("M")

SAVE_FORMAT = 1

JSON = dict[str, Any]

RESIGNED = Outcome(Status.LOST, EndReason.RESIGNED)
"""The outcome of a game given up: lost, whatever the position."""


_STATUS_NAMES = {Status.PLAYING: N_("playing"), Status.WON: N_("won"), Status.LOST: N_("lost")}


def status_name(status: Status | str) -> str:
    """``status`` in the current language (a value no status has, as it is)."""
    try:
        return _(_STATUS_NAMES[Status(status)])
    except ValueError:
        return str(status)


class Game(ABC, Generic[S, M]):
    """The rules of one game, as functions over its immutable states."""

    info: ClassVar[GameInfo]
    """The game's facts as data: title, score, notation, keys, end reasons, players."""
    name: ClassVar[str]
    """Registry key and the ``game`` field of every JSON form (``info.name``)."""
    title: ClassVar[str]
    """Name for people, marked with ``N_`` (``info.title``): ``_(game.title)`` shows it."""

    # -- rules -------------------------------------------------------------------------
    @abstractmethod
    def new(self, deal: int) -> S:
        """The starting state of numbered deal ``deal`` (raises ``BadDealNumber``)."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move, in the order of their notation; empty once the game is over."""

    @abstractmethod
    def why_illegal(self, state: S, move: M) -> str | None:
        """``None`` if ``move`` is legal here, else the reason in a few words."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """Apply a move known to be legal (unchecked; for search)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended (won, or lost and why), or ``None`` while it is on."""

    def status(self, state: S) -> Status:
        """``PLAYING``, ``WON`` or ``LOST``."""
        ended = self.outcome(state)
        return Status.PLAYING if ended is None else ended.status

    @abstractmethod
    def score(self, state: S) -> int | None:
        """The score as the rules define it; ``None`` where the game has none yet."""

    def apply(self, state: S, move: M) -> S:
        """Apply ``move`` after checking it; ``state`` itself never changes."""
        reason = self.why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(self.format_move(move), reason)
        return self.play(state, move)

    def loses(self, state: S, move: M) -> bool:
        """Whether a legal ``move`` ends the game lost (an interface warns before it)."""
        return self.status(self.play(state, move)) is Status.LOST

    def apply_text(self, state: S, text: str) -> S:
        """Parse ``text`` as a move and apply it (``BadNotation`` or ``IllegalMoveError``)."""
        return self.apply(state, self.parse_move(text))

    # -- notation ----------------------------------------------------------------------
    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move from its notation; raise ``BadNotation`` saying what is expected."""

    def format_move(self, move: M) -> str:
        return str(move)

    # -- JSON forms --------------------------------------------------------------------
    @abstractmethod
    def deal_of(self, state: S) -> int:
        """The deal number the state comes from."""

    @abstractmethod
    def observe(self, state: S) -> Observation:
        """What a person sees of ``state``, as a typed value for the players: the stock's
        cards sorted, never their order (``squares.games.observations``)."""

    @abstractmethod
    def view(self, state: S, resigned: bool = False) -> GameView:
        """What the player may see, as JSON-ready data (never the stock's order).

        ``resigned`` shows the position as a game given up there (lost, ``end`` resigned).
        """

    @abstractmethod
    def dump_fields(self, state: S) -> JSON:
        """The full state's own fields, for ``dump``."""

    @abstractmethod
    def load_fields(self, deal: int, data: JSON) -> S:
        """Rebuild a state from ``dump_fields`` output, validating every field."""

    def dump(self, state: S) -> JSON:
        """The whole state, stock order included, as versioned JSON-ready data."""
        return {
            "format": SAVE_FORMAT,
            "game": self.name,
            "deal": self.deal_of(state),
            **self.dump_fields(state),
        }

    def load(self, data: object) -> S:
        """Inverse of ``dump``; raises ``CorruptSave`` naming the first bad field."""
        if not isinstance(data, dict):
            raise CorruptSave(
                _("a saved state must be a JSON object, not {kind}").format(
                    kind=type(data).__name__
                )
            )
        if data.get("format") != SAVE_FORMAT:
            raise CorruptSave(
                _("unsupported save format {found}: this version reads format {format}").format(
                    found=repr(data.get("format")), format=SAVE_FORMAT
                )
            )
        if data.get("game") != self.name:
            raise CorruptSave(
                _("saved game is {found}, expected {game}").format(
                    found=repr(data.get("game")), game=repr(self.name)
                )
            )
        deal = data.get("deal")
        if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < 2**63:
            raise CorruptSave(_("bad deal number in save: {deal}").format(deal=repr(deal)))
        return self.load_fields(deal, data)


__all__ = [
    "JSON",
    "RESIGNED",
    "EndReason",
    "Game",
    "GameInfo",
    "GameView",
    "Outcome",
    "Status",
    "status_name",
]
