"""The one error hierarchy of Squares.

Every error a caller can provoke is a ``SquaresError``; its message says what was wrong
and what was expected, so interfaces can show it as it is.
"""

from __future__ import annotations

from squares.i18n import _


class SquaresError(Exception):
    """Base of every error Squares raises on purpose."""


class BadNotation(SquaresError, ValueError):
    """Text that is not a card, a move or a deal code in the expected form."""


class IllegalMoveError(SquaresError, ValueError):
    """A well-formed move that the rules do not allow in this position."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(_("illegal move {move}: {reason}").format(move=repr(move), reason=reason))
        self.move = move
        self.reason = reason


class BadDealNumber(SquaresError, ValueError):
    """A deal number outside 0 .. 2**63 - 1, or not an integer."""


class UnknownGame(SquaresError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else _("unknown game")


class CorruptSave(SquaresError, ValueError):
    """A saved state that does not validate: wrong version, field or card set."""


class SessionError(SquaresError):
    """An action that the session cannot take now (nothing to undo, game over, ...)."""


class BadDatabase(SquaresError):
    """A saved-games database that cannot be used: not SQLite, damaged, read-only, newer.

    The message names the file and what to do; the file itself is left as it was.
    """


class BadResults(SquaresError):
    """A results file of ``squares survey`` that cannot be used for this survey: not one,
    damaged, of a newer format, of another game or measured with another budget.

    The message names the file and what was expected; the file is left as it was.
    """


class GameNotFound(SquaresError, LookupError):
    """A saved game id that is not in the database."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else _("no such game")


class StaleGame(SquaresError):
    """An action on a saved game that another program changed since it was read.

    Nothing was applied; reload the game and try again on what it is now.
    """
