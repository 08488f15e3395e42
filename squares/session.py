"""A game in play: one deal, its history of states, undo and redo, restart, resign.

Undo and redo walk a list of states (never reverse-engineered moves), back to the deal.

>>> from squares.games import get_game
>>> session = Session(get_game("foursquare"), 7)
>>> session.move("0,0").move("0,1").undo().moves
['0,0']
"""

from __future__ import annotations

from typing import Generic

from squares.errors import SessionError
from squares.games.base import JSON, Game, M, S, Status, status_name
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

    @property
    def state(self) -> S:
        return self._states[self._index]

    @property
    def moves(self) -> list[str]:
        """The moves from the deal to the current state, in notation."""
        return [self.game.format_move(m) for m in self._moves[: self._index]]

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
        return self._index > 0 and not self.resigned

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._moves) and not self.resigned

    def move(self, move: M | str) -> Session[S, M]:
        """Apply a move (or its notation) after checking it; drops any redo history."""
        if self.resigned:
            raise SessionError(_("the game was resigned: start a new deal or restart this one"))
        parsed = self.game.parse_move(move) if isinstance(move, str) else move
        after = self.game.apply(self.state, parsed)
        del self._states[self._index + 1 :]
        del self._moves[self._index :]
        self._states.append(after)
        self._moves.append(parsed)
        self._index += 1
        return self

    def undo(self) -> Session[S, M]:
        if not self.can_undo:
            raise SessionError(
                _("cannot undo: the game was resigned") if self.resigned else _("nothing to undo")
            )
        self._index -= 1
        return self

    def redo(self) -> Session[S, M]:
        if not self.can_redo:
            raise SessionError(
                _("cannot redo: the game was resigned") if self.resigned else _("nothing to redo")
            )
        self._index += 1
        return self

    def restart(self) -> Session[S, M]:
        """Back to the deal, same cards; the history is kept for redo."""
        self._index = 0
        self.resigned = False
        return self

    def resign(self) -> Session[S, M]:
        """End the game now as lost; the score at this moment stands."""
        if self.over:
            raise SessionError(
                _("the game is already over ({status})").format(status=status_name(self.status))
            )
        self.resigned = True
        return self

    def view(self) -> JSON:
        """The player's view (see ``Game.view``), showing a resigned game as lost."""
        return self.game.view(self.state, Status.LOST if self.resigned else None)
