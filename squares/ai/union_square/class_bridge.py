"""The compiled search over classes (``class_search``) and the Python code it asks: the ways in.

The positions with every pile taken are rare (a few a deal) and their classes are the
Python searches of ``rigid``; there, for the fills of the last free pile, for the exact
end test of a position with an empty stock and for the orders a restarted run draws from
its ``random.Random``, the compiled search asks the Python functions (``numba.objmode``).
An item (``classes.Item``) crosses as a row of ``int16``: ``MOVE, source, target``;
``PLACE``; ``NORM`` then each slot's height, then the piles' cards.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from random import Random

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import COMPILED, jit_with_objmode, now
from squares.ai.union_square.classes import Edge, Item, Place, fill_moves, rigid_moves, tidy
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import SIZE, of_position, to_position
from squares.games.union_square.moves import Move

Array = NDArray[numpy.int16]
Spans = NDArray[numpy.int64]

MOVE, PLACE, NORM = 0, 1, 2
NONE, RIGID, FILLS = 0, 1, 2  # the edges left to Python: a class with no pile free, the fills
SCRATCH = 1 << 15  # one edge's items (at most 105 Norms of 122 cells, and the moves)


# -- the Python side: what the compiled search asks ----------------------------------------


def position_of(array: Array, slots: int) -> Position:
    """The ``fast.Position`` of an array whose tableau has ``slots`` slots (one the Python
    side has just given is not built again: the search asks about it next)."""
    known = PENDING.known.get((slots, array.tobytes()))
    if known is not None:
        return known
    position = to_position(array)
    return position._replace(tableau=position.tableau[:slots])


def _given(array: Array, slots: int, position: Position) -> None:
    """Write ``position`` into ``array``, and remember it for ``position_of``."""
    array[:] = of_position(position)
    known = PENDING.known
    if len(known) >= 64:
        known.clear()
    known[slots, array.tobytes()] = position


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


class _Pending(threading.local):
    """The Python searches' edges not yet taken, by frame, and the order the search draws
    its moves in, if any (one search per thread)."""

    def __init__(self) -> None:
        self.edges: dict[int, Iterator[Edge]] = {}
        self.rng: Random | None = None
        self.known: dict[tuple[int, bytes], Position] = {}

    def start(self, rng: Random | None) -> None:
        """Nothing pending, nothing known: a new search, its moves in orders drawn from
        ``rng`` if given."""
        self.edges.clear()
        self.known.clear()
        self.rng = rng


PENDING = _Pending()


def python_edges(position: Position, kind: int) -> Iterator[Edge]:
    """The edges the Python side gives: of a class with every pile taken (``RIGID``),
    or where the waste's card takes the last free pile (``FILLS``); none for ``NONE``."""
    if kind == NONE:
        return
    rng = PENDING.rng
    if kind == FILLS:
        raw = fill_moves(position, rng)
    else:  # the most promising first, or in an order drawn from ``rng``
        raw = rigid_moves(position)
        if rng is not None:
            drawn = list(raw)
            rng.shuffle(drawn)
            raw = iter(drawn)
    for items, child in raw:
        more, child = tidy(child)
        yield (*items, *more), child


def python_order(count: int, order: NDArray[numpy.int64]) -> None:
    """The order the search draws for a class's ``count`` edges of its own: a shuffle of
    them into ``order[:count]``, then where among them the fills of the last free pile
    go, into ``order[count]`` (drawn even when there are none)."""
    rng = PENDING.rng
    drawn = list(range(count))
    if rng is None:  # their own order, the fills last
        order[: count + 1] = [*drawn, count]
        return
    rng.shuffle(drawn)
    order[:count] = drawn
    order[count] = rng.randrange(count + 1)


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
    _given(into, slots, edge[1])
    return numpy.array([*encode(edge[0], slots), -1], dtype=numpy.int16)


def python_tidy(array: Array, slots: int, items: Array, count: int) -> int:
    """``tidy`` of a position with no pile free, in place; its items after ``count``."""
    more, position = tidy(position_of(array, slots))
    _given(array, slots, position)
    cells = encode(more, slots)
    items[count : count + len(cells)] = cells
    return count + len(cells)


def python_stuck(array: Array, slots: int) -> bool:
    return position_of(array, slots).stuck()


if COMPILED:
    import numba

    @jit_with_objmode
    def ask_edge(array: Array, slots: int, kind: int, frame: int, into: Array) -> Array:
        with numba.objmode(cells="int16[::1]"):
            cells = python_edge(array, slots, kind, frame, into)
        return cells

    @jit_with_objmode
    def ask_tidy(array: Array, slots: int, items: Array, count: int) -> int:
        with numba.objmode(done="int64"):
            done = python_tidy(array, slots, items, count)
        return done

    @jit_with_objmode
    def ask_order(count: int, order: NDArray[numpy.int64]) -> None:
        with numba.objmode():
            python_order(count, order)

    @jit_with_objmode
    def ask_stuck(array: Array, slots: int) -> bool:
        with numba.objmode(stuck="boolean"):
            stuck = python_stuck(array, slots)
        return stuck

else:  # pragma: no cover
    ask_edge, ask_tidy, ask_stuck, ask_order = python_edge, python_tidy, python_stuck, python_order


def prime(position: Position) -> None:
    """Call each way into the Python side once: numba readies an ``objmode`` block on its
    first run in a process (some 0.1 s each), which ``warm_up`` should pay, not a search."""
    array, slots = of_position(position), len(position.tableau)
    ask_stuck(array, slots)
    ask_order(2, numpy.zeros(3, dtype=numpy.int64))
    ask_tidy(array.copy(), slots, numpy.zeros(SCRATCH, dtype=numpy.int16), 0)
    ask_edge(array, slots, NONE, -1, numpy.zeros(SIZE, dtype=numpy.int16))
    PENDING.start(None)
    now()
