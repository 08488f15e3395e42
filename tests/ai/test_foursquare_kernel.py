"""The compiled Foursquare kernel against the rules engine, on games Hypothesis makes up,
and the same kernel as plain Python (no numba) on random games."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from squares.ai.foursquare import board as fast
from squares.ai.foursquare import kernel
from squares.games.base import Status
from squares.games.foursquare import Placement
from tests.ai.foursquare_helpers import GAME


@settings(max_examples=150)
@given(deal=st.integers(0, 10**6), choices=st.lists(st.integers(0, 10**6), max_size=40))
def test_kernel_agrees_with_rules_engine_on_every_move_of_made_up_games(
    deal: int, choices: list[int]
) -> None:
    state = GAME.new(deal)
    for choice in choices:
        if GAME.status(state) is not Status.PLAYING:
            break
        board, origin = fast.from_grid(state.grid)
        by_cell = {fast.to_cell(m, origin): m for m in fast.moves(board)}
        assert sorted(Placement(*cell) for cell in by_cell) == GAME.legal_moves(state)
        rank = state.remaining[0].rank
        for cell, move in by_cell.items():  # every legal move, every resulting position
            after = GAME.play(state, Placement(*cell))
            child = fast.play(board, move, rank)
            assert (child, fast.next_origin(origin, move)) == fast.from_grid(after.grid)
            assert fast.is_lost(child) == (after.face_down_count > 4)
            assert fast.is_won(child) == (GAME.status(after) is Status.WON)
        legal = GAME.legal_moves(state)
        state = GAME.play(state, legal[choice % len(legal)])


@given(mask=st.integers(0, 2**24 - 1))
def test_popcount_counts_the_bits_of_a_move_mask(mask: int) -> None:
    assert kernel.popcount(mask) == mask.bit_count()


@given(heights=st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_full_marks_exactly_the_piles_of_four(heights: list[int]) -> None:
    packed = sum(h << 4 * i for i, h in enumerate(heights))
    assert kernel.full(packed) == sum(1 << i for i, h in enumerate(heights) if h == 4)


_PURE = """
import sys
sys.modules["numba"] = None  # as on a machine without numba: the kernel runs as Python
from squares.ai.foursquare import board as fast, kernel
from squares.games.base import Status
from squares.games.foursquare import Foursquare, Placement
from tests.ai.foursquare_helpers import random_games
assert not kernel.COMPILED
game = Foursquare()
checked = 0
for states in random_games(range(6)):
    for state in states[:-1]:
        board, origin = fast.from_grid(state.grid)
        for move in fast.moves(board):
            after = game.play(state, Placement(*fast.to_cell(move, origin)))
            child = fast.play(board, move, state.remaining[0].rank)
            assert (child, fast.next_origin(origin, move)) == fast.from_grid(after.grid)
            checked += 1
from squares.ai.foursquare import Expectimax2Player, WholeDealSolver
solution = WholeDealSolver().solve(game.new(2), max_nodes=20_000)
assert solution.best_score == 24 and solution.best_proven, solution
Expectimax2Player().choose(game.observe(game.apply_text(game.new(7), "0,0")))
print(checked)
"""


def test_without_numba_the_kernel_and_searches_run_as_python_with_the_same_answers() -> None:
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_PURE)], capture_output=True, text=True, check=True
    )
    assert int(out.stdout) > 500


def test_warm_up_runs_in_a_daemon_thread_and_leaves_players_and_solver_compiled() -> None:
    from squares.ai import warm_up
    from squares.ai.compiled import COMPILED
    from squares.ai.foursquare import lookahead, search

    thread = warm_up("foursquare")
    assert thread is not None and thread.daemon
    thread.join()
    assert not thread.is_alive()
    if COMPILED:  # numba holds the machine code of what ran: a review compiles nothing
        assert lookahead.worth.signatures  # type: ignore[attr-defined]
        assert search.within.signatures  # type: ignore[attr-defined]
