"""The search over classes (``class_search``): each edge out of a class is real moves the
rules engine allows, to a position of the child's class; a run's line replays to its best
score; a run is the same compiled and with its loop as plain Python."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice

import numpy
import numpy.typing
import pytest

from squares.ai.compiled import COMPILED, plain
from squares.ai.union_square import class_bridge, class_search, solver
from squares.ai.union_square.class_moves import expand_into, scratch
from squares.ai.union_square.classes import tidy
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import SIZE, of_position
from squares.ai.union_square.realization import realize
from squares.ai.union_square.solver import _class_run
from squares.games.union_square import UnionSquare, UnionSquareState
from squares.games.union_square.moves import WASTE, Move
from tests.ai.test_union_square_fast import random_line
from tests.ai.test_union_square_solver import small_position

GAME = UnionSquare()


def _states() -> Iterator[UnionSquareState]:
    """States along random games of many deals, and small tableaux of two or three piles."""
    for deal in (*range(12), 437):
        yield from random_line(deal, random.Random(deal), 300)[::12]
    rng = random.Random(3)
    for _ in range(40):
        yield small_position(rng)


def _played(state: UnionSquareState, moves: list[Move]) -> UnionSquareState:
    """The state after ``moves``, each checked by the rules engine."""
    for move in moves:
        state = GAME.apply_text(state, str(move))
    return state


def _edges(position: Position) -> Iterator[tuple[numpy.typing.NDArray[numpy.int16], Position]]:
    """The edges out of ``position``'s class as the compiled search takes them, in their
    own order: each one's items coded in one row (``class_bridge.encode``), and the child."""
    slots = len(position.tableau)
    stack = numpy.zeros((8, SIZE), dtype=numpy.int16)
    spans = numpy.zeros((8, 2), dtype=numpy.int64)
    cells = numpy.zeros(256, dtype=numpy.int16)
    stack, spans, cells, count, kind, at = expand_into(
        of_position(position), slots, stack, spans, cells, 0, scratch(), False
    )
    for k in range(count):
        if k == at:
            for items, child in class_bridge.python_edges(position, kind):
                yield numpy.array(class_bridge.encode(items, slots), dtype=numpy.int16), child
        else:
            yield cells[spans[k, 0] : spans[k, 1]], class_bridge.position_of(stack[k], slots)


def _fills(row: numpy.typing.NDArray[numpy.int16], position: Position) -> bool:
    """Whether an edge lets the waste's card take the last free pile: a layout, then the
    waste's card moved onto the tableau, with a pile free before."""
    slots = len(position.tableau)
    if all(position.tableau) or len(row) == 0 or row[0] != class_bridge.NORM:
        return False
    after = 1 + slots + int(row[1 : 1 + slots].sum())  # the layout's heights, then its cards
    return len(row) > after + 1 and row[after] == class_bridge.MOVE and row[after + 1] == WASTE


def test_each_edge_is_moves_the_rules_allow_to_a_position_of_the_child_s_class() -> None:
    checked = rigid = fills = 0
    for state in _states():
        first, position = tidy(Position.of(state))
        slots = len(position.tableau)
        coded_first = numpy.array(class_bridge.encode(first, slots), dtype=numpy.int16)
        # A fills product can hold 70,000 edges: their first ones.
        for items, child in islice(_edges(position), 30):
            moves = realize(Position.of(state), numpy.concatenate([coded_first, items]))
            reached = _played(state, moves)
            assert GAME.score(reached) == child.score
            assert tidy(Position.of(reached))[1].key() == child.key()
            checked += 1
            fills += _fills(items, position)
        rigid += all(position.tableau)
    assert checked > 600 and rigid > 5 and fills > 20, (checked, rigid, fills)


@pytest.mark.parametrize("nodes", [1_000, 90, 7])
def test_a_run_s_best_line_replays_through_the_rules_to_its_best_score(nodes: int) -> None:
    """Deals the first run wins, deal 437 (which it does not), runs in drawn orders and
    budgets that run out."""
    for deal in (*range(6), 437):
        state = GAME.new(deal)
        for rng in (None, random.Random(deal + 2)):
            outcome = _class_run(Position.of(state), nodes, None, rng)
            moves = realize(Position.of(state), outcome.best_line)
            assert GAME.score(_played(state, moves)) == outcome.best_score
            assert outcome.nodes <= nodes
    rng = random.Random(11)
    for _ in range(30):
        state = small_position(rng)
        outcome = _class_run(Position.of(state), nodes, None, random.Random(7))
        moves = realize(Position.of(state), outcome.best_line)
        assert GAME.score(_played(state, moves)) == outcome.best_score


@pytest.mark.skipif(not COMPILED, reason="without numba the search runs as plain Python anyway")
def test_a_run_is_the_same_compiled_and_as_plain_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outcome, positions, best score and line, in the own order and in drawn ones."""
    runs = [(deal, rng) for deal in (1, 437) for rng in (None, 5)]
    roots = [Position.of(GAME.new(deal)) for deal, _ in runs]

    def answers() -> list[tuple[int, int, int, list[int]]]:
        found = []
        for root, (_, seed) in zip(roots, runs, strict=True):
            rng = None if seed is None else random.Random(seed)
            outcome, nodes, best, line = class_search.run(tidy(root)[1], 300, None, rng)
            found.append((outcome, nodes, best, line.tolist()))
        return found

    compiled = answers()
    monkeypatch.setattr(class_search, "search", plain(class_search.search))
    assert answers() == compiled


def test_the_solver_wins_deal_0_through_the_first_run(monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[int] = []
    search = class_search.run

    def counted(
        root: Position, nodes: int, deadline: float | None, rng: random.Random | None
    ) -> object:
        answer = search(root, nodes, deadline, rng)
        runs.append(answer[0])
        return answer

    monkeypatch.setattr(class_search, "run", counted)
    answer = solver.WholeDealSolver().solve(GAME.new(0), max_nodes=100_000)
    assert runs == [class_search.WON] and answer.best_score == 104
