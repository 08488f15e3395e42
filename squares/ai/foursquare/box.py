"""The solver's search in a fixed box: wins in which every card left starts a new pile,
or at most ``BOX_COVERS`` go on piles.

``new_piles`` fixes the grid's final 4×4 box up front: the piles standing now sit in
one of at most 16 places inside it. In a fixed box a new pile is an empty cell next to a
pile, nothing shifts, and a position is the rank and side of each top card (and, while
a cover is left, how many more cards each pile may take). Its memo of failures merges positions that
cannot differ in what follows: ranks count only by how they compare with the cards to
come, a pile whose row and column are full is never compared again once no cover is
left, a mirror image of the box fails alike, and once every empty cell
is next to a pile, so does the box with its rows, or its columns, in another order, or
with rows and columns swapped (``reordered_key``); before that, so does the box in an
order that keeps what its untouched empty cells wait on (``untouched_key``). The search from the
empty grid within 17, 18 or 19 cards (16 piles and one, two or three covers, the proofs
the best scores of 22, 21 and 20 wait on) runs there from its first card: the free-form search met
no position twice before the first cover, the fixed box merges many.

It places cards with ``kernel.play`` and ``kernel.turns`` and spends the budget of
``budget``, as ``search.within`` does.

When the box is determined (rules: the grid may grow in any direction while its
bounding box stays within 4 by 4; a win is a full 4×4 grid). A winning line ends on a
grid of 16 piles: its bounding box is the final box, and every grid along the line sits
inside it, since piles never move or vanish (a card on a pile leaves the pile where it
is, a new pile adds a cell). So searching every line inside one fixed box, for each box
that may become the final one, is the same as searching the free-form lines; the flip
rule sees the same lines either way (piles in one row count as one line, empty cells
between them or not), and a fixed-box line is legal in free form (its bounding box
never exceeds the box). Which boxes may become final is a matter of the piles standing
now, never of the cards to come: a grid spanning ``h`` rows and ``w`` columns fits in
``(5 - h) * (5 - w)`` boxes, all tried in turn; one box once it spans 4 in both
directions (then it is determined), several while it does not (then it is not, and
each is searched), and from the empty grid the first card's cell in the box, 16
places, or 3 up to symmetry. The number of cards that go on piles does not enter: a
card on a pile never grows the grid. What it does change is how much of a position
the memo must keep: the cards to come up to the last one that may be placed (so the
ranks' order), and how many more cards each pile may take, ``min(4 - height,
covers)`` (a pile of height 3 takes one of two covers, a pile of height 2 both).
"""

from __future__ import annotations

from typing import Any

import numpy

from squares.ai.compiled import borrowed
from squares.ai.foursquare import kernel, memo, reorder, untouched
from squares.ai.foursquare.budget import END, FOUND, NOTHING, tick
from squares.ai.foursquare.kernel import ALL, FIRST_COLUMN, LEFT, MAX_DOWN, UP, jit
from squares.ai.foursquare.kernel import popcount as count
from squares.ai.foursquare.symmetry import CELL_IMAGES, LEAST_BOX_IMAGES, extent
from squares.ai.foursquare.untouched import LEAST_ORDERS, PACKED, SWAPPED, box_moves

BOX_COVERS = 2  # up to this many cards on piles, search in a fixed box
ROOT_BOX_COVERS = 3  # and from the position a solve starts from, this many too
STARTS = (0, 1, 5)
NONE = -1 << 62  # no key yet: no word of a key is negative


@jit
def settled(occupied: int) -> int:
    """The piles whose row and column are full: their ranks are never compared again."""
    rows = cols = 0
    for k in range(4):
        if (occupied >> 4 * k) & 15 == 15:
            rows |= 15 << 4 * k
        if (occupied >> k) & FIRST_COLUMN == FIRST_COLUMN:
            cols |= FIRST_COLUMN << k
    return rows & cols


