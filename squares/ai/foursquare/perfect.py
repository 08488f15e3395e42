"""The Python side of the compiled search (``search``): its memos, tables and budget,
and ``Perfect``, the new-piles search on its own ("wins in which every card left starts
a new pile"), as the tests and the solver's callers see it.

>>> from squares.ai.foursquare.board import EMPTY
>>> Perfect([7, 3, 9, 1]).line(EMPTY, 0) is None  # four cards cannot fill sixteen cells
True
"""

from __future__ import annotations

import math
from typing import Any

import numpy

from squares.ai.foursquare import box
from squares.ai.foursquare.board import Board
from squares.ai.foursquare.budget import CAP, DEADLINE, END, NODES, NOTHING, STOP, Arrays
from squares.ai.foursquare.memo import grown, memo

UNLIMITED = 1 << 62
"""A node count no search reaches: "no budget"."""

GRID_SLOTS = 1 << 21  # most slots of the memo of search.within (64 MB, touched as used)
BOX_SLOTS = 1 << 21  # most slots of the memo of box.new_piles (64 MB, touched as used)
# ... and for a solve whose budget is larger than LARGE_BUDGET positions (or unlimited):
# there a memo that forgets less saves more than its memory costs (512 MB)
LARGE_BUDGET = 1 << 24
LARGE_BOX_SLOTS = 1 << 24
# ... and larger yet for a budget in positions larger than each of these (2 GB and 4 GB):
# a proof that no win within 18 cards exists (a best score of 21) visits about 160
# million positions, and a memo of 2^24 slots forgets so many that it takes 365 million
LARGER_BOX_SLOTS: tuple[tuple[int, int], ...] = ((1 << 28, 1 << 26), (1 << 29, 1 << 27))
FIRST_SLOTS = 1 << 14  # slots of a new memo, until a search may put more entries
SLOTS_PER_POSITION = 4  # a memo grows to this many slots for each position it may hold
GROWTH = 8  # a memo that grows takes at least this many times its slots (fewer copies)


def room(table: Any, positions: int, most: int) -> Any:
    """``table``, or a bigger memo with its entries, for ``positions`` positions in all
    (each puts at most one entry), of at most ``most`` slots."""
    want = 1 << max(0, SLOTS_PER_POSITION * positions - 1).bit_length()
    if want <= len(table):
        return table
    return grown(table, min(most, max(want, GROWTH * len(table))))


def coming_table(ranks: list[int]) -> Any:
    """``table[placed * 41 + end, v]``: how many distinct ranks among ``ranks[placed:end]``
    are below ``v`` plus how many are not above it (``keys.box_key``).

    >>> table = coming_table([3, 5, 3])
    >>> [int(table[0 * 41 + 3, v]) for v in (2, 3, 4, 5, 6)]  # 3 and 5 to come
    [0, 1, 2, 3, 4]
    """
    n = len(ranks)
    seen = numpy.zeros((n + 1, 16), dtype=numpy.int64)  # seen[i, f]: ranks[:i] equal to f
    seen[numpy.arange(1, n + 1), ranks] = 1
    seen.cumsum(axis=0, out=seen)
    # upto[placed, end, v]: how many distinct ranks not above v are in ranks[placed:end]
    upto = numpy.cumsum(seen[None] > seen[:, None], axis=2, dtype=numpy.int64)
    table = numpy.zeros((41, 41, 16), dtype=numpy.int64)
    table[: n + 1, : n + 1] = upto
    table[: n + 1, : n + 1, 1:] += upto[:, :, :-1]  # and those below v
    return table.reshape(41 * 41, 16)


def box_slots(budget: Budget) -> int:
    """The most slots of the new-piles memo for a solve with this budget: its whole
    budget in positions (``Budget.max_nodes``), not the share of it a search is given
    (``counters[STOP]`` while the solver searches upwards), since the memo serves the
    whole solve. A budget in seconds alone (no positions) gets ``LARGE_BOX_SLOTS``, since
    the memo is grown to its most as soon as a search may run on without a cap."""
    total = UNLIMITED if budget.max_nodes is None else budget.max_nodes
    if total <= LARGE_BUDGET:
        return BOX_SLOTS
    most = max(BOX_SLOTS, LARGE_BOX_SLOTS)
    for above, slots in LARGER_BOX_SLOTS:
        if above < total < UNLIMITED:
            most = max(most, slots)
    return most


class Budget:
    """What a search may spend: the arrays ``budget.tick`` reads (see ``budget``)."""

    def __init__(self, max_nodes: int | None = None, deadline: float | None = None) -> None:
        self.max_nodes = max_nodes  # the whole solve's, whatever share a search is given
        self.counters = numpy.zeros(5, dtype=numpy.int64)
        self.limits = numpy.zeros(2, dtype=numpy.float64)
        self.counters[STOP] = UNLIMITED if max_nodes is None else max_nodes
        self.counters[CAP] = UNLIMITED
        self.limits[DEADLINE] = math.inf if deadline is None else deadline

    @property
    def nodes(self) -> int:
        return int(self.counters[NODES])


class Perfect:
    """The new-piles search for one deal; its memo lasts as long as the object.

    ``ranks`` are the ranks of the cards to come in drawing order.
    """

    def __init__(self, ranks: list[int], budget: Budget | None = None) -> None:
        self.deal = numpy.array(ranks, dtype=numpy.int64)
        self.coming = coming_table(ranks)
        self.failed = memo(min(FIRST_SLOTS, BOX_SLOTS))  # the fixed box's memo of failures
        self.cells = numpy.zeros(41, dtype=numpy.int64)
        self.line_found = numpy.zeros(41, dtype=numpy.int64)
        self.work = numpy.zeros((41, 24, 5), dtype=numpy.int64)  # each depth's children
        self.budget = budget or Budget()

    def arrays(self, failed: Any = None) -> Arrays:
        """The arrays of a compiled search of this deal: the fixed-box memo this
        object's, the free-form search's ``failed`` (its caller's)."""
        budget = self.budget
        return Arrays(
            self.deal, self.coming, self.failed if failed is None else failed, self.failed,
            self.cells, self.line_found, self.work, budget.counters, budget.limits,
        )  # fmt: skip

    def make_room(self, positions: int) -> None:
        """A memo with room for ``positions`` more positions than searched so far."""
        self.failed = room(self.failed, self.budget.nodes + positions, box_slots(self.budget))

    def line(self, board: Board, placed: int, covers: int = 0) -> list[int] | None:
        """Moves (first first) winning with the next ``16 - piles`` cards, each a new pile,
        and at most ``covers`` more, which go on piles.

        ``placed`` is the index in ``ranks`` of the next card. ``None``: no such win.
        """
        ranks, up, occupied, heights = board
        budget = self.budget
        self.make_room(int(budget.counters[STOP]) - budget.nodes)
        code = box.new_piles(ranks, up, occupied, heights, placed, covers, self.arrays())
        if code < 0:
            raise RuntimeError("the new-piles search ran out of its budget")
        if code == NOTHING:
            return None
        return [int(m) for m in self.line_found[placed : budget.counters[END]]]
