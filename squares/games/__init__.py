"""The registry of games: pick one by name.

>>> game = get_game("foursquare")
>>> game.status(game.new(7))
<Status.PLAYING: 'playing'>
"""

from __future__ import annotations

from typing import Any

from squares.errors import UnknownGame
from squares.games.base import Game, Status
from squares.games.foursquare import Foursquare
from squares.games.union_square import UnionSquare

GAMES: dict[str, Game[Any, Any]] = {
    Foursquare.name: Foursquare(),
    UnionSquare.name: UnionSquare(),
}


def get_game(name: str) -> Game[Any, Any]:
    """The game registered as ``name``; ``UnknownGame`` lists the known names otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGame(f"unknown game {name!r}: expected one of {known}") from None


__all__ = ["GAMES", "Foursquare", "Game", "Status", "UnionSquare", "get_game"]
