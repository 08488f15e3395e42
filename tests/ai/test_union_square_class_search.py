"""The search over classes on arrays (``class_search``) is the Python search of ``classes``:
the same edges out of every position, the same positions, best score and line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice

import numpy
import pytest

from squares.ai.compiled import COMPILED
from squares.ai.union_square import class_bridge, class_search, solver
from squares.ai.union_square.classes import Edge, Norm, class_edges, tidy
from squares.ai.union_square.fast import Position
from squares.ai.union_square.solver import _dfs, _first_run
from squares.games.union_square import UnionSquare
from squares.games.union_square.moves import WASTE, Move
from tests.ai.test_union_square_fast import random_line
from tests.ai.test_union_square_solver import small_position

GAME = UnionSquare()


def _searched(deal: int, nodes: int) -> list[Position]:
    """The positions the Python search over classes expands on a deal."""
    seen: list[Position] = []

    def expand(position: Position) -> Iterator[Edge]:
        seen.append(position)
        return class_edges(position)

    _dfs(Position.of(GAME.new(deal)), expand, nodes, None, classes=True)
    return seen


def _positions() -> Iterator[Position]:
    """Class positions searched on many deals, along random games, and small tableaux."""
    for deal in range(8):
        yield from _searched(deal, 150)
    yield from _searched(437, 400)[::4]
    for deal in range(8, 20):
        for state in random_line(deal, random.Random(deal), 300)[::15]:
            yield tidy(Position.of(state))[1]
    rng = random.Random(3)
    for _ in range(40):
        yield tidy(Position.of(small_position(rng)))[1]


def _fills(edges: list[Edge], position: Position) -> bool:
    """Whether an edge lets the waste's card take the last free pile."""
    return not all(position.tableau) and any(
        isinstance(items[0], Norm) and isinstance(items[1], Move) and items[1].source == WASTE
        for items, _ in edges
        if len(items) > 1
    )


@pytest.mark.skipif(not COMPILED, reason="without numba the solver runs classes itself")
def test_compiled_expansion_gives_the_python_edges_in_their_order() -> None:
    checked = rigid = fills = 0
    for position in _positions():
        # A fills product can hold 70,000 edges (from the same Python code): its first ones.
        python = list(islice(class_edges(position), 30))
        assert list(islice(class_search.edges(position), 30)) == python, position
        checked += 1
        rigid += all(position.tableau)
        fills += _fills(python, position)
    assert checked > 1_000 and rigid > 10 and fills > 0, (checked, rigid, fills)


def test_edges_decode_as_they_were_encoded() -> None:
    for position in list(_positions())[::40]:
        for items, _ in islice(class_edges(position), 30):
            slots = len(position.tableau)
            assert class_bridge.decode(class_bridge.encode(items, slots), slots) == items


@pytest.mark.skipif(not COMPILED, reason="without numba the solver runs classes itself")
@pytest.mark.parametrize("nodes", [1_000, 90, 7])
def test_compiled_first_run_is_the_python_search(nodes: int) -> None:
    """Outcome, best score, the whole line and the positions counted, on deals that the
    first run wins, on deal 437 (which it does not) and on budgets that run out."""
    for deal in (*range(6), 437):
        root = Position.of(GAME.new(deal))
        python = _dfs(root, class_edges, nodes, None, classes=True)
        assert _flat(_first_run(root, nodes, None), root) == _flat(python, root), deal
    rng = random.Random(11)
    for _ in range(30):
        root = Position.of(small_position(rng))
        python = _dfs(root, class_edges, nodes, None, classes=True)
        assert _flat(_first_run(root, nodes, None), root) == _flat(python, root)


def _flat(outcome: solver._Outcome, root: Position) -> solver._Outcome:
    """The outcome with its line as one tuple of items, coded (the compiled run's) or not."""
    line = outcome.best_line
    if isinstance(line, numpy.ndarray):
        items = class_bridge.decode(line.tolist(), len(root.tableau))
    else:
        items = tuple(item for edge in line for item in edge)
    return outcome._replace(best_line=[items])


@pytest.mark.skipif(not COMPILED, reason="without numba the solver runs classes itself")
def test_the_solver_wins_deal_0_through_the_compiled_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs: list[int] = []
    search = class_search.run_coded

    def counted(root: Position, nodes: int, deadline: float | None) -> object:
        answer = search(root, nodes, deadline)
        runs.append(answer[0])
        return answer

    monkeypatch.setattr(class_search, "run_coded", counted)
    answer = solver.WholeDealSolver().solve(GAME.new(0), max_nodes=100_000)
    assert runs == [class_search.WON] and answer.best_score == 104
