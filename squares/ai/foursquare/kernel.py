"""The Foursquare kernel: one placement on a packed grid, compiled by numba.

Every Foursquare player and solver places cards through ``play`` here; the rules engine
(``squares.games.foursquare``) stays the readable source of truth, and the tests check
the two against each other on random games. Without numba the same functions run as
plain Python (slowly), so the package works anywhere.

A grid lives in a 4×4 *window* whose top-left corner is the top-left corner of the
grid's bounding box; window cell ``i = row * 4 + col``. A position is four integers:

- ``ranks``: the rank (1..10) of cell ``i``'s top card in bits ``4i .. 4i+3``, as a
  signed 64-bit number (cell 15's rank may set the sign bit);
- ``up``: bit ``i`` set when cell ``i``'s top card is face up;
- ``occupied``: bit ``i`` set when cell ``i`` holds a pile;
- ``heights``: the height (1..4) of cell ``i``'s pile in bits ``4i .. 4i+3``.

A move is a window cell ``0..15``, ``UP + col`` (a new pile above column ``col``: the
grid grows upwards and the window's contents move down a row) or ``LEFT + row`` (a new
pile left of row ``row``). ``legal`` gives the moves as a mask: bit ``m`` for move ``m``.

>>> ranks, up, occupied, heights = play(0, 0, 0, 0, 0, 7)
>>> ranks, up, occupied, heights = play(ranks, up, occupied, heights, 1, 3)
>>> up, occupied  # the 3 is lowest in its row: it turns the 7 face down
(2, 3)
"""

from __future__ import annotations

import numpy

from squares.ai.compiled import COMPILED as COMPILED  # re-exported: the kernel's face
from squares.ai.compiled import jit as jit
from squares.ai.compiled import jit_inner as jit_inner
from squares.ai.compiled import jit_with_objmode as jit_with_objmode
from squares.ai.compiled import ones
from squares.games.foursquare import MAX_FACE_DOWN

UP = 16
LEFT = 20
ALL = 0xFFFF  # every cell
FIRST_COLUMN = 0x1111
LAST_COLUMN = 0x8888
LAST_ROW = 0xF000
NIBBLES = 0x1111_1111_1111_1111  # the low bit of every cell's field


def signed(value: int) -> int:
    """A Python ``value`` as the signed 64-bit number it is to the compiled code."""
    unsigned = int(value) & 0xFFFF_FFFF_FFFF_FFFF
    return unsigned - ((unsigned >> 63) << 64)


if COMPILED:

    @jit
    def wrap(value: int) -> int:
        """``value`` as a signed 64-bit number (numba's integers already are)."""
        return value

else:  # pragma: no cover
    wrap = signed


@jit_inner
def popcount(mask: int) -> int:
    """The number of bits set in a mask (cells, or moves)."""
    return ones(mask)


@jit_inner
def gather(spread: int) -> int:
    """The 16-bit mask of the cells whose field has its low bit set in ``spread`` (a
    word with bits only at ``4i``): bit ``4i`` becomes bit ``i``."""
    spread = (spread | (spread >> 3)) & 0x0303_0303_0303_0303
    spread = (spread | (spread >> 6)) & 0x000F_000F_000F_000F
    spread = (spread | (spread >> 12)) & 0x0000_00FF_0000_00FF
    return (spread | (spread >> 24)) & 0xFFFF


@jit_inner
def nonzero(fields: int) -> int:
    """Bit ``4i`` set where the 4-bit field ``i`` of ``fields`` is not zero."""
    return (fields | (fields >> 1) | (fields >> 2) | (fields >> 3)) & NIBBLES


@jit
def full(heights: int) -> int:
    """The mask of the piles holding four cards (the bit of 4 in each height)."""
    return gather((heights >> 2) & NIBBLES)


@jit_inner
def beside(occupied: int) -> int:
    """The empty cells of the window next to a pile (rules: a new pile is orthogonally
    adjacent to one)."""
    near = (occupied << 4) | (occupied >> 4)
    near |= ((occupied << 1) & ~FIRST_COLUMN) | ((occupied >> 1) & ~LAST_COLUMN)
    return near & ALL & ~occupied


@jit
def new_piles(occupied: int) -> int:
    """The new-pile moves next to the piles of ``occupied``, as a mask of moves."""
    if occupied == 0:
        return 1
    near = beside(occupied)
    if not occupied & LAST_ROW:  # the grid is less than 4 tall: it may grow upwards
        near |= (occupied & 15) << UP
    if not occupied & LAST_COLUMN:  # less than 4 wide: it may grow leftwards
        for row in range(4):
            if (occupied >> 4 * row) & 1:
                near |= 1 << (LEFT + row)
    return near


@jit
def open_piles(occupied: int, heights: int) -> int:
    """The piles that may take another card, as a mask of moves."""
    return occupied & ~full(heights)