@jit
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
    keep = occupied & ~settled(occupied) if covers == 0 else occupied
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


@jit
def plain_key(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, coming: Any,
    row: int,
) -> tuple[int, int, int]:  # fmt: skip
    """``box_key`` with ``symmetry`` 0, the position as it is, without reading the cells
    through ``CELL_IMAGES``, for the positions whose piles are their own least image
    (``position_key``): a 21's proof in 0.82 to 0.95 times the time with it."""
    keep = occupied & ~settled(occupied) if covers == 0 else occupied
    low = high = room = 0
    while keep:
        bit = keep & -keep
        keep ^= bit
        i = count(bit - 1)
        seen = coming[row, (ranks >> 4 * i) & 15]
        if i < 8:
            low |= seen << 5 * i
        else:
            high |= seen << 5 * (i - 8)
        if covers:
            room |= min(4 - ((heights >> 4 * i) & 15), covers) << 2 * i
    return low | placed << 40, high | covers << 40, kernel.wrap(up | occupied << 16 | room << 32)


# A pile's value in ``reordered_key``: 0 is an empty cell, and ``coming`` is at most 20
# (ten ranks to come), so a value takes 7 bits with up to two covers (``ROOMS`` rooms:
# 0, 1 or 2 more cards) and 8 with more (four rooms: a pile holds a card, so it takes
# at most 3 more, however many covers are left).
SIDES, ROOMS = 2, 3
# In the third word of every ``reordered_key``: the side of cell 15 with no pile at all,
# which no ``box_key`` has (its third word is ``up | occupied << 16 | room << 32``).
REORDERED = 1 << 15


@jit
def _value(
    ranks: int, up: int, occupied: int, heights: int, covers: int, coming: Any, row: int,
    keep: int, i: int,
) -> int:  # fmt: skip
    """Cell ``i``'s value in ``reordered_key``."""
    seen = coming[row, (ranks >> 4 * i) & 15] * ((keep >> i) & 1)
    room = min(4 - ((heights >> 4 * i) & 15), covers)
    rooms = ROOMS if covers < ROOMS else ROOMS + 1
    return int(((occupied >> i) & 1) * (1 + (seen * SIDES + ((up >> i) & 1)) * rooms + room))


@jit
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
    keep = occupied & ~settled(occupied) if covers == 0 else occupied
    low = high = 0
    for i in range(8):  # every cell, without branches: an empty cell's value is 0
        low |= _value(ranks, up, occupied, heights, covers, coming, row, keep, i) << 8 * i
        high |= _value(ranks, up, occupied, heights, covers, coming, row, keep, i + 8) << 8 * i
    first, second = reorder.least(low, high)
    return first, second, placed | covers << 8 | REORDERED


# In the third word of every ``untouched_key``: ``REORDERED`` and this, which no
# ``reordered_key`` has (its third word is ``placed | covers << 8 | REORDERED``); and
# the value of an untouched cell, which no pile's value reaches.
UNTOUCHED = 1 << 14
WAITING = 255


@jit
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
    keep = occupied & ~settled(occupied) if covers == 0 else occupied
    waiting = untouched.untouched(occupied)
    low = high = 0
    for i in range(8):  # every cell, as in ``reordered_key``, then the untouched ones
        low |= _value(ranks, up, occupied, heights, covers, coming, row, keep, i) << 8 * i
        high |= _value(ranks, up, occupied, heights, covers, coming, row, keep, i + 8) << 8 * i
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


@jit
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
    if box_moves(occupied) == ALL & ~occupied:
        return reordered_key(ranks, up, occupied, heights, placed, covers, coming, row)
    if LEAST_ORDERS[occupied, 0]:
        return untouched_key(ranks, up, occupied, heights, placed, covers, coming, row)
    symmetries = LEAST_BOX_IMAGES[occupied]
    if symmetries == 1:
        return plain_key(ranks, up, occupied, heights, placed, covers, coming, row)
    key = (NONE, NONE, NONE)
    for symmetry in range(8):
        if symmetries >> symmetry & 1:
            other = box_key(ranks, up, occupied, heights, placed, covers, coming, row, symmetry)
            if key[0] == NONE or other < key:
                key = other
    return key


