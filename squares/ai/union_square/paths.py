"""The breadth-first search over one suit's layouts (``realization.suit_moves``), compiled.

It finds the shortest steps, the first met in breadth-first order (the tests replay them
through the rules engine's pile rule and compare their number with a search over the
layouts the rules engine's moves reach, on layouts Hypothesis makes up).

A pile of one suit is a code that sorts as its ``bytes`` do: ``32 * bottom`` for a single
card, ``32 * bottom + length`` for a run going down, ``32 * bottom + 16 + length`` for
one going up (``bottom`` is the rank of its bottom card, 0..12). A layout is its codes,
sorted. The search keeps every layout it meets in one array, in the order met (which is
the queue's order), with an open-addressing table to find them again.

>>> code_of(4, 3, 1), code_of(4, 2, -1), code_of(4, 1, 0)  # 5♣ 6♣ 7♣, 5♣ 4♣, 5♣
(147, 130, 128)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import copy_run, jit_inner

Codes = NDArray[numpy.int16]

EQUAL, PLACED_WITHIN, FEWER_THAN, SHOWS, PLACED = range(5)
"""The kinds of goal: the layout equals a given one; the card is placed and at most ``arg``
piles are used; fewer than ``arg`` piles; some pile shows rank ``arg``; the card is placed."""


class Goal(NamedTuple):
    """What a suit search (``realization.suit_moves``) looks for: ``kind``, one of the
    kinds above, with its ``arg`` (for ``SHOWS``, a card) or the layout it ``want``s (one
    suit's piles, sorted)."""

    kind: int
    arg: int = 0
    want: tuple[bytes, ...] = ()


WIDTH = 18  # a row of the layouts' array: the number of piles, then the codes
FOUND, NOT_FOUND = 1, 0
_EMPTY = -1


@jit_inner
def _parts(code: int) -> tuple[int, int, int]:
    bottom, rest = code // 32, code % 32
    if rest == 0:
        return bottom, 1, 0
    if rest < 16:
        return bottom, rest, -1
    return bottom, rest - 16, 1


@jit_inner
def code_of(bottom: int, length: int, step: int) -> int:
    """The code of a pile: its bottom card's rank, its length, its step (-1, 1, or any
    for one card)."""
    if length == 1:
        return 32 * bottom
    if step < 0:
        return 32 * bottom + length
    return 32 * bottom + 16 + length


@jit_inner
def _top(code: int) -> int:
    bottom, length, step = _parts(code)
    return bottom + step * (length - 1)


@jit_inner
def _takes(code: int, rank: int) -> bool:
    bottom, length, step = _parts(code)
    last = bottom + step * (length - 1)
    if length == 1:
        return rank == last - 1 or rank == last + 1
    return rank == last + step


@jit_inner
def _push(code: int, rank: int) -> int:
    bottom, length, step = _parts(code)
    if length == 1:
        step = rank - bottom
    return code_of(bottom, length + 1, step)


@jit_inner
def _pop(code: int) -> int:
    """The pile without its top card, or -1 when it was a single card."""
    bottom, length, step = _parts(code)
    if length == 1:
        return -1
    return code_of(bottom, length - 1, step)


@jit_inner
def insert(row: Codes, code: int) -> None:
    """Insert ``code`` into the sorted codes of ``row`` (``row[0]`` counts them)."""
    k = row[0]
    while k > 0 and row[k] > code:
        row[k + 1] = row[k]
        k -= 1
    row[k + 1] = code
    row[0] += 1


@jit_inner
def _hash(row: Codes, placed: int) -> int:
    value = int(placed) + 7
    for k in range(row[0] + 1):
        value = ((value * 1000003) ^ int(row[k])) & 0xFFFFFFFF
    return value ^ (value >> 15)


@jit_inner
def _goal(row: Codes, flag: int, kind: int, arg: int, want: Codes) -> bool:
    if kind == EQUAL:
        for k in range(row[0] + 1):  # noqa: SIM110 - numba compiles no generators
            if row[k] != want[k]:
                return False
        return True
    if kind == PLACED_WITHIN:
        return flag == 1 and bool(row[0] <= arg)
    if kind == FEWER_THAN:
        return bool(row[0] < arg)
    if kind == SHOWS:
        for k in range(1, row[0] + 1):  # noqa: SIM110 - numba compiles no generators
            if _top(row[k]) == arg:
                return True
        return False
    return flag == 1


Ints = NDArray[numpy.int32]
Work = tuple[Codes, Codes, Ints, Codes, Codes, Ints, Ints]


@jit_inner
def work(capacity: int) -> Work:
    """The tables of a search that may meet ``capacity`` layouts, for ``search_in``: the
    layouts met, whether each has the card placed, each one's parent and step, the open
    addressing table (empty) and the slots of it in use. The table is emptied here, not
    made by ``numpy.full``: numba compiles each NumPy allocation of a new argument type."""
    table = numpy.zeros(2 * capacity, dtype=numpy.int32)
    for k in range(2 * capacity):
        table[k] = _EMPTY
    return (
        numpy.zeros((capacity, WIDTH), dtype=numpy.int16),
        numpy.zeros(capacity, dtype=numpy.int16),
        numpy.zeros(capacity, dtype=numpy.int32),
        numpy.zeros(capacity, dtype=numpy.int16),
        numpy.zeros(capacity, dtype=numpy.int16),
        table,
        numpy.zeros(capacity, dtype=numpy.int32),
    )


@jit_inner
def search_in(
    start: Codes, budget: int, card: int, kind: int, arg: int, want: Codes, tables: Work
) -> tuple[int, Codes, Codes]:
    """Shortest steps from the layout ``start`` (a row) to one meeting the goal.

    ``card`` is the rank of a card waiting on the waste, -1 if none. Returns the status
    (``FOUND`` or ``NOT_FOUND``) and the steps' sources and targets as codes, -1 standing
    for the waste (a source) or an empty pile (a target). The search runs in ``tables``
    (``work(capacity)``), which it leaves ready for the next search (the table's used
    slots emptied again), and, each time it meets more layouts than they hold, again in
    tables eight times as large: it always answers. A layout or a budget of more piles
    than a row holds (``WIDTH - 2``) has none.
    """
    if max(int(start[0]), budget) > WIDTH - 2:
        return NOT_FOUND, tables[3][:0], tables[4][:0]
    found, size = _meet(start, budget, card, kind, arg, want, tables)
    _, _, parent, sources, targets, table, used = tables
    for node in range(size):
        table[used[node]] = _EMPTY
    capacity = len(parent)
    while found == _OVERFLOW:
        capacity *= 8
        tables = work(capacity)
        found, size = _meet(start, budget, card, kind, arg, want, tables)
        _, _, parent, sources, targets, table, used = tables
    if found < 0:
        return NOT_FOUND, sources[:0], targets[:0]
    length = 0
    node = found
    while parent[node] >= 0:
        length += 1
        node = parent[node]
    path_sources = numpy.zeros(length, dtype=numpy.int16)
    path_targets = numpy.zeros(length, dtype=numpy.int16)
    node = found
    for k in range(length - 1, -1, -1):
        path_sources[k] = sources[node]
        path_targets[k] = targets[node]
        node = parent[node]
    return FOUND, path_sources, path_targets


_OVERFLOW = -2


@jit_inner
def _meet(
    start: Codes, budget: int, card: int, kind: int, arg: int, want: Codes, tables: Work
) -> tuple[int, int]:
    """The breadth-first search itself: the node that meets the goal (-1: none,
    ``_OVERFLOW``: the tables filled up), and the number of layouts met."""
    layouts, placed, parent, sources, targets, table, used = tables
    row = numpy.zeros(WIDTH, dtype=numpy.int16)
    rest = numpy.zeros(WIDTH, dtype=numpy.int16)
    copy_run(layouts[0], 0, start, 0, len(start))
    placed[0] = 1 if card < 0 else 0
    parent[0] = -1
    used[0] = _hash(start, placed[0]) & (len(table) - 1)  # the table starts empty
    table[used[0]] = 0
    size = 1
    head = 0
    # A layout is checked as it is met, not as it leaves the queue: the first met of
    # those that meet the goal is the first the queue would give, so the steps are the
    # same, and the rest of the queue before it is never expanded.
    found = 0 if _goal(start, placed[0], kind, arg, want) else -1
    mask = len(table) - 1
    # The loop below calls no function that takes an array: numba counts an array's
    # references around every such call (two atomic instructions an array), which took
    # most of this search's time; so the layouts are built, hashed, looked up and
    # compared in place here, where ``_hash`` says how a layout is hashed.
    while head < size and found < 0:
        node = head
        head += 1
        flag = int(placed[node])
        count = int(layouts[node, 0])
        # Each distinct pile's top card, in sorted order, then the waiting card.
        for index in range(1, count + 2 if flag == 0 else count + 1):
            if found >= 0:
                break
            # ``rest``: the layout without the moving card (its pile, less the card).
            if index <= count:
                source = int(layouts[node, index])
                if index > 1 and source == layouts[node, index - 1]:
                    continue
                moving = _top(source)
                left = _pop(source)
                uses = 0
            else:
                source = -1
                moving = card
                left = -1
                uses = 1
            out = 1
            for k in range(1, count + 1):
                if k == index:
                    continue
                here = int(layouts[node, k])
                if 0 <= left < here:
                    rest[out] = left
                    out += 1
                    left = -1
                rest[out] = here
                out += 1
            if left >= 0:
                rest[out] = left
                out += 1
            piles = out - 1
            rest[0] = piles
            child_flag = flag | uses
            # Each distinct pile that takes the card, then a new pile (``piles + 1``).
            for target_index in range(1, piles + 2):
                if target_index <= piles:
                    target = int(rest[target_index])
                    if target_index > 1 and target == rest[target_index - 1]:
                        continue
                    if not _takes(target, moving):
                        continue
                    grown_pile = _push(target, moving)
                    length = piles
                else:
                    if piles >= budget or (source >= 0 and _parts(source)[1] == 1):
                        continue
                    target = -1
                    grown_pile = code_of(moving, 1, 0)
                    length = piles + 1
                # The child: ``rest`` without the target, with the grown pile, sorted;
                # hashed as ``_hash`` does.
                value = ((child_flag + 7) * 1000003 ^ length) & 0xFFFFFFFF
                out = 1
                for k in range(1, piles + 1):
                    if k == target_index:
                        continue
                    here = int(rest[k])
                    if 0 <= grown_pile < here:
                        row[out] = grown_pile
                        value = ((value * 1000003) ^ grown_pile) & 0xFFFFFFFF
                        out += 1
                        grown_pile = -1
                    row[out] = here
                    value = ((value * 1000003) ^ here) & 0xFFFFFFFF
                    out += 1
                if grown_pile >= 0:
                    row[out] = grown_pile
                    value = ((value * 1000003) ^ grown_pile) & 0xFFFFFFFF
                row[0] = length
                # Met before? (open addressing: the next slot until an empty one)
                slot = (value ^ (value >> 15)) & mask
                new = True
                while table[slot] != _EMPTY:
                    other = table[slot]
                    if placed[other] == child_flag:
                        same = True
                        for k in range(length + 1):
                            if layouts[other, k] != row[k]:
                                same = False
                                break
                        if same:
                            new = False
                            break
                    slot = (slot + 1) & mask
                if not new:
                    continue
                if size == len(parent):
                    return _OVERFLOW, size
                for k in range(length + 1):
                    layouts[size, k] = row[k]
                placed[size] = child_flag
                parent[size] = node
                sources[size] = source
                targets[size] = target
                used[size] = slot
                table[slot] = size
                size += 1
                # Meets the goal? (``_goal``)
                if kind == EQUAL:
                    meets = True
                    for k in range(length + 1):
                        if row[k] != want[k]:
                            meets = False
                            break
                elif kind == PLACED_WITHIN:
                    meets = child_flag == 1 and length <= arg
                elif kind == FEWER_THAN:
                    meets = length < arg
                elif kind == SHOWS:
                    meets = False
                    for k in range(1, length + 1):
                        if _top(row[k]) == arg:
                            meets = True
                            break
                else:
                    meets = child_flag == 1
                if meets:
                    found = size - 1
                    break
    return found, size
