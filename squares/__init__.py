"""Squares: Foursquare and Union Square, their rules, and ways to play them.

The map of the package, from the rules up (a layer imports only those above it here):

- ``cards`` (cards and the numbered-deal shuffle), ``errors`` (the one error hierarchy),
  ``i18n`` (the six languages), ``rules`` (each game's rules as a player reads them).
- ``games``: the rules engines, pure and immutable, one per game, and their registry.
- ``session``: a game in play (history, undo, redo, restart, resign); ``share``: share
  codes and the daily deals.
- ``store``: the saved games in SQLite, every move durable; their statistics.
- ``ai``: the players (who see what a person sees) and the solvers (who see the deal).
- ``review``: the after-game review; ``survey``: deals played and solved by the
  thousand, and their reports; ``difficulty``: deals by measured difficulty.
- What every face shares: ``wording`` (counts, times and names said in the language),
  ``cells`` (text measured in terminal cells), ``jsonin`` (JSON read from outside),
  ``notice`` (a line said once), ``address`` (where the local server listens).
- The faces, which draw what the engines say and hold no rule: ``cli`` (the ``squares``
  command and its text mode), ``web`` (``squares serve``), ``tui`` (the full-screen
  terminal game).

>>> from squares import get_game
>>> game = get_game("union-square")
>>> state = game.apply_text(game.new(7), "s")
>>> game.view(state)["stock"]
87
"""

from squares.cards import Card, Suit
from squares.errors import (
    BadDatabase,
    BadDealNumber,
    BadNotation,
    CorruptSave,
    GameNotFound,
    IllegalMoveError,
    SessionError,
    SquaresError,
    StaleGame,
    UnknownGame,
)
from squares.games import GAMES, Game, Status, get_game
from squares.session import Session

__version__ = "0.1.0"

__all__ = [
    "GAMES", "BadDatabase", "BadDealNumber", "BadNotation", "Card", "CorruptSave", "Game",
    "GameNotFound", "IllegalMoveError", "Session", "SessionError", "SquaresError", "StaleGame",
    "Status", "Suit", "UnknownGame", "__version__", "get_game",
]  # fmt: skip
