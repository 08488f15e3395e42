"""Squares: Foursquare and Union Square, their rules, and ways to play them.

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
