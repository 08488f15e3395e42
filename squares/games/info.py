"""What a game says about itself, once, beside its rules: every face reads it from here.

A game declares its facts as data (OpenSpiel's ``GameType``/``GameInfo`` are the model):
its title, what its score means and its range, its move notation with examples, the keys
that only it uses, the ways it can end, and where its players live. Faces turn these
into words and pictures; none of them keeps its own list of games or of their facts.

>>> from squares.games import get_game
>>> info = get_game("union-square").info
>>> info.score_range, info.move_examples[0]
((0, 104), 's')
>>> [str(reason) for reason in info.end_reasons]
['won', 'no-foundation-move', 'resigned']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from typing_extensions import TypedDict

from squares.i18n import N_, _


class Status(StrEnum):
    """The value (``"won"``) is data, as in JSON and the database; ``status_name`` is for
    people."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class EndReason(StrEnum):
    """Why a game ended (python-chess's ``Termination``); the value is data, as in JSON."""

    WON = "won"
    FACE_DOWN_LIMIT = "face-down-limit"
    """Foursquare: more piles face down than the rules allow."""
    STOCK_EMPTY = "stock-empty"
    """Foursquare: the last card was placed without a win."""
    NO_FOUNDATION_MOVE = "no-foundation-move"
    """Union Square: the stock is empty and no sequence of moves brings a card home."""
    RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: its status (won or lost) and the reason."""

    status: Status
    reason: EndReason


_END_TEXT = {
    EndReason.WON: N_("You won!"),
    EndReason.FACE_DOWN_LIMIT: N_("Game over: more than {limit} piles are face down."),
    EndReason.STOCK_EMPTY: N_("Game over: the stock ran out before every pile was face up."),
    EndReason.NO_FOUNDATION_MOVE: N_("Game over: no card can reach a foundation any more."),
    EndReason.RESIGNED: N_("You resigned."),
}


@dataclass(frozen=True, slots=True)
class Key:
    """A key that only this game uses, and what it does (marked with ``N_``)."""

    key: str
    does: str


class KeyDescription(TypedDict):
    key: str
    does: str


class GameDescription(TypedDict):
    """A game's facts in the current language, as the page and other faces receive them."""

    name: str
    title: str
    summary: str
    score_range: list[int]
    score_meaning: str
    score_when: str
    notation: str
    move_examples: list[str]
    keys: list[KeyDescription]
    end_reasons: dict[str, str]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The facts of one game. Text fields are marked with ``N_``: ``describe()`` translates."""

    name: str
    """Registry key and the ``game`` field of every JSON form: ``"foursquare"``."""
    title: str
    summary: str
    score_range: tuple[int, int]
    score_meaning: str
    score_when: str
    """``"won"`` when only a win has a score (Foursquare), ``"always"`` otherwise."""
    notation: str
    move_examples: tuple[str, ...]
    keys: tuple[Key, ...]
    end_reasons: tuple[EndReason, ...]
    ai_package: str
    """The module that holds this game's players and solver (imported by ``squares.ai``)."""
    limits: tuple[tuple[str, int], ...] = ()
    """Numbers the end texts may name (``{limit}``)."""

    def end_text(self, reason: EndReason | str) -> str:
        """Why the game ended, in the current language, as a sentence."""
        return _(_END_TEXT[EndReason(reason)]).format(**dict(self.limits))

    def describe(self) -> GameDescription:
        """Every fact in the current language, JSON-ready."""
        return {
            "name": self.name,
            "title": _(self.title),
            "summary": _(self.summary),
            "score_range": list(self.score_range),
            "score_meaning": _(self.score_meaning),
            "score_when": self.score_when,
            "notation": _(self.notation),
            "move_examples": list(self.move_examples),
            "keys": [{"key": k.key, "does": _(k.does)} for k in self.keys],
            "end_reasons": {str(r): self.end_text(r) for r in self.end_reasons},
        }
