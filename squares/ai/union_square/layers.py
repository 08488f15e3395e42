"""The layers of a multiset of tableau cards (``flex.layers``), compiled.

A layer is a maximal run of one suit's ranks that the cards hold at least once, or at
least twice (two decks): the representative of a class with a free pile lays its cards
out as its layers. ``runs`` finds them from the cards' counts, in sorted order (as ``bytes``
sort: by first card, then the shorter first); the tests compare it compiled and as plain
Python on the tableaux of random games, and check on multisets Hypothesis makes up that
the layers hold the cards, each an ascending run of one suit, as few as the cards need.

>>> runs(numpy.array([4, 5, 5, 6, 9], dtype=numpy.uint8)).tolist()
[[4, 3], [5, 1], [9, 1]]
"""

from __future__ import annotations

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import jit, jit_inner

CARDS = 52  # one deck's card ints; a tableau holds each at most twice


@jit
def runs(cards: NDArray[numpy.uint8]) -> NDArray[numpy.int16]:
    """The layers of ``cards`` (any order), sorted, one row each: first card, length."""
    held = numpy.zeros(CARDS, dtype=numpy.int16)
    for card in cards:
        held[card] += 1
    found = numpy.zeros((len(cards), 2), dtype=numpy.int16)
    return found[: runs_of_counts(held, found)]


@jit_inner
def runs_of_counts(held: NDArray[numpy.int16], found: NDArray[numpy.int16]) -> int:
    """``runs`` of the cards ``held`` counts (per card int): the layers into the first rows
    of ``found`` (as many rows as cards), sorted; returns how many."""
    count = 0
    for suit in range(0, CARDS, 13):
        top = 0
        for card in range(suit, suit + 13):
            top = max(top, int(held[card]))
        for level in range(1, top + 1):
            start = -1
            for card in range(suit, suit + 14):
                inside = card < suit + 13 and held[card] >= level
                if inside and start < 0:
                    start = card
                elif not inside and start >= 0:
                    _insert(found, count, start, card - start)
                    count += 1
                    start = -1
    return count


@jit_inner
def _insert(found: NDArray[numpy.int16], count: int, start: int, length: int) -> None:
    """Insert a run into the first ``count`` rows of ``found``, kept sorted."""
    k = count
    while k > 0 and (
        found[k - 1, 0] > start or (found[k - 1, 0] == start and found[k - 1, 1] > length)
    ):
        found[k, 0] = found[k - 1, 0]
        found[k, 1] = found[k - 1, 1]
        k -= 1
    found[k, 0] = start
    found[k, 1] = length
