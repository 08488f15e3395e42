"""The registry of games: pick one by name.

- ``base``: what every game offers (``Game``), the contract the rest relies on.
- ``info``: what a game says of itself (its title, statuses, ends), once for every face.
- ``observations``: what a person sees of a game (``Game.observe``), for the players.
- ``views``: the player views as declared types, for the faces and tools.
- ``foursquare`` and ``foursquare_grid`` (its grid on its own); ``union_square``.

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
from squares.i18n import _

GAMES: dict[str, Game[Any, Any]] = {
    Foursquare.name: Foursquare(),
    UnionSquare.name: UnionSquare(),
}


def either(names: list[str] | tuple[str, ...] | None = None) -> str:
    """``foursquare or union-square`` (the games' names by default), in the current language."""
    names = list(GAMES) if names is None else list(names)
    if len(names) < 2:
        return "".join(names)
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


def get_game(name: str) -> Game[Any, Any]:
    """The game registered as ``name``; ``UnknownGame`` lists the known names otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGame(
            _("unknown game {game}: expected one of {known}").format(game=repr(name), known=known)
        ) from None


__all__ = ["GAMES", "Foursquare", "Game", "Status", "UnionSquare", "either", "get_game"]