# A frame of the search's stack, ``frames[placed]``: the position after ``placed`` cards
# (what its children are made from), its memo key, its number of children and the next.
RANKS, PILES, HEIGHTS, COVERS, KEY, CHILDREN, NEXT = 0, 1, 2, 3, 4, 7, 8
FRAME = 9
GO_ON = 2  # a position expanded: search its next child


@jit
def box_search(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, deal: Any,
    coming: Any, failed: Any, cells: Any, work: Any, frames: Any, counters: Any, limits: Any,
) -> int:  # fmt: skip
    """A win from this fixed-box position with new piles and at most ``covers`` cards on
    piles; ``cells[placed]`` on is the box cell of each card (when ``FOUND``; the
    line ends at ``counters[END]``).

    A depth-first search on a stack of its own (``frames``, a row for each number of
    cards placed, and ``work[placed]`` for a position's children in the order they are
    searched) rather than by recursion: a compiled call passes every array again and
    counts its references, which cost a position more than its own work. Each child's
    key is made where the children are, and its memo slot fetched ahead
    (``memo.prefetch``): the memo is far bigger than the processor's caches, and a
    lookup waiting on memory was the next cost.
    """
    # The arrays the loop passes to other functions or slices, borrowed: no reference
    # counting.
    failed, coming, counters, limits = (
        borrowed(failed),
        borrowed(coming),
        borrowed(counters),
        borrowed(limits),
    )
    work, frames = borrowed(work), borrowed(frames)
    root = depth = placed
    a, b, c = position_key(ranks, up, occupied, heights, placed, covers, coming)
    entering = True  # the locals hold a position not yet looked at, after ``depth`` cards
    code = NOTHING
    while True:
        if entering:
            entering = False
            code = NOTHING
            if memo.get(failed, a, b, c) == memo.EMPTY:
                code = tick(counters, limits)
                if code:
                    return code
                code = GO_ON
                rank = deal[depth]
                n = 0
                options = box_moves(occupied)
                if covers:
                    options |= occupied & ~kernel.full(heights)
                while options:
                    bit = options & -options
                    options ^= bit
                    cell = count(bit - 1)
                    turned = (up ^ kernel.turns(ranks, up, occupied, cell, rank)) | bit
                    grown = occupied | bit
                    down = count(grown ^ turned)
                    if down > MAX_DOWN:
                        continue
                    if grown == ALL and down == 0:
                        cells[depth] = cell
                        counters[END] = depth + 1
                        code = FOUND
                        break
                    on_pile = 1 if occupied & bit else 0
                    left = covers - on_pile  # covers after this card
                    grown_heights = heights + (1 << 4 * cell)
                    if left == 0:
                        if not kernel.lines_agree(grown, turned):
                            continue
                    elif kernel.covers_needed(grown, turned, grown_heights, left) > left:
                        continue
                    key = position_key(
                        kernel.wrap((ranks & ~(15 << 4 * cell)) | rank << 4 * cell), turned,
                        grown, grown_heights, depth + 1, left, coming,
                    )  # fmt: skip
                    memo.prefetch(failed, key[0], key[1], key[2])
                    child = (on_pile * 128 + down * 16 + cell) << 16 | turned
                    at = n  # insertion sort: new piles first, the fewest face down, then by cell
                    n += 1
                    while at > 0 and work[depth, at - 1, 0] > child:
                        work[depth, at, :4] = work[depth, at - 1, :4]
                        at -= 1
                    work[depth, at, 0], work[depth, at, 1] = child, key[0]
                    work[depth, at, 2], work[depth, at, 3] = key[1], key[2]
                if code == GO_ON:
                    frames[depth, RANKS], frames[depth, PILES] = ranks, occupied
                    frames[depth, HEIGHTS], frames[depth, COVERS] = heights, covers
                    frames[depth, KEY], frames[depth, KEY + 1], frames[depth, KEY + 2] = a, b, c
                    frames[depth, CHILDREN], frames[depth, NEXT] = n, 0
        if code == GO_ON:
            k = frames[depth, NEXT]
            if k < frames[depth, CHILDREN]:  # into the next child
                frames[depth, NEXT] = k + 1
                child = work[depth, k, 0]
                cell, up = (child >> 16) & 15, child & ALL
                bit = 1 << cell
                parent = frames[depth, RANKS]
                ranks = kernel.wrap((parent & ~(15 << 4 * cell)) | deal[depth] << 4 * cell)
                piles = frames[depth, PILES]
                occupied, heights = piles | bit, frames[depth, HEIGHTS] + (1 << 4 * cell)
                covers = frames[depth, COVERS] - (1 if piles & bit else 0)
                a, b, c = work[depth, k, 1], work[depth, k, 2], work[depth, k, 3]
                depth += 1
                entering = True
                continue
            a, b, c = frames[depth, KEY], frames[depth, KEY + 1], frames[depth, KEY + 2]
            memo.put(failed, a, b, c, 1)  # every child failed
            code = NOTHING
        # the position after ``depth`` cards is done: ``code`` is FOUND or NOTHING
        if depth == root:
            return code
        depth -= 1
        if code == FOUND:  # the child searched last wins
            cells[depth] = (work[depth, frames[depth, NEXT] - 1, 0] >> 16) & 15
        else:
            code = GO_ON


