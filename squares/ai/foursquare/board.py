"""A fast internal form of the Foursquare grid, for search: four Python ints.

Suits never matter to the rules and buried cards are never seen again, so a pile is
three small numbers: its height, its top card's rank, and whether that card is face up.

The grid lives in a 4×4 *window* whose top-left corner is the top-left corner of the
grid's bounding box; window cell ``i = row * 4 + col`` owns bits ``5i .. 5i+4`` of each
int. Growing the grid upwards or leftwards shifts the window's contents, so a board is
already the same for every translation of a grid.

A ``Board`` is ``(ranks, up, occupied, heights)``: ``ranks`` and ``heights`` hold a
number in the low bits of each cell's field; ``up`` and ``occupied`` are masks of the
fields' top bits (the *guard* bits). With guard bits, one subtraction compares the
rank of every cell with the card placed (the "SIMD within a register" trick).

A move is a window cell ``0..15``, ``UP + col`` (a new pile above column ``col``: the
grid grows upwards) or ``LEFT + row`` (a new pile left of row ``row``).

>>> board = play(play(EMPTY, 0, 7), 1, 3)  # a 7, then a 3 to its right
>>> cells(board)[:2], face_down(board)     # the 3 is lowest: it turns the 7 face down
((39, 51), 1)
>>> sorted(moves(board))
[0, 1, 2, 4, 5, 16, 17, 20]
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

SIZE = 4
UP = 16
LEFT = 20
MAX_HEIGHT = 4
MAX_DOWN = 4

Board = tuple[int, int, int, int]
"""``(ranks, up, occupied, heights)``: see the module docstring."""

EMPTY: Board = (0, 0, 0, 0)

ONES = sum(1 << 5 * i for i in range(16))
GUARDS = ONES << 4
ALL = GUARDS  # every cell occupied (or face up)
BIT = tuple(1 << (5 * i + 4) for i in range(16))
TIMES = tuple(v * ONES for v in range(12))
_CLEAR = tuple(~(15 << 5 * i) for i in range(16))
ROW_OTHERS = tuple(sum(BIT[i // 4 * 4 + c] for c in range(4) if c != i % 4) for i in range(16))
COL_OTHERS = tuple(sum(BIT[r * 4 + i % 4] for r in range(4) if r != i // 4) for i in range(16))
ROWS = tuple(sum(BIT[r * 4 + c] for c in range(4)) for r in range(4))
COLS = tuple(sum(BIT[r * 4 + c] for r in range(4)) for c in range(4))


@cache
def indices(mask: int) -> tuple[int, ...]:
    """The window cells whose guard bit is set in ``mask``."""
    return tuple(i for i in range(16) if mask & BIT[i])


@cache
def frontier(occupied: int) -> tuple[int, ...]:
    """The new-pile moves next to the piles of ``occupied`` (its box anchored at 0,0)."""
    if not occupied:
        return (0,)
    taken = indices(occupied)
    height = max(i // 4 for i in taken) + 1
    width = max(i % 4 for i in taken) + 1
    found = [
        i
        for i in range(16)
        if i not in taken
        and any(
            0 <= i // 4 + dr < 4 and 0 <= i % 4 + dc < 4 and (i // 4 + dr) * 4 + i % 4 + dc in taken
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        )
    ]
    if height < SIZE:
        found.extend(UP + c for c in range(4) if c in taken)
    if width < SIZE:
        found.extend(LEFT + r for r in range(4) if r * 4 in taken)
    return tuple(found)


def full(board: Board) -> int:
    """The mask of piles holding four cards."""
    return ((board[3] | GUARDS) - TIMES[MAX_HEIGHT]) & GUARDS


def moves(board: Board) -> list[int]:
    """Every legal move: the piles that are not full, then the new piles."""
    heights, occupied = board[3], board[2]
    found = list(indices(occupied & ~((heights | GUARDS) - TIMES[MAX_HEIGHT])))
    found.extend(frontier(occupied))
    return found


def shift(board: Board, move: int) -> tuple[Board, int]:
    """The board once the window makes room for ``move``, and the move's window cell."""
    if move < UP:
        return board, move
    ranks, up, occupied, heights = board
    if move < LEFT:  # the bottom row is empty, so everything moves down a row
        return (ranks << 20, up << 20, occupied << 20, heights << 20), move - UP
    # the right column is empty, so each row's last field moves into the next row's empty first
    return (ranks << 5, up << 5, occupied << 5, heights << 5), (move - LEFT) * 4


