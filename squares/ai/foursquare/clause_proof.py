"""The shortest win from a position, or the proof that none is shorter, by a SAT solver.

For each number of cards in turn, fewest first, and each box the win could fill
(``clauses.boxes``), CaDiCaL (through python-sat) is asked whether the formula of a win
with exactly that many cards (``clauses.win_formula``) has a model. The first model is
the shortest win; formulas without one are proofs. Each formula has a budget in
conflicts (the same answer on any machine), searched in rounds of ``ROUND`` conflicts
so that a deadline can stop it between two.

>>> from squares.games.foursquare import Foursquare
>>> state = Foursquare().new(30)
>>> ranks = [card.rank for card in state.remaining]
>>> answer = shortest_win(state.grid, ranks, 16, 19, conflicts=100_000)
>>> answer.cells, answer.proven
(None, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from pysat.solvers import Solver as SatSolver

from squares.ai.foursquare.clauses import WinFormula, boxes, win_formula
from squares.games.foursquare_grid import Cell, Grid

SAT_SOLVER = "cadical195"  # CaDiCaL 1.9.5, as python-sat ships it
ROUND = 20_000  # conflicts between two looks at the deadline


@dataclass(frozen=True, slots=True)
class ClauseAnswer:
    """``cells``: the shortest win's cells in the game's coordinates (``None``: no win
    with fewer cards than asked); ``proven``: whether every shorter count was settled."""

    cells: list[Cell] | None
    proven: bool
    conflicts: int


def _model(
    formula: WinFormula, conflicts: int | None, deadline: float | None
) -> tuple[bool | None, set[int], int]:
    """Whether ``formula`` has a model (``None``: out of budget), the model, and the
    conflicts spent."""
    with SatSolver(name=SAT_SOLVER, bootstrap_with=formula.clauses) as sat:
        spent = 0
        while deadline is None or time.perf_counter() < deadline:
            step = ROUND if conflicts is None else min(ROUND, conflicts - spent)
            sat.conf_budget(step)
            result = sat.solve_limited()
            spent = int(sat.accum_stats()["conflicts"])
            if result is not None:
                model = {v for v in sat.get_model() or [] if v > 0} if result else set()
                return bool(result), model, spent
            if conflicts is not None and spent >= conflicts:
                break
        return None, set(), spent


def shortest_win(
    grid: Grid,
    ranks: Sequence[int],
    fewest: int,
    below: int,
    *,
    conflicts: int | None = None,
    deadline: float | None = None,
) -> ClauseAnswer:
    """The shortest win with at least ``fewest`` and fewer than ``below`` of ``ranks`` (the
    cards to place, in drawing order) from the piles of ``grid``; ``conflicts``: the
    budget of each formula; ``deadline``: a ``time.perf_counter()`` to stop at."""
    spent = 0
    for cards in range(fewest, min(below, len(ranks) + 1)):
        for origin in boxes(grid):
            formula = win_formula(grid, ranks, cards, origin)
            found, model, used = _model(formula, conflicts, deadline)
            spent += used
            if found is None:
                return ClauseAnswer(None, False, spent)
            if found:
                return ClauseAnswer(formula.cells(model), True, spent)
    return ClauseAnswer(None, True, spent)