@jit
def box_to_moves(cells: Any, first: int, end: int, top: int, left: int, line: Any) -> None:
    """The board's moves, into ``line[first:end]``, for new piles in the box ``cells``
    there; ``top, left`` is the box's cell of the window's corner (``-1, -1``: no pile)."""
    for n in range(first, end):
        row, col = cells[n] // 4, cells[n] % 4
        if top < 0:
            top, left = row, col
            line[n] = 0
        elif row < top:
            line[n] = UP + col - left
            top = row
        elif col < left:
            line[n] = LEFT + row - top
            left = col
        else:
            line[n] = (row - top) * 4 + col - left


@jit
def new_piles(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, deal: Any,
    coming: Any, failed: Any, cells: Any, line: Any, work: Any, counters: Any, limits: Any,
) -> int:  # fmt: skip
    """A win with the next ``16 - piles`` cards each on a new pile, and at most
    ``covers`` more on piles: its moves in ``line[placed:END]``."""
    need = 16 - count(occupied)
    if placed + need > len(deal):
        return NOTHING
    covers = min(covers, len(deal) - placed - need)
    frames = numpy.empty((len(deal) + 1, FRAME), dtype=numpy.int64)  # each box's stack
    if occupied == 0:
        for cell in STARTS:
            code = box_search(
                kernel.wrap(deal[placed] << 4 * cell), 1 << cell, 1 << cell, 1 << 4 * cell,
                placed + 1, covers, deal, coming, failed, cells, work, frames, counters, limits,
            )  # fmt: skip
            if code == FOUND:
                cells[placed] = cell
                box_to_moves(cells, placed, counters[END], -1, -1, line)
            if code != NOTHING:
                return code
        return NOTHING
    if need == 0 and up == ALL:
        counters[END] = placed
        return FOUND
    height, width = extent(occupied)
    for dr in range(5 - height):
        for dc in range(5 - width):
            step = dr * 4 + dc
            code = box_search(
                kernel.wrap(ranks << 4 * step), up << step, occupied << step,
                heights << 4 * step, placed, covers, deal, coming, failed, cells, work,
                frames, counters, limits,
            )  # fmt: skip
            if code == FOUND:
                box_to_moves(cells, placed, counters[END], dr, dc, line)
            if code != NOTHING:
                return code
    return NOTHING