# A line's four top cards side by side, one in each 16-bit lane of a word, so that a
# card is compared with all of them at once: lane ``k`` holds the rank of the line's
# ``k``-th cell. A flag bit above every rank, set before a subtraction, is cleared by
# it exactly where the lane's result is negative, and no borrow leaves the lane.
LANE_ONES = 0x0001_0001_0001_0001
LANE_FLAG = 32
FLAGS = LANE_FLAG * LANE_ONES  # the flag of every lane
# the flag bit of lane ``k`` for each bit ``k`` of a 4-bit mask (the line's face-up piles)
LANE_FLAGS = numpy.array(
    [sum(LANE_FLAG << 16 * k for k in range(4) if mask >> k & 1) for mask in range(16)],
    dtype=numpy.int64,
)


@jit_inner
def _line_flips(lanes: int, shown: int, rank: int) -> bool:
    """Whether a card of ``rank`` turns a line over: it is strictly above or strictly
    below every face-up top of the line's other piles (or none is face up); a tie
    blocks it. ``lanes``: the line's ranks in lanes; ``shown``: the flags of the lanes
    of its other face-up piles."""
    at_least = ((lanes | FLAGS) - rank * LANE_ONES) & shown  # flagged: shown rank >= rank
    at_most = ((rank * LANE_ONES | FLAGS) - lanes) & shown  # flagged: shown rank <= rank
    return not (at_least and at_most)


@jit
def turns(ranks: int, up: int, occupied: int, cell: int, rank: int) -> int:
    """The mask of the tops that a card of ``rank`` placed on window ``cell`` turns over
    (the window already shifted for the move): the other piles of its row, and of its
    column, each line as a whole (``_line_flips``)."""
    row, col = cell >> 2, cell & 3
    bit = 1 << cell
    turned = 0
    cells = (ranks >> 16 * row) & 0xFFFF  # the row's ranks, a nibble each
    lanes = (cells & 0xF) | (cells & 0xF0) << 12 | (cells & 0xF00) << 24 | (cells & 0xF000) << 36
    if _line_flips(lanes, int(LANE_FLAGS[(up >> 4 * row) & 15 & ~(1 << col)]), rank):
        turned = (15 << 4 * row) & occupied & ~bit
    lanes = (ranks >> 4 * col) & 0x000F_000F_000F_000F  # the column's ranks, a lane each
    column = up >> col
    shown = (column & 1) | (column >> 3 & 2) | (column >> 6 & 4) | (column >> 9 & 8)
    if _line_flips(lanes, int(LANE_FLAGS[shown & ~(1 << row)]), rank):
        turned |= (FIRST_COLUMN << col) & occupied & ~bit
    return turned


@jit
def shift(
    ranks: int, up: int, occupied: int, heights: int, move: int
) -> tuple[int, int, int, int, int]:
    """The position once the window makes room for ``move``, and the move's window cell."""
    if move < UP:
        return ranks, up, occupied, heights, move
    if move < LEFT:  # the bottom row is empty, so everything moves down a row
        return wrap(ranks << 16), up << 4, occupied << 4, heights << 16, move - UP
    # the right column is empty, so each row's last cell moves into the next row's first
    return wrap(ranks << 4), up << 1, occupied << 1, heights << 4, (move - LEFT) * 4


@jit
def play(
    ranks: int, up: int, occupied: int, heights: int, move: int, rank: int
) -> tuple[int, int, int, int]:
    """Place a card of ``rank`` (1..10) by ``move``, which must be legal."""
    ranks, up, occupied, heights, cell = shift(ranks, up, occupied, heights, move)
    return placed(ranks, up, occupied, heights, cell, rank, turns(ranks, up, occupied, cell, rank))


@jit_inner
def placed(
    ranks: int, up: int, occupied: int, heights: int, cell: int, rank: int, turned: int
) -> tuple[int, int, int, int]:
    """The position once a card of ``rank`` is on window ``cell`` (the window already
    shifted) and has turned the tops of ``turned`` over (``turns``)."""
    bit = 1 << cell
    ranks = with_rank(ranks, cell, rank)
    return ranks, (up ^ turned) | bit, occupied | bit, heights + (1 << 4 * cell)


@jit_inner
def with_rank(ranks: int, cell: int, rank: int) -> int:
    """``ranks`` with a card of ``rank`` on top at ``cell`` (the rank a placement leaves)."""
    return wrap((ranks & ~(15 << 4 * cell)) | (rank << 4 * cell))


@jit_inner
def lost(down: int) -> bool:
    """Whether a grid with ``down`` face-down tops is lost (the face-down rule; running
    out of cards is the caller's business)."""
    return down > MAX_FACE_DOWN


@jit_inner
def won(occupied: int, up: int) -> bool:
    """Whether the grid is won: every cell holds a pile, every pile face up."""
    return occupied == ALL and up == ALL


# -- the lines' parity check: can every pile still end face up? ---------------------------
def _column_choices(row: int, down: int) -> int:
    """The flip parities of the columns (a bit per choice ``x`` of 16) a row agrees with.

    ``row`` are the row's piles and ``down`` its face-down ones (bit ``k``: column
    ``k``). The row's own flip parity ``y`` must make ``x[k] ^ y`` equal "face down" on
    each pile, and a full row gets no flip (``y = 0``).
    """
    choices = 0
    for x in range(16):
        odd = (down ^ x) & row
        if odd == 0 or (odd == row and row != 15):
            choices |= 1 << x
    return choices


