"""The whole-deal solver's memos of failures: one that forgets changes the work, not the
answer; they grow as the budget allows; the fixed-box memo tells apart what a pile may
still take, and forgets what it met least recently."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from squares.ai.foursquare import WholeDealSolver, kernel
from squares.ai.foursquare import board as fast
from squares.ai.foursquare.perfect import Perfect
from tests.ai.foursquare_helpers import GAME, box_win, random_games


@pytest.mark.parametrize("deal", [0, 11])
def test_a_memo_that_forgets_changes_the_work_not_the_answer(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from squares.ai.foursquare import perfect, solver

    monkeypatch.setattr(solver, "_CLAUSES_FROM_NODES", 10**12)  # the search's answers alone
    state = GAME.new(deal)
    roomy = WholeDealSolver().solve(state, max_nodes=300_000)
    monkeypatch.setattr(perfect, "GRID_SLOTS", 16)
    monkeypatch.setattr(perfect, "BOX_SLOTS", 16)
    tiny = WholeDealSolver().solve(state, max_nodes=3_000_000)
    assert tiny.nodes != roomy.nodes  # it forgot, and searched again
    assert (tiny.best_proven, tiny.best_score) == (roomy.best_proven, roomy.best_score)


@pytest.mark.parametrize("deal", [2166, 7965])  # proven in about 120,000 and 150,000 positions
def test_memos_that_start_small_and_grow_search_the_same_positions(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A memo grows before a probe may fill it, keeping its entries: the same positions
    # and answer as with memos of the most slots from the start.
    from squares.ai.foursquare import perfect

    state = GAME.new(deal)
    small = WholeDealSolver().solve(state, max_nodes=400_000)
    monkeypatch.setattr(perfect, "FIRST_SLOTS", perfect.GRID_SLOTS)
    big = WholeDealSolver().solve(state, max_nodes=400_000)
    assert (small.nodes, small.line, small.best_proven) == (big.nodes, big.line, big.best_proven)


def late_boards(games: int, seed: int, piles: range) -> Iterator[fast.Board]:
    """The boards of random games with a number of ``piles``, not lost."""
    for states in random_games(range(games), seed=seed):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if fast.piles(board) in piles and not fast.is_lost(board):
                yield board


def every_pile_of_height(board: fast.Board, height: int) -> fast.Board:
    heights = sum(height << 4 * i for i in range(16) if board[2] >> i & 1)
    return board[0], board[1], board[2], heights


@pytest.mark.long
def test_the_fixed_box_memo_tells_a_pile_that_takes_one_more_card_from_one_that_takes_two() -> None:
    # One search (one memo) for the same piles with every pile of height 4, then 3, 2
    # and 1: with two covers to place, a pile of height 3 takes one (rules: at most four
    # cards a pile) and a pile of height 2 both. A failure kept for the piles of height
    # 3 must not answer for those of height 2; the piles of height 2 and 1 may share it.
    rng = random.Random(7)
    answers: dict[tuple[bool, ...], int] = {}
    for board in late_boards(40, 9, range(13, 15)):
        ranks = [rng.randint(1, 10) for _ in range(18 - fast.piles(board))]
        search = Perfect(ranks)
        won = []
        for height in (4, 3, 2, 1):
            start = every_pile_of_height(board, height)
            line = search.line(start, 0, covers=2)
            won.append(box_win(start, tuple(ranks), 2))
            assert (line is not None) == won[-1]
            if line is not None:
                end = start
                for move, rank in zip(line, ranks, strict=False):
                    assert move >= fast.UP or not kernel.full(end[3]) & fast.BIT[move]
                    end = fast.play(end, move, rank)
                    assert not fast.is_lost(end)
                assert fast.is_won(end)
        answers[tuple(won)] = answers.get(tuple(won), 0) + 1
    # Heights that matter: a win needing two cards on one pile (height 2 only), a
    # win needing one (heights 3 and 2), and none at all.
    assert answers.get((False, False, True, True), 0) > 0
    assert answers.get((False, True, True, True), 0) > 0
    assert answers.get((False, False, False, False), 0) > 10


@pytest.mark.long
def test_with_three_covers_the_memo_tells_a_pile_of_height_one_from_one_of_height_two() -> None:
    # As above with three cards to place on piles: a pile of height 1 takes all three,
    # one of height 2 two, one of height 3 one (rules: at most four cards a pile). One
    # memo for the piles at every height: a failure kept for one height must not answer
    # for another whose piles take more.
    rng = random.Random(5)
    answers: dict[tuple[bool, ...], int] = {}
    for board in late_boards(100, 21, range(15, 16)):
        for _ in range(6):
            ranks = [rng.randint(1, 10) for _ in range(19 - fast.piles(board))]
            search = Perfect(ranks)
            won = []
            for height in (4, 3, 2, 1):
                start = every_pile_of_height(board, height)
                won.append(box_win(start, tuple(ranks), 3))
                assert (search.line(start, 0, covers=3) is not None) == won[-1]
            answers[tuple(won)] = answers.get(tuple(won), 0) + 1
    # A win needing three cards on one pile (height 1 only), two (heights 2 and 1), none.
    assert answers.get((False, False, False, True), 0) > 0
    assert answers.get((False, False, True, True), 0) > 0
    assert answers.get((False, False, False, False), 0) > 5


def test_the_new_piles_memo_grows_past_its_usual_size_only_for_a_large_budget() -> None:
    from squares.ai.foursquare import perfect

    usual = perfect.Perfect([5] * 40, perfect.Budget(perfect.LARGE_BUDGET))
    usual.make_room(perfect.LARGE_BUDGET)
    assert len(usual.failed) == perfect.BOX_SLOTS  # 64 MB at most for a survey's budget
    large = perfect.Perfect([5] * 40, perfect.Budget(perfect.LARGE_BUDGET + 1))
    large.make_room(perfect.LARGE_BUDGET + 1)
    assert len(large.failed) == perfect.LARGE_BOX_SLOTS > perfect.BOX_SLOTS


def test_a_budget_of_hundreds_of_millions_of_positions_lets_the_memo_grow_larger() -> None:
    # and a budget in seconds alone does not: its memo grows to its most at once
    from squares.ai.foursquare import perfect

    slots = [
        perfect.box_slots(perfect.Budget(nodes))
        for nodes in (perfect.LARGE_BUDGET + 1, 300_000_000, 1_000_000_000)
    ]
    assert slots == [perfect.LARGE_BOX_SLOTS, 1 << 26, 1 << 27]
    assert perfect.box_slots(perfect.Budget(None, deadline=1.0)) == perfect.LARGE_BOX_SLOTS


def test_the_memo_of_a_solve_is_sized_by_its_whole_budget_while_it_searches_upwards() -> None:
    # The upward searches (16, 17, 18 cards...) each get a share of the budget; the memo
    # outlives them, so a share of 300 million of a billion must not cap it at 2 GB.
    from squares.ai.foursquare import perfect
    from squares.ai.foursquare.budget import STOP
    from squares.ai.foursquare.solver import _Search

    search = _Search([5] * 40, 1_000_000_000, None)
    with search.allowance(0.3):
        assert search.budget.counters[STOP] < 1 << 29
        assert perfect.box_slots(search.budget) == 1 << 27


def test_a_full_fixed_box_memo_forgets_the_failure_met_least_recently() -> None:
    # A proof far larger than its memo forgets most failures; the depth-first search
    # meets again soonest what it met last, so that is what the memo keeps.
    from squares.ai.foursquare import memo

    table = memo.memo(memo.PROBES)  # every slot is near every key
    keys = [(k, 2 * k, 3 * k) for k in range(1, memo.PROBES + 1)]
    for now, key in enumerate(keys):
        memo.put_stamped(table, *key, now)
    assert memo.get_stamped(table, *keys[0], 100)  # put first, but met again since
    memo.put_stamped(table, 99, 98, 97, 200)  # so the second key, met longest ago, goes
    assert not memo.get_stamped(table, *keys[1], 201)
    kept = [keys[0], *keys[2:], (99, 98, 97)]
    assert all(memo.get_stamped(table, *key, 202) for key in kept)
