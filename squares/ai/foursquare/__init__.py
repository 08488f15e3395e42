"""Foursquare players (they see what a person sees) and the whole-deal solver.

``PLAYERS`` lists the players strongest first: the first is the default.
"""

from __future__ import annotations

import threading

from squares.ai.foursquare.hindsight import HINDSIGHT
from squares.ai.foursquare.players import (
    Expectimax2Player,
    ExpectimaxPlayer,
    FoursquarePlayer,
    GreedyPlayer,
    RandomPlayer,
)
from squares.ai.foursquare.solver import WholeDealSolver

PLAYERS: dict[str, type[FoursquarePlayer]] = {
    player.name: player
    for player in (ExpectimaxPlayer, Expectimax2Player, GreedyPlayer, RandomPlayer)
}
SOLVER = WholeDealSolver
# The difficulty survey's players of graded strength, weakest first: (player, haste).
DIFFICULTY_FAMILY = (("greedy", 0.0), ("expectimax-2", 0.0), ("expectimax", 0.0))


def warm_up() -> None:
    """Compile the players' search, or load it from numba's cache: one hint's work.

    The first call on a machine compiles (seconds); later ones load the cache (about
    half a second, most of it importing numba).
    """
    from squares.games.foursquare import Foursquare

    game = Foursquare()
    ExpectimaxPlayer().choose(game.observe(game.new(0)))


def warm_up_in_background() -> threading.Thread:
    """``warm_up`` in a daemon thread, so that no player waits for it."""
    thread = threading.Thread(target=warm_up, name="foursquare-warm-up", daemon=True)
    thread.start()
    return thread


__all__ = [
    "DIFFICULTY_FAMILY",
    "HINDSIGHT",
    "PLAYERS",
    "SOLVER",
    "Expectimax2Player",
    "ExpectimaxPlayer",
    "GreedyPlayer",
    "RandomPlayer",
    "WholeDealSolver",
    "warm_up",
    "warm_up_in_background",
]
