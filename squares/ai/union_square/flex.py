"""Tableau layouts with a free pile, as one class (see ``squares.games.union_square.stuck``).

With at least one empty pile, every layout of the same multiset *M* of tableau cards can
reach every other (tableau moves are reversible, and a free pile lets runs be reversed,
merged and nested). So such a position is determined, up to moves that cost nothing, by
*M*: its representative lays *M* out as *layers* (per suit, the maximal runs of ranks it
holds at least once, then at least twice), each pile going up, in sorted slots.

This module gives the representative (its number of layers is the fewest piles *M* can
use), a suit's layout, and the ``Goal`` of a search over one suit's layouts (``paths``,
played as moves by ``realization.suit_moves``; suits never share a pile).

>>> layers(bytes([4, 5, 5, 6, 9]))
[b'\\x04\\x05\\x06', b'\\x05', b'\\t']
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy

from squares.ai.union_square.fast import Position
from squares.ai.union_square.layers import runs

Layout = tuple[bytes, ...]  # one suit's piles, sorted


def layers(cards: bytes) -> list[bytes]:
    """The layers of these cards, each an ascending run, in sorted order."""
    return list(_layers(bytes(sorted(cards))))


@lru_cache(maxsize=1 << 14)
def _layers(cards: bytes) -> tuple[bytes, ...]:
    """``layers`` of sorted cards: the same tableau's cards recur all through a search.
    Found compiled (``squares.ai.union_square.layers.runs``)."""
    found = runs(numpy.frombuffer(cards, dtype=numpy.uint8))
    return tuple([_CARD_INTS[start : start + length] for start, length in found.tolist()])


_CARD_INTS = bytes(range(52))


def tableau_cards(position: Position) -> bytes:
    return b"".join(position.tableau)


def representative(position: Position, cards: bytes | None = None) -> Position:
    """The class's representative: the layers of the tableau's cards, then empty piles."""
    runs = layers(tableau_cards(position) if cards is None else cards)
    tableau = tuple(runs) + (b"",) * (len(position.tableau) - len(runs))
    return Position(position.stock, position.waste, tableau, position.home)


def has_free_pile(position: Position) -> bool:
    return not all(position.tableau)


def suit_layout(position: Position, suit: int) -> Layout:
    return tuple(sorted(p for p in position.tableau if p and p[0] // 13 == suit))


class Goal(NamedTuple):
    """What a suit search (``realization.suit_moves``) looks for: ``kind``, one of
    ``paths``' goal kinds, with its ``arg`` or the layout it ``want``s."""

    kind: int
    arg: int = 0
    want: Layout = ()
