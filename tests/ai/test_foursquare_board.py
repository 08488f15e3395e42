"""The fast board of the Foursquare AI against the rules engine: they never disagree.

Every state of many random games is converted, and for every legal placement the two
must agree on the legal moves, the cards turned over, and the state, status and score
that follow.
"""

from __future__ import annotations

import random

import pytest

from squares.ai.foursquare import board as fast
from squares.ai.foursquare import kernel, symmetry
from squares.games.base import Status
from squares.games.foursquare import Placement
from tests.ai.foursquare_helpers import GAME, WORKED_EXAMPLE, position, random_games

ROWS = tuple(15 << 4 * r for r in range(4))
COLS = tuple(kernel.FIRST_COLUMN << c for c in range(4))


def public_cells(mask: int, origin: fast.Origin) -> list[tuple[int, int]]:
    return sorted(fast.to_cell(i, origin) for i in fast.indices(mask))


@pytest.mark.parametrize("deals", [range(0, 30), range(1000, 1030)])
def test_fast_board_agrees_with_rules_engine_on_random_games(deals: range) -> None:
    for states in random_games(deals):
        for state in states[:-1]:
            board, origin = fast.from_grid(state.grid)
            by_cell = {fast.to_cell(m, origin): m for m in fast.moves(board)}
            assert len(by_cell) == len(fast.moves(board))
            assert sorted(Placement(*cell) for cell in by_cell) == GAME.legal_moves(state)
            rank = state.remaining[0].rank
            for cell, move in by_cell.items():
                after = GAME.play(state, Placement(*cell))
                child = fast.play(board, move, rank)
                new_origin = fast.next_origin(origin, move)
                assert (child, new_origin) == fast.from_grid(after.grid)
                assert public_cells(fast.turned(board, move, rank), new_origin) == GAME.flips(
                    state, Placement(*cell)
                )
                assert fast.face_down(child) == after.face_down_count
                assert fast.is_won(child) == (GAME.status(after) is Status.WON)
                assert fast.is_lost(child) == (after.face_down_count > 4)


def test_fast_board_plays_the_designers_worked_example() -> None:
    state = position(
        WORKED_EXAMPLE,
        "6D",
    )
    board, origin = fast.from_grid(state.grid)
    b3 = next(m for m in fast.moves(board) if fast.to_cell(m, origin) == (2, 1))
    after = fast.play(board, b3, 6)
    assert public_cells(after[2] ^ after[1], origin) == [(0, 1), (2, 2), (2, 3)]
    assert (0, 4) not in {fast.to_cell(m, origin) for m in fast.moves(board)}  # 5 columns
    assert (2, 0) not in {fast.to_cell(m, origin) for m in fast.moves(board)}  # no neighbour


def test_growing_up_and_left_shifts_the_window() -> None:
    board = fast.play(fast.EMPTY, 0, 5)
    up = fast.play(board, fast.UP + 0, 3)
    left = fast.play(board, fast.LEFT + 0, 3)
    assert fast.cells(up)[0] & 15 == 3 and fast.cells(up)[4] & 15 == 5
    assert fast.cells(left)[0] & 15 == 3 and fast.cells(left)[1] & 15 == 5
    assert fast.to_cell(fast.UP + 0, (0, 0)) == (-1, 0)
    assert fast.next_origin((0, 0), fast.LEFT + 0) == (0, -1)


def test_canonical_key_is_the_same_for_rotations_and_reflections() -> None:
    row = fast.play(fast.play(fast.play(fast.EMPTY, 0, 5), 1, 9), 2, 2)
    column = fast.play(fast.play(fast.play(fast.EMPTY, 0, 5), 4, 9), 8, 2)
    mirrored = fast.play(fast.play(fast.play(fast.EMPTY, 0, 5), fast.LEFT + 0, 9), fast.LEFT + 0, 2)
    least = symmetry.least_image
    assert least(*row) == least(*column) == least(*mirrored)
    assert least(*row) != least(*fast.play(row, 3, 1))


