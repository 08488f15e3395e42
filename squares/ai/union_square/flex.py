"""Tableau layouts with a free pile, as one class (see ``squares.games.union_square.stuck``).

With at least one empty pile, every layout of the same multiset *M* of tableau cards can
reach every other (tableau moves are reversible, and a free pile lets runs be reversed,
merged and nested). So such a position is determined, up to moves that cost nothing, by
*M*: its representative lays *M* out as *layers* (per suit, the maximal runs of ranks it
holds at least once, then at least twice), each pile going up, in sorted slots.

This module gives the representative (its number of layers is the fewest piles *M* can
use), and ``suit_path``: the tableau moves that take one layout of a suit to another, found by the
compiled breadth-first search over that suit's layouts (``paths``; suits never share a
pile).

>>> layers(bytes([4, 5, 5, 6, 9]))
[b'\\x04\\x05\\x06', b'\\x05', b'\\t']
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy
from numpy.typing import NDArray

from squares.ai.union_square import paths
from squares.ai.union_square.fast import Position
from squares.ai.union_square.layers import runs
from squares.games.union_square.moves import WASTE, Move

Layout = tuple[bytes, ...]  # one suit's piles, sorted
Step = tuple[bytes | None, bytes | None]  # (source pile or None for the waste, target pile)


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


# -- realizing a change of layout as moves ------------------------------------------------


def suit_path(start: Layout, budget: int, goal: Goal, card: int | None = None) -> list[Step] | None:
    """Shortest steps from ``start``, one suit's layout, to a layout meeting
    ``goal(layout, card_placed)``, using at most ``budget`` piles; ``card``, if given, is
    a card of the same suit waiting on the waste. Found by the compiled breadth-first
    search (``paths.search_in``).

    >>> suit_path((bytes([0, 1]), bytes([2, 3])), 3, Goal(paths.FEWER_THAN, 2))
    [(b'\\x02\\x03', None), (b'\\x02', b'\\x00\\x01'), (b'\\x03', b'\\x00\\x01\\x02')]
    """
    suit = start[0][0] // 13 if start else card // 13 if card is not None else 0
    if card is not None and card // 13 != suit:
        raise ValueError(f"card {card} waits for a layout of suit {suit}, not its own")
    if max(len(start), budget) > paths.WIDTH - 2:
        raise ValueError(f"{max(len(start), budget)} piles: a tableau has at most 16")
    row, want = _row(start, suit), _row(goal.want, suit)
    arg = goal.arg
    if goal.kind == paths.SHOWS:
        arg = arg - 13 * suit if arg // 13 == suit else -100
    rank = -1 if card is None else card - 13 * suit
    tables = paths.work(1 << 12)
    status, sources, targets = paths.search_in(row, budget, rank, goal.kind, arg, want, tables)
    if status == paths.NOT_FOUND:
        return None
    return [
        (
            None if source < 0 else paths.pile_of(int(source), suit),
            None if target < 0 else paths.pile_of(int(target), suit),
        )
        for source, target in zip(sources.tolist(), targets.tolist(), strict=True)
    ]


_PADDING = (0,) * paths.WIDTH


def _row(layout: Layout, suit: int) -> NDArray[numpy.int16]:
    """A layout as the compiled search's row: its number of piles, then their codes."""
    codes = sorted([paths.pile_code(pile, suit) for pile in layout])
    return numpy.array((len(codes), *codes, *_PADDING[len(codes) + 1 :]), dtype=numpy.int16)


def play_steps(position: Position, steps: list[Step]) -> tuple[list[Move], Position]:
    """Carry out steps named by pile contents on a real position (any slot with that content)."""
    moves: list[Move] = []
    for source, target in steps:
        tableau = position.tableau
        src = WASTE if source is None else tableau.index(source)
        if target is None:
            dst = next(i for i, pile in enumerate(tableau) if not pile)
        else:
            dst = next(i for i, pile in enumerate(tableau) if pile == target and i != src)
        move = Move(src, dst)
        moves.append(move)
        position = position.play(move)
    return moves, position


def suit_layout(position: Position, suit: int) -> Layout:
    return tuple(sorted(p for p in position.tableau if p and p[0] // 13 == suit))


class Goal(NamedTuple):
    """What a ``suit_path`` search looks for: ``kind``, one of ``paths``' goal kinds, with
    its ``arg`` or the layout it ``want``s."""

    kind: int
    arg: int = 0
    want: Layout = ()
