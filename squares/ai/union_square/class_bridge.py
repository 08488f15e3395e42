"""The compiled search over classes (``class_search``) and the readable code: the ways in.

The positions with every pile taken are rare (a few a deal) and their classes are the
readable searches of ``rigid``; there, for the fills of the last free pile and for the
exact end test of a position with an empty stock, the compiled search asks the Python
functions (``numba.objmode``), so both searches share one definition of those moves. An
item (``classes.Item``) crosses as a row of ``int16``: ``MOVE, source, target``;
``PLACE``; ``NORM`` then each slot's height, then the piles' cards.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator, Sequence

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import COMPILED, jit_with_objmode
from squares.ai.union_square.classes import Edge, Item, Norm, Place, class_edges, fill_moves, tidy
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import SIZE, of_position, to_position
from squares.games.union_square.moves import Move

Array = NDArray[numpy.int16]
Spans = NDArray[numpy.int64]

MOVE, PLACE, NORM = 0, 1, 2
NONE, RIGID, FILLS = 0, 1, 2  # the edges left to Python: a class with no pile free, the fills
SCRATCH = 1 << 15  # one edge's items (at most 105 Norms of 122 cells, and the moves)


# -- the Python side: what the compiled search asks of the readable code ------------------


def position_of(array: Array, slots: int) -> Position:
    """The ``fast.Position`` of an array whose tableau has ``slots`` slots."""
    position = to_position(array)
    return position._replace(tableau=position.tableau[:slots])


def encode(items: Iterable[Item], slots: int) -> list[int]:
    """Items as one row of ``int16`` (see the module docstring)."""
    out: list[int] = []
    for item in items:
        if isinstance(item, Move):
            out += (MOVE, item.source, item.target)
        elif isinstance(item, Place):
            out.append(PLACE)
        else:
            out.append(NORM)
            out += [len(pile) for pile in item.tableau[:slots]]
            for pile in item.tableau:
                out += pile
    return out


def decode(row: Sequence[int], slots: int, cards: bytes | None = None) -> tuple[Item, ...]:
    """``encode``'s items back; ``cards``: the same row as bytes, if at hand (a Norm's
    piles are cut from it)."""
    if cards is None:
        cards = bytes(cell & 0xFF for cell in row)
    items: list[Item] = []
    at, end = 0, len(row)
    while at < end:
        kind = row[at]
        if kind == MOVE:
            items.append(Move(row[at + 1], row[at + 2]))
            at += 3
        elif kind == PLACE:
            items.append(Place())
            at += 1
        else:
            heights = row[at + 1 : at + 1 + slots]
            at += 1 + slots
            piles = []
            for height in heights:
                piles.append(cards[at : at + height])
                at += height
            items.append(Norm(tuple(piles)))
    return tuple(items)


class _Pending(threading.local):
    """The Python searches' edges not yet taken, by frame (one search per thread)."""

    def __init__(self) -> None:
        self.edges: dict[int, Iterator[Edge]] = {}


PENDING = _Pending()


def python_edges(position: Position, kind: int) -> Iterator[Edge]:
    if kind == RIGID:
        yield from class_edges(position)
        return
    for items, child in fill_moves(position, None):
        more, child = tidy(child)
        yield (*items, *more), child


def python_edge(array: Array, slots: int, kind: int, frame: int, into: Array) -> Array:
    """The next edge ``classes`` gives from ``array``: of a class with no pile free
    (``RIGID``), or where the waste's card takes the last free pile (``FILLS``), the child
    tidied and written into ``into``; returns its items (none: no edge is left)."""
    pending = PENDING.edges.get(frame)
    if pending is None:
        pending = PENDING.edges[frame] = python_edges(position_of(array, slots), kind)
    edge = next(pending, None)
    if edge is None:
        del PENDING.edges[frame]
        return numpy.zeros(0, dtype=numpy.int16)
    into[:] = of_position(edge[1])
    return numpy.array([*encode(edge[0], slots), -1], dtype=numpy.int16)


def python_tidy(array: Array, slots: int, items: Array, count: int) -> int:
    """``tidy`` of a position with no pile free, in place; its items after ``count``."""
    more, position = tidy(position_of(array, slots))
    array[:] = of_position(position)
    cells = encode(more, slots)
    items[count : count + len(cells)] = cells
    return count + len(cells)


def python_stuck(array: Array, slots: int) -> bool:
    return position_of(array, slots).stuck()


if COMPILED:
    import numba

    @jit_with_objmode
    def ask_edge(array: Array, slots: int, kind: int, frame: int, into: Array) -> Array:
        with numba.objmode(cells="int16[:]"):
            cells = python_edge(array, slots, kind, frame, into)
        return cells

    @jit_with_objmode
    def ask_tidy(array: Array, slots: int, items: Array, count: int) -> int:
        with numba.objmode(done="int64"):
            done = python_tidy(array, slots, items, count)
        return done

    @jit_with_objmode
    def ask_stuck(array: Array, slots: int) -> bool:
        with numba.objmode(stuck="boolean"):
            stuck = python_stuck(array, slots)
        return stuck

    @jit_with_objmode
    def now() -> float:
        with numba.objmode(seconds="float64"):
            seconds = time.perf_counter()
        return seconds

else:  # pragma: no cover
    ask_edge, ask_tidy, ask_stuck = python_edge, python_tidy, python_stuck
    now = time.perf_counter


def prime(position: Position) -> None:
    """Call each way into the Python side once: numba readies an ``objmode`` block on its
    first run in a process (some 0.1 s each), which ``warm_up`` should pay, not a search."""
    array, slots = of_position(position), len(position.tableau)
    ask_stuck(array, slots)
    ask_tidy(array.copy(), slots, numpy.zeros(SCRATCH, dtype=numpy.int16), 0)
    ask_edge(array, slots, RIGID, -1, numpy.zeros(SIZE, dtype=numpy.int16))
    PENDING.edges.clear()
    now()
