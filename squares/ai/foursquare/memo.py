"""The solver's memos of failures: open-addressing hash tables in one array, compiled.

A memo maps a key of three integers to a value of at least 0 (here: the largest number
of cards within which a position failed). It is an array of slots of 32 bytes, each the
three integers of a key and its value plus one (0 in a free slot, so a new memo is all
zeros), and it forgets an old entry when the slots near a new key's are all taken: a
forgotten failure is searched again, which costs time, never an answer. The fixed-box
search's memo (``box``) uses ``get_stamped`` and ``put_stamped`` instead: its value is
when the key was last put or found, and a new key forgets the least recently used of its
slots. A memo starts small and ``grown`` moves its entries into a bigger one, so a big
memo is not zeroed until it is needed (docs/contributing/decisions.md has the figures).

>>> table = memo(16)
>>> put(table, 1, 2, 3, 7)
>>> get(table, 1, 2, 3), get(table, 3, 2, 1)
(7, -1)
"""

from __future__ import annotations

from typing import Any

import numpy

from squares.ai.compiled import fetch_ahead
from squares.ai.foursquare.kernel import jit, jit_inner

PROBES = 8  # slots looked at for a key, from its hash on
EMPTY = -1
VALUE = 3  # the column of the value


def memo(slots: int) -> Any:
    """An empty memo of ``slots`` slots (a power of two)."""
    if slots < 1 or slots & (slots - 1):
        raise ValueError("the number of slots must be a power of two")
    return numpy.zeros((slots, 4), dtype=numpy.int64)


@jit_inner
def _slot(table: Any, a: int, b: int, c: int) -> int:
    mixed = int(a) * 0x1E3779B97F4A7C15  # int(): plain Python ints without numba
    mixed ^= int(b) * 0x2545F4914F6CDD1D + (mixed >> 29)
    mixed ^= int(c) * 0x5851F42D4C957F2D + (mixed >> 31)
    mixed ^= mixed >> 33
    return int(mixed & (table.shape[0] - 1))


@jit_inner
def _holds(table: Any, slot: int, a: int, b: int, c: int) -> bool:
    return bool(table[slot, 0] == a and table[slot, 1] == b and table[slot, 2] == c)


@jit_inner
def _find(table: Any, a: int, b: int, c: int) -> int:
    """The slot holding the key ``a, b, c``, or ``EMPTY``."""
    mask = table.shape[0] - 1
    slot = _slot(table, a, b, c)
    for _ in range(PROBES):
        if table[slot, VALUE] == 0:
            return EMPTY
        if _holds(table, slot, a, b, c):
            return slot
        slot = (slot + 1) & mask
    return EMPTY


@jit_inner
def get(table: Any, a: int, b: int, c: int) -> int:
    """The value of the key ``a, b, c``, or ``EMPTY``."""
    slot = _find(table, a, b, c)
    return EMPTY if slot == EMPTY else int(table[slot, VALUE]) - 1


@jit_inner
def prefetch(table: Any, a: int, b: int, c: int) -> None:
    """Ask the processor to bring the key's first slot into its caches, without
    waiting: a lookup of it soon after finds it there."""
    fetch_ahead(table, _slot(table, a, b, c))


@jit_inner
def put(table: Any, a: int, b: int, c: int, value: int) -> None:
    """Set the key's value (``value >= 0``), forgetting another key's if need be."""
    mask = table.shape[0] - 1
    first = slot = _slot(table, a, b, c)
    found = False
    for _ in range(PROBES):
        if table[slot, VALUE] == 0 or _holds(table, slot, a, b, c):
            found = True
            break
        slot = (slot + 1) & mask
    if not found:
        slot = first  # every slot near it is taken: forget the first
    table[slot, 0], table[slot, 1], table[slot, 2] = a, b, c
    table[slot, VALUE] = value + 1


@jit_inner
def get_stamped(table: Any, a: int, b: int, c: int, now: int) -> bool:
    """Whether the key is there; if it is, its value becomes ``now`` (``now >= 0``)."""
    slot = _find(table, a, b, c)
    if slot == EMPTY:
        return False
    table[slot, VALUE] = now + 1
    return True


@jit_inner
def put_stamped(table: Any, a: int, b: int, c: int, now: int) -> None:
    """Put the key with the value ``now`` (``now >= 0``), forgetting, if every slot near
    it is taken, the one of least value: the least recently put or found."""
    mask = table.shape[0] - 1
    slot = _slot(table, a, b, c)
    oldest, least = slot, table[slot, VALUE]
    for _ in range(PROBES):
        if table[slot, VALUE] == 0 or _holds(table, slot, a, b, c):
            oldest = slot
            break
        if table[slot, VALUE] < least:
            oldest, least = slot, table[slot, VALUE]
        slot = (slot + 1) & mask
    table[oldest, 0], table[oldest, 1], table[oldest, 2] = a, b, c
    table[oldest, VALUE] = now + 1


@jit
def _copy(table: Any, bigger: Any) -> None:
    for slot in range(table.shape[0]):
        if table[slot, VALUE] != 0:
            a, b, c = table[slot, 0], table[slot, 1], table[slot, 2]
            put(bigger, a, b, c, int(table[slot, VALUE]) - 1)


def grown(table: Any, slots: int) -> Any:
    """``table`` if it has ``slots`` slots or more, else a memo of ``slots`` slots holding
    its entries (a power of two).

    >>> small = memo(2)
    >>> put(small, 1, 2, 3, 7)
    >>> get(grown(small, 64), 1, 2, 3), len(grown(small, 64))
    (7, 64)
    """
    if table.shape[0] >= slots:
        return table
    bigger = memo(slots)
    _copy(table, bigger)
    return bigger
