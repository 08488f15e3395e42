"""The compiled realization of a line over classes against the readable one."""

from __future__ import annotations

import random
from functools import partial

import numpy
import pytest

from squares.ai.compiled import COMPILED
from squares.ai.union_square import class_bridge, classes, realization
from squares.ai.union_square.classes import Norm, class_edges
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import move_of, of_position
from squares.ai.union_square.solver import _class_search, _dfs
from squares.games.union_square import UnionSquare
from tests.ai.test_union_square_solver import small_position

GAME = UnionSquare()


def _readable(root: Position, line: realization.Line) -> list[object]:
    if isinstance(line, numpy.ndarray):
        return list(classes.realize(root, [class_bridge.decode(line.tolist(), len(root.tableau))]))
    return list(classes.realize(root, line))


def _replays_to(root_state: object, moves: list[object]) -> int:
    state = root_state
    for move in moves:
        state = GAME.apply_text(state, str(move))  # type: ignore[arg-type]
    return int(state.score)  # type: ignore[attr-defined]


@pytest.mark.parametrize("deal", [*range(8), 437])
def test_a_solver_line_realizes_as_the_same_moves_compiled_and_readable(deal: int) -> None:
    """The first run's line (coded, as the solver realizes it) and a line of a run in a
    drawn order (its edges' items): the same moves, which replay through the rules to
    the line's score."""
    state = GAME.new(deal)
    root = Position.of(state)
    first = _class_search(root, 75_000, None)
    moves = realization.realize(root, first.best_line)
    assert moves == _readable(root, first.best_line)
    assert _replays_to(state, list(moves)) == first.best_score
    drawn = _dfs(root, partial(class_edges, rng=random.Random(deal + 2)), 150, None, classes=True)
    assert realization.realize(root, drawn.best_line) == _readable(root, drawn.best_line)


def test_small_tableaux_realize_as_the_readable_moves() -> None:
    """Two or three piles: an empty slot beyond them is no free pile."""
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        state = small_position(rng)
        root = Position.of(state)
        outcome = _class_search(root, 400, None)
        moves = realization.realize(root, outcome.best_line)
        assert moves == _readable(root, outcome.best_line)
        assert _replays_to(state, list(moves)) == outcome.best_score
        checked += len(moves)
    assert checked > 100


def test_a_line_that_does_not_realize_is_refused_as_the_readable_code_refuses_it() -> None:
    """A layout of other cards: the compiled realization gives up and the readable one
    says why, rather than either making up moves."""
    root = Position.of(GAME.new(3))
    wrong = tuple(bytes([card]) if card < 52 else b"" for card in range(16))
    with pytest.raises(ValueError, match="rearrangement"):
        realization.realize(root, [(Norm(wrong),)])


@pytest.mark.skipif(not COMPILED, reason="the compiled realization needs numba")
def test_the_compiled_realization_follows_a_whole_line_without_the_readable_one() -> None:
    root = Position.of(GAME.new(1))
    line = _class_search(root, 75_000, None).best_line
    assert isinstance(line, numpy.ndarray)
    out = numpy.zeros(1 << 16, dtype=numpy.int16)
    count = realization.realize_row(of_position(root), 16, line, out)
    assert count > 100
    assert [move_of(int(m)) for m in out[:count]] == _readable(root, line)
