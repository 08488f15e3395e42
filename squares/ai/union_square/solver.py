"""The whole-deal solver: sees the stock's order, and proves its verdict both ways.

It answers *winnable* with a line that replays to a win, *unwinnable* when the exact
search is exhausted, and *undecided* when the node or time budget runs out first, never a
guess. docs/solvers/union-square.md explains the plan and proves what it cuts.

1. **Over classes** (``class_search``, compiled; finds wins fast, proves nothing when it
   runs out): a position with a free pile stands for every layout of its tableau cards
   (``layers``), one with every pile taken for every layout its suits reach without
   freeing a pile (``rigid``). A line found is realized as real moves (``realization``)
   and replays through the rules. The search is restarted: a first run of
   ``RESTART_NODES`` positions, then runs in orders drawn from fixed seeds on a Luby
   schedule of budgets, reproducible by nodes.
2. **Over exact positions** (complete): every move, no classes, keyed on the canonical
   position (``fast.Position.key``). Safe foundation moves (a suit's second half) are
   played at once, no-op moves never generated, and a position from which no card can go
   home (``stuck``, the rules engine's own test) is a leaf; none of these changes the
   verdict or the best score.

``best_score`` is the most foundation cards reached: 104 when winnable; the exact
maximum when unwinnable; when undecided, the best the search met, a lower bound that its
``line`` reaches. ``best_proven`` says which: true unless undecided.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import count
from random import Random
from typing import Any, ClassVar, NamedTuple

import numpy

from squares.ai.base import Solution, Solver, Verdict, luby
from squares.ai.union_square import class_search
from squares.ai.union_square.class_bridge import encode
from squares.ai.union_square.classes import Edge, ordered_moves, settle, tidy
from squares.ai.union_square.fast import DECK, Position
from squares.ai.union_square.realization import Line, realize
from squares.games.union_square import Move, UnionSquareState
from squares.i18n import N_

_CLOCK_EVERY = 512
DEFAULT_SECONDS = 60.0
RESTART_NODES = 1_000
"""The class search's first run may visit this many positions, later runs this many times
the Luby sequence: a depth-first search that starts down a losing subtree too large to
exhaust (deal 437's first run keeps a pile free by leaving dealt cards on the waste, all
the way to a stock-empty position it can never unwind) gives it up and starts elsewhere."""


# -- the search ---------------------------------------------------------------------------


class WholeDealSolver(Solver[UnionSquareState, Move]):
    """Sees the whole deal, stock order included."""

    name: ClassVar[str] = "whole-deal"
    description: ClassVar[str] = N_(
        "sees the whole deal, stock order included: proves a deal winnable (with a line) "
        "or unwinnable (exhausted search)"
    )

    def solve(
        self,
        state: UnionSquareState,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        found: int | None = None,  # not used: the search is the same whatever was found
    ) -> Solution:
        return solve_position(Position.of(state), max_nodes=max_nodes, max_seconds=max_seconds)


class _Outcome(NamedTuple):
    won: bool
    exhausted: bool
    best_score: int
    best_line: Line  # the edges' items, path order, or all of them coded in one row
    nodes: int


def solve_position(
    root: Position, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> Solution:
    """Search from ``root``; see the module docstring for what the answer means.

    First over classes (fast, finds the wins), with three quarters of the budget, then
    over exact positions (complete, so it alone proves a position unwinnable) with the
    rest. With no budget at all, ``DEFAULT_SECONDS`` applies: a search never hangs.
    """
    start = time.perf_counter()
    if max_nodes is None and max_seconds is None:
        max_seconds = DEFAULT_SECONDS
    half_nodes = None if max_nodes is None else max(1, max_nodes * 3 // 4)
    half_time = None if max_seconds is None else start + max_seconds * 3 / 4
    fast = _class_search(root, half_nodes, half_time)
    line = realize(root, fast.best_line) if fast.won or fast.best_score > root.score else []
    if fast.won:
        seconds = time.perf_counter() - start
        return Solution(Verdict.WINNABLE, [str(m) for m in line], DECK, fast.nodes, seconds, True)
    rest_nodes = None if max_nodes is None else max(1, max_nodes - fast.nodes)
    deadline = None if max_seconds is None else start + max_seconds
    full = _dfs(root, rest_nodes, deadline)
    nodes = fast.nodes + full.nodes
    best_score, best_line = fast.best_score, line
    if full.best_score > best_score:
        best_score = full.best_score
        best_line = [m for items in full.best_line for m in items if isinstance(m, Move)]
    verdict = (
        Verdict.WINNABLE
        if full.won
        else Verdict.UNWINNABLE
        if full.exhausted
        else Verdict.UNDECIDED
    )
    seconds = time.perf_counter() - start
    proven = verdict is not Verdict.UNDECIDED  # a win, or the exact maximum of an exhausted search
    return Solution(verdict, [str(m) for m in best_line], best_score, nodes, seconds, proven)


def exact_edges(position: Position) -> list[Edge]:
    """Every move worth searching from an exact position, with the safe moves after it."""
    edges: list[Edge] = []
    for move in ordered_moves(position):
        then, child = settle(position.play(move))
        edges.append(((move, *then), child))
    return edges


def _class_search(root: Position, max_nodes: int | None, deadline: float | None) -> _Outcome:
    """The search over classes, restarted: run 1 tries the moves in their own order, run
    k > 1 in orders drawn from ``Random(k)``, each within ``RESTART_NODES * luby(k)``
    positions. One run that ends by running out of positions ends the search (every
    run searches the same positions); the best line of every run is kept."""
    used, best = 0, None
    for run in count(1):
        size = RESTART_NODES * luby(run)
        if max_nodes is not None:
            size = min(size, max_nodes - used)
        outcome = _class_run(root, size, deadline, None if run == 1 else Random(run))
        used += outcome.nodes
        if outcome.won or outcome.exhausted:
            return outcome._replace(nodes=used)
        if best is None or outcome.best_score > best.best_score:
            best = outcome
        if (max_nodes is not None and used >= max_nodes) or (
            deadline is not None and time.perf_counter() > deadline
        ):
            return best._replace(nodes=used)
    raise AssertionError("unreachable")


def _class_run(
    root: Position, max_nodes: int, deadline: float | None, rng: Random | None
) -> _Outcome:
    """One run of the search over classes (``class_search``), the moves in their own
    order or in orders drawn from ``rng``."""
    first, root = tidy(root)
    coded = numpy.array(encode(first, len(root.tableau)), dtype=numpy.int16)
    if root.won:
        return _Outcome(True, True, DECK, coded, 1)
    outcome, nodes, best_score, cells = class_search.run(root, max_nodes, deadline, rng)
    won, exhausted = outcome == class_search.WON, outcome != class_search.OUT
    return _Outcome(won, exhausted, best_score, numpy.concatenate([coded, cells]), nodes)


def _dfs(root: Position, max_nodes: int | None, deadline: float | None) -> _Outcome:
    """The search over exact positions: depth first, each position once."""
    first, root = settle(root)
    path: list[tuple[Any, ...]] = [tuple(first)]
    best_score, best_line = root.score, list(path)
    explored = {root.key()}
    stack: list[Iterator[Edge]] = [iter(exact_edges(root))] if _open(root) else []
    nodes = 1
    if root.won:
        return _Outcome(True, True, DECK, best_line, nodes)
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            path.pop()
            continue
        items, child = step
        key = child.key()
        if key in explored:
            continue
        explored.add(key)
        nodes += 1
        path.append(items)
        if child.score > best_score:
            best_score, best_line = child.score, list(path)
            if child.won:
                return _Outcome(True, True, DECK, best_line, nodes)
        if (max_nodes is not None and nodes >= max_nodes) or (
            deadline is not None and nodes % _CLOCK_EVERY == 0 and time.perf_counter() > deadline
        ):
            return _Outcome(False, False, best_score, best_line, nodes)
        if _open(child):
            stack.append(iter(exact_edges(child)))
        else:
            path.pop()
    return _Outcome(False, True, best_score, best_line, nodes)


def _open(position: Position) -> bool:
    """Whether the position is still worth expanding: not won, and not over."""
    if position.score == DECK:
        return False
    return bool(position.stock) or not position.stuck()