def play(board: Board, move: int, rank: int) -> Board:
    """Place a card of ``rank`` (1..10) by ``move``; ``move`` must be legal."""
    if move >= UP:
        board, move = shift(board, move)
    ranks, up, occupied, heights = board
    shown = ranks | GUARDS
    higher = (shown - TIMES[rank]) & up  # face-up tops of rank >= the card's
    lower = up & ~(shown - TIMES[rank + 1])  # face-up tops of rank <= the card's
    line = ROW_OTHERS[move]
    if not (higher & line and lower & line):  # strictly above or below all shown, or none shown
        up ^= line & occupied
    line = COL_OTHERS[move]
    if not (higher & line and lower & line):
        up ^= line & occupied
    bit = BIT[move]
    return (
        (ranks & _CLEAR[move]) | rank << 5 * move,
        up | bit,
        occupied | bit,
        heights + (1 << 5 * move),
    )


def turned(board: Board, move: int, rank: int) -> int:
    """The mask (in the window after any shift) of the tops ``move`` turns over."""
    before, cell = shift(board, move)
    return (play(board, move, rank)[1] ^ before[1]) & ~BIT[cell]


def face_down(board: Board) -> int:
    return (board[2] ^ board[1]).bit_count()


def piles(board: Board) -> int:
    return board[2].bit_count()


def is_won(board: Board) -> bool:
    return board[2] == ALL and board[1] == ALL


def is_lost(board: Board) -> bool:
    """Lost by the face-down rule (running out of cards is the caller's business)."""
    return (board[2] ^ board[1]).bit_count() > MAX_DOWN


def _column_choices(rows: int, down: int) -> int:
    """The flip parities of the other lines (a bit per choice ``x`` of 16) a line agrees with.

    ``rows`` are the line's piles and ``down`` its face-down ones (bit ``k``: the ``k``-th
    crossing line). The line's own flip parity ``y`` must make ``x[k] ^ y`` equal "face
    down" on each pile, and a full line gets no flip (``y = 0``).
    """
    choices = 0
    for x in range(16):
        odd = (down ^ x) & rows
        if odd == 0 or (odd == rows and rows != 15):
            choices |= 1 << x
    return choices


_COLUMN = tuple(_column_choices(rows, down) for rows in range(16) for down in range(16))
_FULL_ROWS = tuple(sum(1 << x for x in range(16) if not x & full) for full in range(16))


_NIBBLE = {sum(BIT[c] for c in range(4) if bits >> c & 1): bits for bits in range(16)}


def lines_agree(occupied: int, up: int) -> bool:
    """Whether some parity of future row and column flips turns every pile face up.

    With new piles only, every pile that stands now sees each later row flip of its row
    and each later column flip of its column. So there must be a parity ``x[r]`` per row
    and ``y[c]`` per column with ``x[r] ^ y[c]`` equal to "face down" for every pile, and
    a line with no empty cell left (it spans the 4 cells of a 4-wide grid) gets no flip
    at all: ``x[r] = 0``. Checked by tables, a row at a time: the condition is the same
    with rows and columns swapped, so each row's table entry lists the column-flip
    parities it agrees with.
    """
    choices = 0xFFFF
    full = 15
    down = occupied & ~up
    for shift in (0, 20, 40, 60):
        row = _NIBBLE[occupied >> shift & 0xFFFFF]
        full &= row
        choices &= _COLUMN[row * 16 + _NIBBLE[down >> shift & 0xFFFFF]]
    return bool(choices & _FULL_ROWS[full])


