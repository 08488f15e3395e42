"""A position with an empty cell that no pile touches, its rows and columns in an order
that keeps what that cell waits on (rules: a new pile goes next to a pile; the flip rule
reads rows and columns as lines), has the same lines of play, so the solver's memo
answers for both at once (``keys.untouched_key``, ``untouched.LEAST_ORDERS``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squares.ai.foursquare import board as fast
from squares.ai.foursquare.keys import position_key
from squares.ai.foursquare.perfect import coming_table
from squares.ai.foursquare.symmetry import extent
from squares.ai.foursquare.untouched import LEAST_ORDERS, MOST_ORDERS, image, untouched
from tests.ai.foursquare_helpers import random_games, searched_two_ways

NEIGHBOURS = [
    {j for j in range(16) if abs(j // 4 - i // 4) + abs(j % 4 - i % 4) == 1} for i in range(16)
]


def cells(mask: int) -> set[int]:
    return {i for i in range(16) if mask >> i & 1}


def keeps_the_lines_of_play(occupied: int, how: int) -> bool:
    """By the rules' own terms: the untouched cells go onto the image's untouched cells,
    and the neighbours of each onto the neighbours of its image."""
    waiting = untouched(occupied)
    if image(waiting, how) != untouched(image(occupied, how)):
        return False
    for i in cells(waiting):
        moved = cells(image(sum(1 << j for j in NEIGHBOURS[i]), how))
        if moved != NEIGHBOURS[cells(image(1 << i, how)).pop()]:
            return False
    return True


@given(st.integers(1, (1 << 16) - 1))
def test_a_set_of_piles_with_no_untouched_cell_lists_no_order(occupied: int) -> None:
    if not untouched(occupied):
        assert LEAST_ORDERS[occupied, 0] == 0


def test_the_listed_orders_keep_the_lines_of_play_and_give_the_least_piles() -> None:
    rng = random.Random(1)
    masks = [m for m in rng.sample(range(1, 1 << 16), 3000) if untouched(m)][:150]
    assert len(masks) == 150
    for occupied in masks:
        checked(occupied)


def checked(occupied: int) -> None:
    listed = [int(how) for how in LEAST_ORDERS[occupied, 1 : 1 + LEAST_ORDERS[occupied, 0]]]
    keeping = [how for how in range(1152) if keeps_the_lines_of_play(occupied, how)]
    least = min(image(occupied, how) for how in keeping)
    best = sorted(how for how in keeping if image(occupied, how) == least)
    assert sorted(listed) == (best if len(best) <= MOST_ORDERS else [])


def reordered_board(board: fast.Board, how: int) -> fast.Board:
    """The board with each cell ``i`` moved to the cell where ``image`` puts it."""
    moved = [0] * 16
    codes = fast.cells(board)
    for i in range(16):
        moved[cells(image(1 << i, how)).pop()] = codes[i]
    return fast.from_cells(tuple(moved))


def late_positions(seed: int) -> list[tuple[fast.Board, list[int]]]:
    found = []
    for states in random_games(range(20), seed=seed):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if fast.is_lost(board) or extent(board[2]) != (4, 4):
                continue
            if LEAST_ORDERS[board[2], 0]:
                found.append((board, [card.rank for card in state.remaining]))
    return found


def other_orders(occupied: int, rng: random.Random) -> list[int]:
    return [how for how in rng.sample(range(1152), 1152) if keeps_the_lines_of_play(occupied, how)]


def test_positions_reordered_keeping_the_untouched_cells_share_a_key() -> None:
    rng = random.Random(7)
    boards = late_positions(seed=2)
    assert len(boards) > 50
    for board, _ in boards:
        ranks = [rng.randint(1, 10) for _ in range(40)]
        coming = coming_table(ranks)
        placed, covers = 40 - 2 - (16 - fast.piles(board)), rng.randint(0, 2)
        key = position_key(*board, placed, covers, coming)
        how = other_orders(board[2], rng)[0]
        assert position_key(*reordered_board(board, how), placed, covers, coming) == key
        # and a position that is not such an image keys apart: another side of a pile
        pile = rng.choice(fast.indices(board[2]))
        other = (board[0], board[1] ^ (1 << pile), board[2], board[3])
        if all(reordered_board(other, h) != board for h in other_orders(board[2], rng)):
            assert position_key(*other, placed, covers, coming) != key


@pytest.mark.long
def test_positions_reordered_keeping_the_untouched_cells_fail_alike_and_the_memo_knows_it() -> None:
    # Late positions of random games, the cards to come theirs or random (all new piles
    # and two on piles): the search of a reordering that keeps the lines of play, after
    # the search of the position itself, agrees with brute force, and where there is no
    # win it takes no position.
    rng = random.Random(9)
    answers = searched_two_ways(
        late_positions(seed=4),
        rng,
        lambda board: reordered_board(board, rng.choice(other_orders(board[2], rng))),
    )
    assert answers[True] > 5 and answers[False] > 5
