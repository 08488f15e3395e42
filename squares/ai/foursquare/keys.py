"""The fixed-box search's memo keys: what of a position the memo keeps, so that
positions that cannot differ in what follows share a key (``position_key``).

Ranks count only by how they compare with the cards to come; a pile whose row and
column are full is never compared again once no cover is left; a mirror image of the box
fails alike (``box_key``); once every empty cell is next to a pile, so does
the box with its rows, or its columns, in another order, or with rows and columns
swapped (``reordered_key``); before that, so does the box in an order that keeps what
its untouched empty cells wait on (``untouched_key``). Why each merge is right is in
the docstring of the key that makes it; the search itself is ``box``.
"""

from __future__ import annotations

from typing import Any

from squares.ai.foursquare import kernel, reorder, untouched
from squares.ai.foursquare.kernel import ALL, jit_inner
from squares.ai.foursquare.kernel import popcount as count
from squares.ai.foursquare.symmetry import CELL_IMAGES, LEAST_BOX_IMAGES
from squares.ai.foursquare.untouched import LEAST_ORDERS, PACKED, SWAPPED

NONE = -1 << 62  # no key yet: no word of a key is negative


@jit_inner
def compared(occupied: int, covers: int) -> int:
    """The piles whose rank a key holds: every pile while a cover is left, else those
    whose row or column is not full (a pile whose row and column are full is never
    compared again)."""
    if covers:
        return occupied
    rows, cols = kernel.full_lines(occupied)
    return occupied & ~int(kernel.ROW_LINES[rows] & kernel.COLUMN_LINES[cols])


@jit_inner
def box_key(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, coming: Any,
    row: int, symmetry: int,
) -> tuple[int, int, int]:  # fmt: skip
    """The new-piles memo's key: each rank only as its order among the ranks to come.

    Two ranks that compare alike with each rank still to come (until the last card
    that may be placed) are interchangeable: per pile, the key holds how many distinct
    ranks to come are below its rank plus how many are not above it, ``coming[row, rank]``.
    With no cover left, a pile whose row and column are full is never compared again,
    and no height matters; with covers left, any pile may be compared (a cover may go
    in its row), and the key holds each pile's room as ``min(4 - height, covers)``:
    beyond the covers left, more room changes nothing (with one cover left: "may it
    take a card"; with two: none, one or both).

    The key is the position's turned or mirrored by ``symmetry`` (``CELL_IMAGES``).
    """
    keep = compared(occupied, covers)
    low = high = room = up_image = occupied_image = 0
    rest = occupied
    while rest:
        bit = rest & -rest
        rest ^= bit
        i = count(bit - 1)
        j = CELL_IMAGES[symmetry, i]
        occupied_image |= 1 << j
        up_image |= ((up >> i) & 1) << j
        if keep & bit:
            seen = coming[row, (ranks >> 4 * i) & 15]
            if j < 8:
                low |= seen << 5 * j
            else:
                high |= seen << 5 * (j - 8)
        if covers:
            room |= min(4 - ((heights >> 4 * i) & 15), covers) << 2 * j
    return (
        low | placed << 40, high | covers << 40,
        kernel.wrap(up_image | occupied_image << 16 | room << 32),
    )  # fmt: skip


# A pile's value in ``reordered_key``: 0 is an empty cell, and ``coming`` is at most 20
# (ten ranks to come), so a value takes 7 bits with up to two covers (``ROOMS`` rooms:
# 0, 1 or 2 more cards) and 8 with more (four rooms: a pile holds a card, so it takes
# at most 3 more, however many covers are left).
SIDES, ROOMS = 2, 3
# In the third word of every ``reordered_key``: the side of cell 15 with no pile at all,
# which no ``box_key`` has (its third word is ``up | occupied << 16 | room << 32``).
REORDERED = 1 << 15


@jit_inner
def _value(
    ranks: int, up: int, occupied: int, heights: int, covers: int, coming: Any, row: int,
    keep: int, i: int,
) -> int:  # fmt: skip
    """Cell ``i``'s value in ``reordered_key``: 0 for an empty cell."""
    seen = coming[row, (ranks >> 4 * i) & 15] * ((keep >> i) & 1)
    room = min(4 - ((heights >> 4 * i) & 15), covers)
    rooms = ROOMS if covers < ROOMS else ROOMS + 1
    return int(((occupied >> i) & 1) * (1 + (seen * SIDES + ((up >> i) & 1)) * rooms + room))


@jit_inner
def _table(
    ranks: int, up: int, occupied: int, heights: int, covers: int, coming: Any, row: int
) -> tuple[int, int]:
    """Each cell's value, a byte a cell, cells 0..7 in the first word and 8..15 in the
    second (``reorder``'s table)."""
    keep = compared(occupied, covers)
    low = high = 0
    for i in range(8):  # every cell, without branches: an empty cell's value is 0
        low |= _value(ranks, up, occupied, heights, covers, coming, row, keep, i) << 8 * i
        high |= _value(ranks, up, occupied, heights, covers, coming, row, keep, i + 8) << 8 * i
    return low, high


