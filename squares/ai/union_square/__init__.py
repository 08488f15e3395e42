"""Union Square's solver (sees the whole deal) and players (see what a person sees).

``PLAYERS`` lists the players, the first the default: keeper, then lookahead (keeper
improved by rollouts: it wins more, at about fifteen times keeper's time a move), then
the baselines. Hints come from ``HINT_PLAYER``, lookahead, the strongest: a hint takes
1.9 ms of CPU at the 95th percentile (``benchmarks/bench_hints.py --game union-square``).

The map of the package, from the rules up:

- ``fast``: a compact position for search in Python, with what a pile and a foundation
  take tabled from the rules engine; ``kernel``: a position as one array, compiled.
- Players, who see ``UnionSquare.observe``: ``players`` (greedy, builder, keeper),
  ``lookahead`` (keeper improved by rollouts over sampled orders of the unseen cards),
  ``describe`` (the line that goes with a hint).
- Layouts of the tableau as classes, the players' and the solver's shared vocabulary:
  ``layers`` (layouts with a free pile, their layers found compiled), ``rigid`` (layouts
  with every pile taken), ``paths`` (the search over one suit's layouts, compiled).
- The solver, who sees the state: ``solver`` (its entry, ``WholeDealSolver``);
  ``class_search`` (the search over classes of positions, compiled), ``class_moves`` (a
  class's moves when a pile is free, compiled), ``classes`` (a class's moves when every
  pile is taken, and the exact moves), ``class_bridge`` (the ways between them),
  ``realization`` (a line over classes turned into real moves, compiled; the players'
  placing of the waste's card and rearranging of a suit too).
- ``hindsight``: the game's part of the after-game review.
"""

from __future__ import annotations

from typing import Any

from squares.ai.base import Player, Solver
from squares.ai.union_square.hindsight import HINDSIGHT
from squares.ai.union_square.lookahead import Lookahead
from squares.ai.union_square.players import Builder, Greedy, Keeper
from squares.ai.union_square.solver import WholeDealSolver

PLAYERS: dict[str, type[Player[Any, Any]]] = {
    Keeper.name: Keeper,
    Lookahead.name: Lookahead,
    Builder.name: Builder,
    Greedy.name: Greedy,
}
SOLVER: type[Solver[Any, Any]] = WholeDealSolver
HINT_PLAYER = Lookahead.name
# The difficulty survey's players of graded strength, weakest first: (player, haste), keeper
# dealing from the stock instead of its own move with the probability given (``keeper``
# alone wins nearly every deal).
DIFFICULTY_FAMILY = (("keeper", 0.3), ("keeper", 0.2), ("keeper", 0.15))


def warm_up() -> None:
    """Compile the compiled searches (``paths``, ``layers``, ``class_search`` and
    ``realization``, with the ``kernel`` beneath them), or load them from numba's cache.

    The first call on a machine compiles (seconds); later ones load the cache.
    """
    warm_up_paths()
    warm_up_classes()


def warm_up_paths() -> None:
    """The part of ``warm_up`` for ``paths`` and ``layers``."""
    from squares.ai.union_square.fast import Position
    from squares.ai.union_square.layers import layers
    from squares.ai.union_square.paths import FEWER_THAN, Goal
    from squares.ai.union_square.realization import suit_moves

    here = Position(b"", b"", (bytes([0, 1]), bytes([3]), b""), (0, 0, 0, 0))
    suit_moves(here, 0, 3, Goal(FEWER_THAN, 1))
    layers(bytes([0, 1, 3]))


def warm_up_classes() -> None:
    """The part of ``warm_up`` for ``class_search`` and ``realization``."""
    from squares.ai.union_square import class_bridge, class_search, realization
    from squares.ai.union_square.classes import tidy
    from squares.ai.union_square.fast import Position
    from squares.games.union_square import UnionSquare

    root = tidy(Position.of(UnionSquare().new(0)))[1]
    line = class_search.run(root, 10, None)[3]
    realization.realize(root, line)
    class_bridge.prime(root)


__all__ = [
    "DIFFICULTY_FAMILY", "HINDSIGHT", "HINT_PLAYER", "PLAYERS", "SOLVER", "Builder", "Greedy",
    "Keeper", "Lookahead",
    "WholeDealSolver",
    "warm_up", "warm_up_classes", "warm_up_paths",
]  # fmt: skip
