"""The realization of a line over classes: its moves replay through the rules engine to the
line's score."""

from __future__ import annotations

import random

import numpy
import pytest

from squares.ai.compiled import COMPILED, plain
from squares.ai.union_square import realization
from squares.ai.union_square.classes import Norm
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import move_of, of_position
from squares.ai.union_square.solver import _class_run, _class_search
from squares.games.union_square import UnionSquare
from tests.ai.test_union_square_solver import small_position

GAME = UnionSquare()


def _replays_to(root_state: object, moves: list[object]) -> int:
    state = root_state
    for move in moves:
        state = GAME.apply_text(state, str(move))  # type: ignore[arg-type]
    return int(state.score)  # type: ignore[attr-defined]


@pytest.mark.parametrize("deal", [*range(8), 437])
def test_a_solver_line_realizes_as_moves_that_replay_to_its_score(deal: int) -> None:
    """The first run's line and a line of a run in a drawn order: moves the rules engine
    allows, to the line's score."""
    state = GAME.new(deal)
    root = Position.of(state)
    first = _class_search(root, 75_000, None)
    moves = realization.realize(root, first.best_line)
    assert _replays_to(state, list(moves)) == first.best_score
    drawn = _class_run(root, 150, None, random.Random(deal + 2))
    moves = realization.realize(root, drawn.best_line)
    assert _replays_to(state, list(moves)) == drawn.best_score


def test_small_tableaux_realize_as_moves_that_replay_to_the_line_s_score() -> None:
    """Two or three piles: an empty slot beyond them is no free pile."""
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        state = small_position(rng)
        root = Position.of(state)
        outcome = _class_search(root, 400, None)
        moves = realization.realize(root, outcome.best_line)
        assert _replays_to(state, list(moves)) == outcome.best_score
        checked += len(moves)
    assert checked > 100


def test_a_line_that_does_not_realize_is_refused() -> None:
    """A layout of other cards: the realization says why, rather than making up moves."""
    root = Position.of(GAME.new(3))
    wrong = tuple(bytes([card]) if card < 52 else b"" for card in range(16))
    with pytest.raises(ValueError, match="rearrangement"):
        realization.realize(root, [(Norm(wrong),)])


def test_a_realization_longer_than_its_first_row_of_moves_is_whole() -> None:
    """A row for a few moves: the line is realized again in a longer one, to its score."""
    state = GAME.new(1)
    root = Position.of(state)
    outcome = _class_search(root, 75_000, None)
    full = realization.realize(root, outcome.best_line)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(realization, "_FIRST_ROOM", 8)
        assert realization.realize(root, outcome.best_line) == full
    assert len(full) > 100
    assert _replays_to(state, list(full)) == outcome.best_score


@pytest.mark.skipif(not COMPILED, reason="the plain run is the compiled one without numba")
def test_the_realization_gives_the_same_moves_compiled_and_as_plain_python() -> None:
    root = Position.of(GAME.new(1))
    line = _class_search(root, 75_000, None).best_line
    assert isinstance(line, numpy.ndarray)
    moves = []
    for realize_row in (realization.realize_row, plain(realization.realize_row)):
        out = numpy.zeros(1 << 16, dtype=numpy.int16)
        count = realize_row(of_position(root), 16, line, out)
        moves.append([move_of(int(m)) for m in out[:count]])
    assert len(moves[0]) > 100
    assert moves[0] == moves[1]
