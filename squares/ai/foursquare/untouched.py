"""The orders of a fixed box's rows and columns that keep what its empty cells wait on,
for the solver's memo of positions with an empty cell that no pile touches.

A new pile goes in an empty cell next to a pile (rules: orthogonally adjacent), and the
flip rule reads rows and columns as lines, whatever cells lie between. Once every empty
cell of the box is next to a pile, any order of the rows and of the columns, and a swap
of rows for columns, keeps the lines of play (``keys.reordered_key``). Before that, an
empty cell that no pile touches (an *untouched* cell) becomes a legal new pile only when
one of its neighbours takes one. An order keeps the lines of play if it maps the
untouched cells onto the untouched cells of the image, and the neighbours of each onto
the neighbours of its image: then each cell becomes legal when its image does. The
second holds for an order of the rows exactly when it maps the rows next to the
untouched cell's row onto the rows next to that row's image (``KEEPS``: 4 of the 24
orders for each row; the same for the columns), so a box has at most 32 such orders
with the swap, among them its 8 mirror images.

``LEAST_ORDERS[occupied]`` lists, for each set of piles with an untouched cell, the
orders that keep its lines of play and turn its piles into the least of their images
(one for most sets): a position and any image of it by such an order then read alike
through one of them (``keys.untouched_key``). A set with more than ``MOST_ORDERS`` of
them lists none, and its positions are keyed as before (mirror images only).
"""

from __future__ import annotations

from typing import Any

import numpy

from squares.ai.foursquare.kernel import ALL, COMPILED, beside, jit, jit_inner
from squares.ai.foursquare.kernel import popcount as count
from squares.ai.foursquare.reorder import ORDERS

MOST_ORDERS = 3
SWAPPED = 576  # an order ``how``: ``how // SWAPPED`` rows and columns swapped, then
LINES = 24  # the order of the rows ``how // LINES % LINES`` and of the columns ``how % LINES``


def _next_to(line: int) -> set[int]:
    return {other for other in (line - 1, line + 1) if 0 <= other < 4}


def _orders_keeping_neighbours() -> Any:
    """``KEEPS[r]``: bit ``k`` when ``ORDERS[k]`` (line ``j`` of the image is line
    ``ORDERS[k][j]``) maps the lines next to line ``r`` onto the lines next to its image."""
    keeps = numpy.zeros(4, dtype=numpy.int64)
    for k, order in enumerate(ORDERS):
        image = {int(old): new for new, old in enumerate(order)}
        for line in range(4):
            if {image[other] for other in _next_to(line)} == _next_to(image[line]):
                keeps[line] |= 1 << k
    return keeps


KEEPS = _orders_keeping_neighbours()
PACKED = numpy.array(
    [sum(int(old) << 2 * j for j, old in enumerate(order)) for order in ORDERS],
    dtype=numpy.int64,
)
"""Each of ``ORDERS`` as ``reorder.reading`` takes it: line ``j`` in bits ``2j``."""


@jit_inner
def image(cells: int, how: int) -> int:
    """The set of cells ``cells`` in the box reordered by ``how``."""
    swap, rows, cols = how // SWAPPED, how // LINES % LINES, how % LINES
    out = 0
    for j in range(4):
        for k in range(4):
            a, b = ORDERS[rows, j], ORDERS[cols, k]
            old = b * 4 + a if swap else a * 4 + b
            out |= ((cells >> old) & 1) << (j * 4 + k)
    return out


@jit_inner
def untouched(occupied: int) -> int:
    """The empty cells no pile touches."""
    return ALL & ~occupied & ~beside(occupied)


@jit
def _fill(table: Any) -> None:
    for occupied in range(1, 1 << 16):
        waiting = untouched(occupied)
        if waiting == 0:
            continue
        rows = cols = (1 << LINES) - 1  # the orders each untouched cell's lines allow
        rest = waiting
        while rest:
            bit = rest & -rest
            rest ^= bit
            i = count(bit - 1)
            rows &= KEEPS[i // 4]
            cols &= KEEPS[i % 4]
        least = ALL + 1
        n = 0
        for swap in range(2):
            firsts, seconds = (cols, rows) if swap else (rows, cols)
            for k in range(LINES):
                for m in range(LINES):
                    if not (firsts >> k & 1 and seconds >> m & 1):
                        continue
                    how = swap * SWAPPED + k * LINES + m
                    piles = image(occupied, how)
                    if image(waiting, how) != untouched(piles) or piles > least:
                        continue
                    if piles < least:
                        least, n = piles, 0
                    if n < MOST_ORDERS:
                        table[occupied, n + 1] = how
                    n += 1
        table[occupied, 0] = n if n <= MOST_ORDERS else 0


def least_orders(worked_out: bool = True) -> Any:
    """``LEAST_ORDERS``: worked out, or with no orders at all (every set of piles keyed by
    its mirror images only, which is still right)."""
    table = numpy.zeros((1 << 16, MOST_ORDERS + 1), dtype=numpy.int16)
    if worked_out:
        _fill(table)
    return table


# Without numba the table would take about 20 s to work out at every start, more than the
# positions it saves a search that runs as Python.
LEAST_ORDERS = least_orders(worked_out=COMPILED)
"""``LEAST_ORDERS[occupied, 0]``: how many orders, then the orders (``image``'s ``how``)."""