@lru_cache(maxsize=1 << 20)
def can_turn_up(occupied: int, up: int, covers: int = 0) -> bool:
    """Whether every pile may still end face up when at most ``covers`` cards go on piles.

    False proves that no win exists in which all other cards start new piles. A new pile
    flips whole lines: every pile standing now in its row (or none of them), and the same
    in its column; so the piles standing now keep the constraint of ``lines_agree`` (for
    instance: the four corners of any rectangle of piles hold an even number of face-down
    tops). A card placed on a pile frees only that pile (its top is new) and the row and
    column through it (they get flips again): the same check, that pile left out.
    """
    if lines_agree(occupied, up):
        return True
    return covers > 0 and any(
        can_turn_up(occupied & ~BIT[i], up & ~BIT[i], covers - 1) for i in indices(occupied)
    )


# -- per-cell codes, for conversions, symmetry and tests -----------------------------------
def cells(board: Board) -> tuple[int, ...]:
    """Each window cell as ``height << 5 | face_up << 4 | rank`` (0 when empty)."""
    ranks, up, _, heights = board
    return tuple(
        (heights >> 5 * i & 7) << 5 | (16 if up & BIT[i] else 0) | (ranks >> 5 * i & 15)
        for i in range(16)
    )


def from_cells(codes: tuple[int, ...]) -> Board:
    ranks = up = occupied = heights = 0
    for i, code in enumerate(codes):
        if code:
            ranks |= (code & 15) << 5 * i
            heights |= (code >> 5) << 5 * i
            occupied |= BIT[i]
            up |= BIT[i] if code & 16 else 0
    return ranks, up, occupied, heights


def _symmetries() -> tuple[dict[tuple[int, int], itemgetter[Any]], ...]:
    """For each of the 8 rotations and reflections and each box size, a cell permutation."""
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                table = {}
                for h in range(1, 5):
                    for w in range(1, 5):
                        nh, nw = (w, h) if transpose else (h, w)
                        perm = []
                        for i in range(16):
                            r, c = divmod(i, 4)  # a cell of the image
                            if r >= nh or c >= nw:
                                perm.append(16)  # the padding zero
                                continue
                            sr, sc = (c, r) if transpose else (r, c)
                            perm.append(
                                (h - 1 - sr if flip_rows else sr) * 4
                                + (w - 1 - sc if flip_cols else sc)
                            )
                        table[(h, w)] = itemgetter(*perm)
                maps.append(table)
    return tuple(maps)


_SYMMETRIES = _symmetries()


@cache
def extent(occupied: int) -> tuple[int, int]:
    """Height and width of the grid's bounding box."""
    taken = indices(occupied) or (0,)
    return max(i // 4 for i in taken) + 1, max(i % 4 for i in taken) + 1


def canonical(board: Board) -> tuple[int, ...]:
    """The least of the 8 symmetric images of the grid: equal for equivalent grids."""
    hw = extent(board[2])
    padded = (*cells(board), 0)
    return min(table[hw](padded) for table in _SYMMETRIES)


# -- the public rules engine's coordinates ----------------------------------------------
Origin = tuple[int, int]
"""The public row and column of window cell 0 (the grid's top-left corner)."""


Grid = tuple[tuple[tuple[int, int], tuple[tuple[Any, bool], ...]], ...]
"""``FoursquareState.grid``: the piles by cell, each bottom to top as (card, face up)."""


def from_grid(grid: Grid) -> tuple[Board, Origin]:
    """The board of a public grid (``FoursquareState.grid``), and where its window sits."""
    if not grid:
        return EMPTY, (0, 0)
    top = min(r for (r, _), _ in grid)
    left = min(c for (_, c), _ in grid)
    codes = [0] * 16
    for (r, c), pile in grid:
        card, face_up = pile[-1]
        codes[(r - top) * 4 + c - left] = len(pile) << 5 | (16 if face_up else 0) | card.rank
    return from_cells(tuple(codes)), (top, left)


def to_cell(move: int, origin: Origin) -> tuple[int, int]:
    """The public ``(row, col)`` of a move made with the window at ``origin``."""
    top, left = origin
    if move < UP:
        return top + move // 4, left + move % 4
    if move < LEFT:
        return top - 1, left + move - UP
    return top + move - LEFT, left - 1


def next_origin(origin: Origin, move: int) -> Origin:
    """Where the window sits after ``move`` (it moves when the grid grows up or left)."""
    top, left = origin
    if UP <= move < LEFT:
        return top - 1, left
    if move >= LEFT:
        return top, left - 1
    return origin
