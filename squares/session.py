"""A game in play: one deal, its whole history, undo and redo, restart, resign.

The session owns the history: every move played, the redo tail included, and how far
along it the game stands. Undo and redo walk a list of states (never reverse-engineered
moves), back to the deal; ``Session.rebuild`` makes the same session again from the
history alone, which is all a save needs to keep.

A finished game's result is final: once won, lost or resigned, nothing changes it
(``move``, ``undo``, ``redo`` and ``restart`` refuse). Looking back through it is a
read-only replay (``state_after``); playing its deal again is a new game.

>>> from squares.games import get_game
>>> session = Session(get_game("foursquare"), 7)
>>> session.move("0,0").move("0,1").undo().moves
['0,0']
>>> Session.rebuild(session.game, 7, session.history, session.position).can_redo
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic

from squares.cards import shown
from squares.errors import SessionError, SquaresError
from squares.games.base import RESIGNED, Game, GameView, M, Outcome, S, Status, status_name
from squares.i18n import _


class Session(Generic[S, M]):
    """A numbered deal being played, with its history."""

    def __init__(self, game: Game[S, M], deal: int) -> None:
        self.game = game
        self.deal = deal
        self._states: list[S] = [game.new(deal)]
        self._moves: list[M] = []
        self._index = 0  # position in _states; states after it can be redone
        self.resigned = False

    @classmethod
    def rebuild(
        cls,
        game: Game[S, M],
        deal: int,
        history: Sequence[str],
        position: int,
        resigned: bool = False,
    ) -> Session[S, M]:
        """The session whose history is ``history`` (notation, redo tail included), standing
        after its first ``position`` moves, given up there if ``resigned``.

        Every move is checked: a move that cannot be played, a ``position`` outside
        ``0..len(history)`` or a resignation of a finished game is a ``SessionError``
        that says which.
        """
        if not 0 <= position <= len(history):
            raise SessionError(
                _("bad position {position}: expected 0 to {count}").format(
                    position=position, count=len(history)
                )
            )
        session = cls(game, deal)
        for index, text in enumerate(history):
            try:
                move = game.parse_move(text)
                session._states.append(game.apply(session._states[-1], move))
            except SquaresError as err:
                raise SessionError(
                    _("move {index} ({move}) cannot be played: {problem}").format(
                        index=index, move=shown(text), problem=err
                    )
                ) from None
            session._moves.append(move)
        session._index = position
        if resigned:
            session.resign()
        return session

    def copy(self) -> Session[S, M]:
        """An independent session with the same history (states are shared: immutable)."""
        twin = Session.__new__(Session)
        twin.game, twin.deal, twin.resigned = self.game, self.deal, self.resigned
        twin._states, twin._moves, twin._index = list(self._states), list(self._moves), self._index
        return twin

    @property
    def state(self) -> S:
        return self._states[self._index]

    @property
    def position(self) -> int:
        """How many moves of the history are played (the rest can be redone)."""
        return self._index

    @property
    def moves(self) -> list[str]:
        """The moves from the deal to the current state, in notation."""
        return self.history[: self._index]

    @property
    def history(self) -> list[str]:
        """Every move of the history in notation, the redo tail included."""
        return [self.game.format_move(m) for m in self._moves]

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it is on."""
        return RESIGNED if self.resigned else self.game.outcome(self.state)

    @property
    def status(self) -> Status:
        return Status.LOST if self.resigned else self.game.status(self.state)

    @property
    def score(self) -> int | None:
        return self.game.score(self.state)

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def can_undo(self) -> bool:
        return self._index > 0 and not self.over

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._moves) and not self.over

    @property
    def played(self) -> list[S]:
        """The states from the deal to the current one (what a player has seen, in order)."""
        return self._states[: self._index + 1]

    def state_after(self, count: int) -> S:
        """The position after the first ``count`` moves played (a read-only look back)."""
        if not 0 <= count <= self._index:
            raise SessionError(
                _("no position after {count} moves: expected 0 to {played}").format(
                    count=count, played=self._index
                )
            )
        return self._states[count]

    def move(self, move: M | str) -> Session[S, M]:
        """Apply a move (or its notation) after checking it; drops any redo history."""
        self.refuse_if_over()
        parsed = self.game.parse_move(move) if isinstance(move, str) else move
        after = self.game.apply(self.state, parsed)
        del self._states[self._index + 1 :]
        del self._moves[self._index :]
        self._states.append(after)
        self._moves.append(parsed)
        self._index += 1
        return self

    def undo(self) -> Session[S, M]:
        self.refuse_if_over()
        if not self.can_undo:
            raise SessionError(_("nothing to undo"))
        self._index -= 1
        return self

    def redo(self) -> Session[S, M]:
        self.refuse_if_over()
        if not self.can_redo:
            raise SessionError(_("nothing to redo"))
        self._index += 1
        return self

    def restart(self) -> Session[S, M]:
        """Back to the deal, same cards; the history is kept for redo."""
        self.refuse_if_over()
        self._index = 0
        return self

    def resign(self) -> Session[S, M]:
        """End the game now as lost; the score at this moment stands."""
        self.refuse_if_over()
        self.resigned = True
        return self

    def view(self) -> GameView:
        """The player's view (see ``Game.view``), showing a resigned game as lost."""
        return self.game.view(self.state, self.resigned)

    def refuse_if_over(self) -> None:
        """``SessionError`` once the game is over: its result stands, whatever is asked."""
        if self.over:
            status = _("resigned") if self.resigned else status_name(self.status)
            raise SessionError(
                _(
                    "the game is over ({status}) and its result stands: "
                    "play its deal again as a new game"
                ).format(status=status)
            )