# Arrays, not tuples: numba reads a global array in place, but copies a tuple it indexes.
COLUMN_CHOICES = numpy.array(
    [_column_choices(row, down) for row in range(16) for down in range(16)], dtype=numpy.int64
)
NO_FLIP_IN_FULL = numpy.array(
    [sum(1 << x for x in range(16) if not x & full) for full in range(16)], dtype=numpy.int64
)


@jit_inner
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
    complete = 15
    down = occupied & ~up
    for r in range(4):
        row = (occupied >> 4 * r) & 15
        complete &= row
        choices &= COLUMN_CHOICES[row * 16 + ((down >> 4 * r) & 15)]
    return bool(choices & NO_FLIP_IN_FULL[complete])


# Row ``r``'s cells for each set of rows ``x`` (bit ``r``), and column ``c``'s for each set
# of columns: the piles a parity of flips turns over.
ROW_LINES = numpy.array(
    [sum(15 << 4 * r for r in range(4) if x >> r & 1) for x in range(16)], dtype=numpy.int64
)
COLUMN_LINES = numpy.array(
    [sum(FIRST_COLUMN << c for c in range(4) if y >> c & 1) for y in range(16)], dtype=numpy.int64
)
TOO_MANY = 99  # more covers than any search has


@jit_inner
def lines_touched(cells: int) -> tuple[int, int]:
    """The rows (bit ``r``) and the columns (bit ``c``) holding a cell of ``cells``."""
    rows = cells | (cells >> 1)
    rows = (rows | (rows >> 2)) & FIRST_COLUMN
    rows = (rows | (rows >> 3) | (rows >> 6) | (rows >> 9)) & 15
    cols = cells | (cells >> 8)
    return rows, (cols | (cols >> 4)) & 15


@jit_inner
def full_lines(occupied: int) -> tuple[int, int]:
    """The rows (bit ``r``) and the columns (bit ``c``) with a pile on each of their cells."""
    rows = cols = 0
    for k in range(4):
        if (occupied >> 4 * k) & 15 == 15:
            rows |= 1 << k
        if (occupied >> k) & FIRST_COLUMN == FIRST_COLUMN:
            cols |= 1 << k
    return rows, cols


@jit_inner
def covers_needed(occupied: int, up: int, heights: int, most: int) -> int:
    """How many cards must still go on piles before every pile can end face up: a lower
    bound, exact as soon as it is at most ``most`` (then the search stops), else more
    than ``most``.

    With new piles only, every pile standing now sees each later flip of its row and of
    its column (``lines_agree``): its side at the end is its side now, turned by the
    parity ``x[r]`` of its row's flips and ``y[c]`` of its column's. A card placed on a
    pile (a cover) gives that pile a new top, so the pile's old side no longer matters;
    and it flips the other piles of its row and column as a new pile would, so a cover
    is also the only way a line with no empty cell left (4 piles) gets a flip. A pile of
    four cards takes no cover (rules: a pile holds at most 4 cards). So, for a choice of
    parities ``x, y``, the piles ``wrong`` whose side does not match must each be
    covered (at least one card each, and each must have room), and every full row (or
    column) whose parity is odd needs a cover of one of its piles: one not already
    counted in ``wrong``, one more card, which serves at best one such row and one such
    column at once. The least count over the 256 choices bounds the covers of any win
    from below: the ranks, which decide whether a placement flips at all, only remove
    wins.
    """
    down = occupied & ~up
    coverable = occupied & ~full(heights)
    full_rows, full_cols = full_lines(occupied)
    can_rows, can_cols = lines_touched(coverable)
    columns = (occupied & FIRST_COLUMN, occupied & FIRST_COLUMN << 1,
               occupied & FIRST_COLUMN << 2, occupied & FIRST_COLUMN << 3)  # fmt: skip
    best = floor = TOO_MANY
    for x in range(16):
        flipped_rows = ROW_LINES[x]
        # A column's parity turns its own piles only: whatever y is, at least the fewer
        # of a column's piles wrong with y[c] = 0 or with y[c] = 1 are wrong.
        wrong_if_none = (flipped_rows ^ down) & occupied
        least = 0
        for column in columns:
            wrong = popcount(wrong_if_none & column)
            least += min(wrong, popcount(column) - wrong)
        if least >= best or least > most:  # no y does better, or none is within most
            floor = min(floor, least)
            continue
        for y in range(16):
            wrong = (flipped_rows ^ COLUMN_LINES[y] ^ down) & occupied
            if wrong & ~coverable:
                continue
            n = popcount(wrong)
            if n >= best:
                continue
            covered_rows, covered_cols = lines_touched(wrong)
            rows = x & full_rows & ~covered_rows  # full rows to flip by one more cover
            cols = y & full_cols & ~covered_cols
            if rows & ~can_rows or cols & ~can_cols:
                continue
            n += max(popcount(rows), popcount(cols))
            if n < best:
                best = n
                if best <= most:
                    return best
    return min(best, floor)
