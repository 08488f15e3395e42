"""Tableau layouts with a free pile, as one class, and their layers (compiled).

With at least one empty pile, every layout of the same multiset *M* of tableau cards can
reach every other (tableau moves are reversible, and a free pile lets runs be reversed,
merged and nested; see ``squares.games.union_square.stuck``). So such a position is
determined, up to moves that cost nothing, by *M*: its ``representative`` lays *M* out
as *layers*, each pile going up, in sorted slots. A layer is a maximal run of one suit's
ranks that the cards hold at least once, or at least twice (two decks); their number is
the fewest piles *M* can use. ``runs`` finds them from the cards' counts, compiled, in
sorted order (as ``bytes`` sort: by first card, then the shorter first); the tests
compare it compiled and as plain Python on the tableaux of random games, and check on
multisets Hypothesis makes up that the layers hold the cards, each an ascending run of
one suit, as few as the cards need.

>>> runs(numpy.array([4, 5, 5, 6, 9], dtype=numpy.uint8)).tolist()
[[4, 3], [5, 1], [9, 1]]
>>> layers(bytes([4, 5, 5, 6, 9]))
[b'\\x04\\x05\\x06', b'\\x05', b'\\t']
"""

from __future__ import annotations

from functools import lru_cache

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import jit, jit_inner
from squares.ai.union_square.fast import Position

Layout = tuple[bytes, ...]  # one suit's piles, sorted

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


# -- the Python face -----------------------------------------------------------------------


def layers(cards: bytes) -> list[bytes]:
    """The layers of these cards, each an ascending run, in sorted order."""
    return list(_layers(bytes(sorted(cards))))


@lru_cache(maxsize=1 << 14)
def _layers(cards: bytes) -> tuple[bytes, ...]:
    """``layers`` of sorted cards (the same tableau's cards recur all through a search)."""
    found = runs(numpy.frombuffer(cards, dtype=numpy.uint8))
    return tuple([_CARD_INTS[start : start + length] for start, length in found.tolist()])


_CARD_INTS = bytes(range(CARDS))


def tableau_cards(position: Position) -> bytes:
    return b"".join(position.tableau)


def representative(position: Position) -> Position:
    """The class's representative: the layers of the tableau's cards, then empty piles."""
    found = layers(tableau_cards(position))
    tableau = tuple(found) + (b"",) * (len(position.tableau) - len(found))
    return Position(position.stock, position.waste, tableau, position.home)


def has_free_pile(position: Position) -> bool:
    return not all(position.tableau)


def suit_layout(position: Position, suit: int) -> Layout:
    return tuple(sorted(p for p in position.tableau if p and p[0] // 13 == suit))
