"""Union Square's solver (sees the whole deal) and players (see what a person sees)."""

from __future__ import annotations

from typing import Any

from squares.ai.base import Player, Solver
from squares.ai.union_square.hindsight import HINDSIGHT
from squares.ai.union_square.players import Builder, Greedy, Keeper
from squares.ai.union_square.solver import WholeDealSolver

PLAYERS: dict[str, type[Player[Any, Any]]] = {
    Keeper.name: Keeper,
    Builder.name: Builder,
    Greedy.name: Greedy,
}
SOLVER: type[Solver[Any, Any]] = WholeDealSolver

__all__ = ["HINDSIGHT", "PLAYERS", "SOLVER", "Builder", "Greedy", "Keeper", "WholeDealSolver"]
