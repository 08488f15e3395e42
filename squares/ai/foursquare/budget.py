"""What a compiled search of the solver may spend, and what it answers.

``counters`` hold the positions searched, the node count to stop at, the cap of this
probe, the random state of the move order and the index past the end of the line found;
``limits`` the time to stop at (as ``time.perf_counter``) and the noise of the move
order. A search returns ``FOUND`` (the moves are in its line, one per card placed),
``NOTHING`` (proven: no such win), or ``OUT`` / ``RESTART`` when the budget or the
probe's cap ran out, and then proves nothing.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from squares.ai.compiled import now
from squares.ai.foursquare.kernel import jit_inner


class Arrays(NamedTuple):
    """The arrays a compiled search works in, passed as one (``search.within``,
    ``box.new_piles``): the deal, the memos, the line found, room for each depth's
    children, and the budget's ``counters`` and ``limits``."""

    deal: Any  # the ranks of the cards in drawing order
    coming: Any  # ``keys.coming_table`` of the deal
    failed: Any  # ``search.within``'s memo of failures
    box_failed: Any  # the fixed-box search's memo of failures
    cells: Any  # the box cell of each card of a fixed-box line
    line: Any  # the moves of the line found, one per card placed
    work: Any  # each depth's children
    counters: Any
    limits: Any


FOUND, NOTHING, OUT, RESTART = 1, 0, -1, -2
NODES, STOP, CAP, RANDOM, END = range(5)
DEADLINE, NOISE = range(2)
CHECK_EVERY = 1024  # positions between looks at the clock


@jit_inner
def tick(counters: Any, limits: Any) -> int:
    """Count a position: ``OUT`` or ``RESTART`` when a budget runs out, else 0."""
    if counters[NODES] >= counters[STOP]:
        return OUT
    counters[NODES] += 1
    # the clock is read only for a budget in seconds (numba compiles its call when first made)
    deadline = limits[DEADLINE]
    if counters[NODES] % CHECK_EVERY == 0 and deadline < math.inf and now() > deadline:
        return OUT
    if counters[NODES] > counters[CAP]:
        return RESTART
    return 0


@jit_inner
def random_unit(counters: Any) -> float:
    """A number in [0, 1) from the search's own generator (a 64-bit LCG)."""
    counters[RANDOM] = counters[RANDOM] * 6364136223846793005 + 1442695040888963407
    return float((counters[RANDOM] >> 11) & 0xF_FFFF_FFFF_FFFF) / 4503599627370496.0


@jit_inner
def sorted_in(work: Any, depth: int, n: int, key: int, width: int) -> int:
    """The row of ``work[depth]``, whose first ``n`` rows are sorted by their column 0,
    where a child sorted by ``key`` goes, the rows after it moved down one (the first
    ``width`` columns): a step of an insertion sort, element by element, so that no
    shape check is compiled."""
    at = n
    while at > 0 and work[depth, at - 1, 0] > key:
        for j in range(width):
            work[depth, at, j] = work[depth, at - 1, j]
        at -= 1
    return at
