"""The solver's search in a fixed box: wins in which every card left starts a new pile,
or at most ``BOX_COVERS`` go on piles.

``new_piles`` fixes the grid's final 4×4 box up front: the piles standing now sit in
one of at most 16 places inside it. In a fixed box a new pile is an empty cell next to a
pile, nothing shifts, and a position is the rank and side of each top card (and, while
a cover is left, how many more cards each pile may take). Its memo of failures merges
positions that cannot differ in what follows (``keys``: ranks by their order among the
cards to come, mirror images of the box, rows and columns in another order). The search
from the empty grid within 17, 18 or 19 cards (16 piles and one, two or three covers,
the proofs the best scores of 22, 21 and 20 wait on) runs there from its first card: the
free-form search met no position twice before the first cover, the fixed box merges
many.

It places cards with ``kernel.play`` and spends the budget of
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
from squares.ai.foursquare import kernel, memo
from squares.ai.foursquare.budget import END, FOUND, NODES, NOTHING, Arrays, sorted_in, tick
from squares.ai.foursquare.kernel import ALL, LEFT, UP, jit, jit_inner
from squares.ai.foursquare.kernel import popcount as count
from squares.ai.foursquare.keys import position_key
from squares.ai.foursquare.symmetry import extent

BOX_COVERS = 2  # up to this many cards on piles, search in a fixed box
ROOT_BOX_COVERS = 3  # and from the position a solve starts from, this many too
STARTS = (0, 1, 5)


# A frame of the search's stack, ``frames[placed]``: the position after ``placed`` cards
# (what its children are made from), its memo key, its number of children and the next.
RANKS, PILES, HEIGHTS, COVERS, KEY, CHILDREN, NEXT = 0, 1, 2, 3, 4, 7, 8
FRAME = 9
GO_ON = 2  # a position expanded: search its next child


@jit_inner
def box_search(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, arrays: Arrays,
    frames: Any,
) -> int:  # fmt: skip
    """A win from this fixed-box position with new piles and at most ``covers`` cards on
    piles; ``arrays.cells[placed]`` on is the box cell of each card (when ``FOUND``; the
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
    deal, cells = arrays.deal, arrays.cells
    failed, coming, counters, limits = (
        borrowed(arrays.box_failed),
        borrowed(arrays.coming),
        borrowed(arrays.counters),
        borrowed(arrays.limits),
    )
    work, frames = borrowed(arrays.work), borrowed(frames)
    root = depth = placed
    a, b, c = position_key(ranks, up, occupied, heights, placed, covers, coming)
    entering = True  # the locals hold a position not yet looked at, after ``depth`` cards
    code = NOTHING
    while True:
        if entering:
            entering = False
            code = NOTHING
            if not memo.get_stamped(failed, a, b, c, counters[NODES]):
                code = tick(counters, limits)
                if code:
                    return code
                code = GO_ON
                rank = deal[depth]
                n = 0
                options = kernel.beside(occupied)
                if covers:
                    options |= occupied & ~kernel.full(heights)
                while options:
                    bit = options & -options
                    options ^= bit
                    cell = count(bit - 1)
                    r, turned, grown, grown_heights = kernel.play(
                        ranks, up, occupied, heights, cell, rank
                    )
                    down = count(grown ^ turned)
                    if kernel.lost(down):
                        continue
                    if kernel.won(grown, turned):
                        cells[depth] = cell
                        counters[END] = depth + 1
                        code = FOUND
                        break
                    on_pile = 1 if occupied & bit else 0
                    left = covers - on_pile  # covers after this card
                    if left == 0:
                        if not kernel.lines_agree(grown, turned):
                            continue
                    elif kernel.covers_needed(grown, turned, grown_heights, left) > left:
                        continue
                    key = position_key(r, turned, grown, grown_heights, depth + 1, left, coming)
                    memo.prefetch(failed, key[0], key[1], key[2])
                    child = (on_pile * 128 + down * 16 + cell) << 16 | turned
                    # new piles first, the fewest face down, then by cell
                    at = sorted_in(work, depth, n, child, 4)
                    n += 1
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
                cell, piles = (child >> 16) & 15, frames[depth, PILES]
                parent, below = frames[depth, RANKS], frames[depth, HEIGHTS]
                covers = frames[depth, COVERS] - (piles >> cell & 1)
                # the child's tops are kept as its placement left them: nothing turns again
                ranks, up, occupied, heights = kernel.placed(
                    parent, child & ALL, piles, below, cell, deal[depth], 0
                )
                a, b, c = work[depth, k, 1], work[depth, k, 2], work[depth, k, 3]
                depth += 1
                entering = True
                continue
            a, b, c = frames[depth, KEY], frames[depth, KEY + 1], frames[depth, KEY + 2]
            memo.put_stamped(failed, a, b, c, counters[NODES])  # every child failed
            code = NOTHING
        # the position after ``depth`` cards is done: ``code`` is FOUND or NOTHING
        if depth == root:
            return code
        depth -= 1
        if code == FOUND:  # the child searched last wins
            cells[depth] = (work[depth, frames[depth, NEXT] - 1, 0] >> 16) & 15
        else:
            code = GO_ON


@jit_inner
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
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, arrays: Arrays
) -> int:
    """A win with the next ``16 - piles`` cards each on a new pile, and at most
    ``covers`` more on piles: its moves in ``arrays.line[placed:END]`` (the memo:
    ``arrays.box_failed``)."""
    deal, cells, line, counters = arrays.deal, arrays.cells, arrays.line, arrays.counters
    need = 16 - count(occupied)
    if placed + need > len(deal):
        return NOTHING
    covers = min(covers, len(deal) - placed - need)
    frames = numpy.empty((len(deal) + 1, FRAME), dtype=numpy.int64)  # each box's stack
    if occupied == 0:
        for cell in STARTS:
            code = box_search(
                kernel.wrap(deal[placed] << 4 * cell), 1 << cell, 1 << cell, 1 << 4 * cell,
                placed + 1, covers, arrays, frames,
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
                heights << 4 * step, placed, covers, arrays, frames,
            )  # fmt: skip
            if code == FOUND:
                box_to_moves(cells, placed, counters[END], dr, dc, line)
            if code != NOTHING:
                return code
    return NOTHING