def lines_agree_by_enumeration(occupied: int, up: int) -> bool:
    """Some parity of flips per row and per column (none in a complete line) turns all up."""
    complete_rows = [r for r in range(4) if occupied & ROWS[r] == ROWS[r]]
    complete_cols = [c for c in range(4) if occupied & COLS[c] == COLS[c]]
    for flips in range(256):
        x, y = [flips >> r & 1 for r in range(4)], [flips >> 4 + c & 1 for c in range(4)]
        if any(x[r] for r in complete_rows) or any(y[c] for c in complete_cols):
            continue
        if all(x[i // 4] ^ y[i % 4] == (not up & fast.BIT[i]) for i in fast.indices(occupied)):
            return True
    return False


def lines_agree_by_union_find(occupied: int, up: int) -> bool:
    """``fast.lines_agree`` a second way: a union-find with parities over the rows, the
    columns and "no flip" (a line with no empty cell left)."""
    parent = list(range(9))  # rows 0..3, columns 4..7, 8 is "no flip"
    parity = [0] * 9

    def find(node: int) -> tuple[int, int]:
        odd = 0
        while parent[node] != node:
            odd ^= parity[node]
            node = parent[node]
        return node, odd

    def join(a: int, b: int, odd: int) -> bool:
        (ra, pa), (rb, pb) = find(a), find(b)
        if ra == rb:
            return pa ^ pb == odd
        parent[ra], parity[ra] = rb, pa ^ pb ^ odd
        return True

    for line in range(4):
        if occupied & ROWS[line] == ROWS[line] and not join(line, 8, 0):
            return False
        if occupied & COLS[line] == COLS[line] and not join(4 + line, 8, 0):
            return False
    return all(
        join(i // 4, 4 + i % 4, 0 if up & fast.BIT[i] else 1) for i in fast.indices(occupied)
    )


def test_lines_agree_matches_an_enumeration_of_every_parity_of_flips() -> None:
    rng = random.Random(4)
    answers = set()
    for _ in range(3000):
        occupied = sum(fast.BIT[i] for i in range(16) if rng.random() < 0.75)
        up = occupied & ~sum(fast.BIT[i] for i in range(16) if rng.random() < 0.15)
        expected = lines_agree_by_enumeration(occupied, up)
        assert lines_agree_by_union_find(occupied, up) == expected
        answers.add(expected)
    assert answers == {True, False}


def test_lines_agree_by_tables_matches_the_union_find() -> None:
    rng = random.Random(7)
    answers = set()
    for _ in range(5000):
        occupied = sum(fast.BIT[i] for i in range(16) if rng.random() < rng.random())
        up = occupied & ~sum(fast.BIT[i] for i in range(16) if rng.random() < 0.15)
        expected = lines_agree_by_union_find(occupied, up)
        assert fast.lines_agree(occupied, up) == expected
        answers.add(expected)
    assert answers == {True, False}


def win_by_brute_force(board: fast.Board, ranks: tuple[int, ...], covers: int) -> bool:
    """Whether some placement of ``ranks`` in order, at most ``covers`` of them on piles,
    reaches a full grid all face up (the face-down limit ignored: more lines win).

    Every placement is tried; a position reached again by another order (the same board,
    as many cards left) is not searched twice."""
    seen: set[tuple[fast.Board, int, int]] = set()

    def win(board: fast.Board, left: int, covers: int) -> bool:
        if fast.is_won(board):
            return True
        if not left or 16 - fast.piles(board) > left or (board, left, covers) in seen:
            return False
        seen.add((board, left, covers))
        rank = ranks[len(ranks) - left]
        for move in fast.moves(board):
            on_pile = move < fast.UP and bool(board[2] & fast.BIT[move])
            if on_pile and not covers:
                continue
            if win(fast.play(board, move, rank), left - 1, covers - on_pile):
                return True
        return False

    return win(board, len(ranks), covers)


@pytest.mark.long
@pytest.mark.parametrize("covers", [0, 1])
def test_the_lines_parity_check_never_rules_out_a_win_brute_force_finds(covers: int) -> None:
    # Late positions of random games, each with random cards to come: just enough to fill
    # the grid, and ``covers`` more that may go on piles. When the check says no, brute
    # force over every placement (the face-down limit ignored) must find no win either.
    # Every "no" is checked; of the "yes" answers, which claim nothing, every third, to
    # show that the brute force does find the wins there are.
    rng = random.Random(covers)
    answers, wins = {True: 0, False: 0}, 0
    for states in random_games(range(60), seed=covers):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if not 11 <= fast.piles(board) <= 15 - covers:
                continue
            for _ in range(3):
                ranks = tuple(rng.randint(1, 10) for _ in range(16 - fast.piles(board) + covers))
                allowed = kernel.lines_agree(board[2], board[1]) or (
                    kernel.covers_needed(board[2], board[1], board[3], covers) <= covers
                )
                answers[allowed] += 1
                if allowed and answers[True] % 3:
                    continue
                won = win_by_brute_force(board, ranks, covers)
                assert allowed or not won
                wins += won
    assert answers[True] > 50 and answers[False] > 50 and wins > 5


@pytest.mark.long
@pytest.mark.parametrize("covers", [1, 2])
def test_a_pile_of_four_takes_no_cover_and_the_count_of_covers_needed_never_rules_out_a_win(
    covers: int,
) -> None:
    # As above, with the piles' heights: ``covers_needed`` counts on a cover only for a
    # pile with room (rules: at most 4 cards a pile). Brute force places cards only
    # where the rules allow; when the count says more covers are needed than the cards
    # spare, it must find no win.
    rng = random.Random(10 + covers)
    answers, wins, full_piles = {True: 0, False: 0}, 0, 0
    for states in random_games(range(60), seed=20 + covers):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if not 13 <= fast.piles(board) <= 15 - covers:
                continue
            full_piles += kernel.full(board[3]) != 0
            for _ in range(2):
                ranks = tuple(rng.randint(1, 10) for _ in range(16 - fast.piles(board) + covers))
                allowed = kernel.covers_needed(board[2], board[1], board[3], covers) <= covers
                answers[allowed] += 1
                won = win_by_brute_force(board, ranks, covers)
                assert allowed or not won
                wins += won
    assert answers[True] > 20 and answers[False] > 10 and wins > 5 and full_piles > 5


# Sixteen piles all face up but the 6♣ at 1,1; a 7 placed on it turns nothing (row 1
# shows 5, 9, 8 and column 1 shows 2, 10, 7: neither highest nor lowest in either).
ONE_DOWN = {(0, 0): "AC", (0, 1): "2C", (0, 2): "3C", (0, 3): "3D",
            (1, 0): "5C", (1, 1): "2H 3H ~6C", (1, 2): "9C", (1, 3): "8C",
            (2, 0): "9D", (2, 1): "TC", (2, 2): "AD", (2, 3): "5D",
            (3, 0): "4D", (3, 1): "7D", (3, 2): "2D", (3, 3): "5H"}  # fmt: skip


def test_covers_needed_counts_one_cover_for_a_face_down_pile_with_room_and_none_on_a_full_one() -> (
    None
):
    board = fast.from_grid(position(ONE_DOWN, "7H", "").grid)[0]
    assert kernel.covers_needed(board[2], board[1], board[3], 1) == 1
    full = fast.from_grid(position({**ONE_DOWN, (1, 1): "2H 3H 4H ~6C"}, "7H", "").grid)[0]
    # Covering the 6♣ is out; covering a pile in its row or column flips the 6♣ but also
    # the others of that line, which then need covers of their own.
    assert kernel.covers_needed(full[2], full[1], full[3], 1) > 1


def covers_over_every_parity(occupied: int, up: int, heights: int) -> int:
    """The fewest covers before every pile can end face up, over all 256 parities of row
    and column flips, read straight from ``kernel.covers_needed``'s rule: each pile whose
    side does not match is covered (it must have room), and each full line with an odd
    parity and no such pile needs one more cover, which serves a row and a column."""
    cells = [(r, c) for r in range(4) for c in range(4) if occupied >> (4 * r + c) & 1]
    room = {(r, c) for r, c in cells if (heights >> 4 * (4 * r + c)) & 15 < 4}
    full_rows = [r for r in range(4) if all((r, c) in cells for c in range(4))]
    full_cols = [c for c in range(4) if all((r, c) in cells for r in range(4))]
    best = kernel.TOO_MANY
    for x in range(16):
        for y in range(16):
            wrong = {
                (r, c)
                for r, c in cells
                if (x >> r & 1) ^ (y >> c & 1) != (0 if up >> (4 * r + c) & 1 else 1)
            }
            if not wrong <= room:
                continue
            rows = [r for r in full_rows if x >> r & 1 and all(r != w[0] for w in wrong)]
            cols = [c for c in full_cols if y >> c & 1 and all(c != w[1] for w in wrong)]
            if any(all(cell[0] != r for cell in room) for r in rows) or any(
                all(cell[1] != c for cell in room) for c in cols
            ):
                continue
            best = min(best, len(wrong) + max(len(rows), len(cols)))
    return best


def test_covers_needed_is_within_the_spare_cards_exactly_when_some_parity_of_flips_is() -> None:
    # covers_needed skips a row parity that cannot come within ``most`` covers whatever
    # the columns do; its answer to "within most?" must stay that of every parity.
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(3000):
        occupied = rng.getrandbits(16) | rng.getrandbits(16)  # mostly full grids
        up = occupied & (rng.getrandbits(16) | rng.getrandbits(16))
        heights = sum(rng.choice((1, 2, 3, 4)) << 4 * i for i in range(16) if occupied >> i & 1)
        least = covers_over_every_parity(occupied, up, heights)
        for most in range(5):
            within = kernel.covers_needed(occupied, up, heights, most) <= most
            assert within == (least <= most), (hex(occupied), hex(up), hex(heights), most)
            seen[within] += 1
    assert seen[True] > 1000 and seen[False] > 1000