@jit_inner
def reordered_key(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, coming: Any,
    row: int,
) -> tuple[int, int, int]:  # fmt: skip
    """The memo's key of a position whose every empty cell is next to a pile: what
    ``box_key`` holds of each pile, read in an order of the rows and of the columns that
    every reordering of them shares (``reorder.least``).

    Why such positions fail alike (rules: a card compares with the tops of its row and
    of its column, which count as one line each, empty cells between them or not): an
    order of the rows maps each row onto a row and each column onto itself with its cells
    in another order, so every line onto a line, and swapping rows for columns maps rows
    onto columns; the flip rule reads lines only, the loss counts face-down tops, the win
    wants all 16 cells face up, and a cover any pile with room. The one rule that knows
    where a cell is, a new pile next to a pile, allows every empty cell here, and still
    does after any placement (piles never leave). So each line of play from one position
    is a line of play from the other with the cells renamed.
    """
    first, second = reorder.least(*_table(ranks, up, occupied, heights, covers, coming, row))
    return first, second, placed | covers << 8 | REORDERED


# In the third word of every ``untouched_key``: ``REORDERED`` and this, which no
# ``reordered_key`` has (its third word is ``placed | covers << 8 | REORDERED``); and
# the value of an untouched cell, which no pile's value reaches.
UNTOUCHED = 1 << 14
WAITING = 255


@jit_inner
def untouched_key(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, coming: Any,
    row: int,
) -> tuple[int, int, int]:  # fmt: skip
    """The memo's key of a position with an empty cell that no pile touches, whose piles
    have at most ``untouched.MOST_ORDERS`` least images: what ``reordered_key`` holds of
    each cell, ``WAITING`` for an untouched cell, read through each of the orders of
    ``untouched.LEAST_ORDERS`` and the least reading kept.

    Why such positions fail alike: see ``untouched``. Two positions share a key only if
    an order that keeps the lines of play turns each into the same table.
    """
    low, high = _table(ranks, up, occupied, heights, covers, coming, row)
    waiting = untouched.untouched(occupied)
    for i in range(8):  # the untouched cells, empty (value 0) in the table
        if waiting >> i & 1:
            low |= WAITING << 8 * i
        if waiting >> (i + 8) & 1:
            high |= WAITING << 8 * i
    rows = (low & 0xFFFF_FFFF, (low >> 32) & 0xFFFF_FFFF, high & 0xFFFF_FFFF,
            (high >> 32) & 0xFFFF_FFFF)  # fmt: skip
    cols = (reorder.column(rows, 0), reorder.column(rows, 1), reorder.column(rows, 2),
            reorder.column(rows, 3))  # fmt: skip
    first = second = NONE
    for n in range(LEAST_ORDERS[occupied, 0]):
        how = int(LEAST_ORDERS[occupied, n + 1])
        lines = cols if how // SWAPPED else rows
        reading = reorder.reading(lines, PACKED[how // untouched.LINES % untouched.LINES],
                                  PACKED[how % untouched.LINES])  # fmt: skip
        if n == 0 or reading < (first, second):
            first, second = reading
    return first, second, placed | covers << 8 | REORDERED | UNTOUCHED


@jit_inner
def position_key(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, coming: Any
) -> tuple[int, int, int]:
    """The memo's key of a fixed-box position: ``reordered_key`` once every empty cell is
    next to a pile, else ``untouched_key`` where the piles have few least images in the
    orders that keep their untouched cells' lines of play, else ``box_key`` with the
    ranks' order of the cards it may still place, of the position turned or mirrored so
    that its piles are the least of their images (``LEAST_BOX_IMAGES``; the least key of
    those images when several are).

    A mirror image fails alike at any number of piles: turning or mirroring the box maps
    lines onto lines and neighbours onto neighbours. Choosing the image by its piles
    alone costs one key for most positions, where the least of all eight keys cost
    eight, so every position is merged with its images, not only those with few piles.
    """
    piles = count(occupied)
    row = placed * 41 + placed + 16 - piles + covers  # the order of the ranks to place
    if kernel.beside(occupied) == ALL & ~occupied:
        return reordered_key(ranks, up, occupied, heights, placed, covers, coming, row)
    if LEAST_ORDERS[occupied, 0]:
        return untouched_key(ranks, up, occupied, heights, placed, covers, coming, row)
    symmetries = LEAST_BOX_IMAGES[occupied]
    key = (NONE, NONE, NONE)
    for symmetry in range(8):
        if symmetries >> symmetry & 1:
            other = box_key(ranks, up, occupied, heights, placed, covers, coming, row, symmetry)
            if key[0] == NONE or other < key:
                key = other
    return key
