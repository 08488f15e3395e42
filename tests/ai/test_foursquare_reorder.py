"""A position with its rows, or its columns, in another order, or with rows and columns
swapped: once every empty cell is next to a pile it has the same lines of play (rules:
a card compares with the tops of its row and of its column, one line each), so the
solver's memo answers for all of them at once (``keys.reordered_key``)."""

from __future__ import annotations

import random
from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from squares.ai.foursquare import board as fast
from squares.ai.foursquare.kernel import beside
from squares.ai.foursquare.perfect import Perfect
from squares.ai.foursquare.reorder import least, pack
from squares.ai.foursquare.symmetry import extent
from tests.ai.foursquare_helpers import box_win, random_games, searched_as_merged

ORDERS = list(permutations(range(4)))
Table = list[int]
How = tuple[tuple[int, ...], tuple[int, ...], bool]  # rows' order, columns' order, swap


def reordered(table: Table, rows: tuple[int, ...], cols: tuple[int, ...], swap: bool) -> Table:
    """Row ``r`` of ``table`` as row ``rows[r]``, column ``c`` as ``cols[c]``, then rows
    and columns swapped if ``swap``."""
    out = [0] * 16
    for i, value in enumerate(table):
        r, c = rows[i // 4], cols[i % 4]
        out[c * 4 + r if swap else r * 4 + c] = value
    return out


def unpacked(first: int, second: int) -> Table:
    """The 16 values of a reading of ``least``, a byte each, row by row."""
    return [(word >> 8 * k) & 255 for word in (first, second) for k in range(8)]


# Values of a byte, up to 168 (with three covers; a top byte of 128 or more makes a word
# negative).
tables = st.lists(st.sampled_from([0, 0, 1, 2, 3, 50, 127, 128, 168]), min_size=16, max_size=16)
reorderings = st.tuples(st.sampled_from(ORDERS), st.sampled_from(ORDERS), st.booleans())


@given(tables, reorderings)
def test_a_table_and_its_reorderings_read_alike(table: Table, how: How) -> None:
    assert least(*pack(table)) == least(*pack(reordered(table, *how)))


@given(tables)
def test_the_shared_reading_is_a_reordering_of_the_table(table: Table) -> None:
    # so two tables read alike only if each is a reordering of the other
    read = unpacked(*least(*pack(table)))
    assert any(
        reordered(table, rows, cols, swap) == read
        for rows in ORDERS
        for cols in ORDERS
        for swap in (False, True)
    )


def reordered_board(board: fast.Board, how: How) -> fast.Board:
    return fast.from_cells(tuple(reordered(list(fast.cells(board)), *how)))


def every_empty_cell_next_to_a_pile(board: fast.Board) -> bool:
    return beside(board[2]) == fast.ALL & ~board[2]


def test_positions_with_rows_and_columns_reordered_fail_alike_and_the_memo_knows_it() -> None:
    # Late positions of random games that fill the 4×4 box, random cards to come (all
    # new piles and one on a pile): the search of a reordering of the position, after the
    # search of the position itself, agrees with brute force, and where there is no win
    # it takes no position at all (the memo had the failure).
    rng = random.Random(11)
    answers = {True: 0, False: 0}
    for states in random_games(range(30), seed=4):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if not 11 <= fast.piles(board) <= 14 or fast.is_lost(board):
                continue
            if extent(board[2]) != (4, 4) or not every_empty_cell_next_to_a_pile(board):
                continue
            ranks = [rng.randint(1, 10) for _ in range(17 - fast.piles(board))]
            search = Perfect(ranks)
            won = search.line(board, 0, covers=1) is not None
            assert won == box_win(board, tuple(ranks), 1)
            how = (rng.choice(ORDERS), rng.choice(ORDERS), rng.random() < 0.5)
            other = reordered_board(board, how)
            if not every_empty_cell_next_to_a_pile(other):
                continue
            searched_as_merged(search, other, ranks, 1, won)
            answers[won] += 1
    assert answers[True] > 5 and answers[False] > 20
