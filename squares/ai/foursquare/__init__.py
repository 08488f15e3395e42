"""Foursquare players (they see what a person sees) and the whole-deal solver.

``PLAYERS`` lists the players strongest first: the first is the default.
"""

from __future__ import annotations

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

__all__ = [
    "PLAYERS",
    "SOLVER",
    "Expectimax2Player",
    "ExpectimaxPlayer",
    "GreedyPlayer",
    "RandomPlayer",
    "WholeDealSolver",
]
