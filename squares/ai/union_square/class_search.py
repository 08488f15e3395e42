"""The search over classes (``classes``, the solver's first run) on arrays, compiled.

A position is the kernel's array (``kernel``: piles in slots, foundations, stock pointer,
waste) with the number of tableau slots beside it. One compiled function runs the whole
depth-first search: a class position's expansion into its successors (``classes.
class_edges``: a wanted card home, the waste's card placed, a deal, each child tidied),
the canonical key (the stock's length, the foundations, the waste, the piles sorted) and
the explored set (an open-addressing table over those keys, compared in full), and the
line as the path of items. It gives the Python search's positions, in the same order,
with the same items: the tests compare the two, edge by edge and search by search.

The positions with every pile taken are rare (a few a deal) and their classes are the
readable searches of ``rigid``; there, and for the exact end test of a position with an
empty stock, the compiled search asks the Python functions (``numba.objmode``), so both
searches share one definition of those moves. Without numba the same functions run as
Python; the solver then runs ``classes`` itself, which is faster as plain Python.

An item (``classes.Item``) is coded in a row of ``int16``: ``MOVE, source, target``;
``PLACE``; ``NORM`` then each slot's height, then the piles' cards.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator, Sequence

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import COMPILED, jit, jit_with_objmode
from squares.ai.union_square.classes import Edge, Item, Norm, Place, class_edges, fill_moves, tidy
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import (
    DEALT,
    DIRECTIONS,
    HEIGHTS,
    HOME,
    PILE_SIZE,
    PILES,
    SIZE,
    STOCK_LEN,
    WASTE,
    WASTE_LEN,
    code,
    of_position,
    play,
    score,
    to_position,
    wanted,
)
from squares.ai.union_square.layers import CARDS, runs_of_counts
from squares.games.union_square.moves import Move

Array = NDArray[numpy.int16]
Spans = NDArray[numpy.int64]

MOVE, PLACE, NORM = 0, 1, 2
WON, EXHAUSTED, OUT = 1, 0, -1
NONE, RIGID, FILLS = 0, 1, 2  # the edges left to Python: a class with no pile free, the fills
KEY = 6 + 104 + 16 + 104  # stock length, foundations, waste, then each pile's height, cards
SCRATCH = 1 << 15  # one edge's items (at most 105 Norms of 122 cells, and the moves)
CLOCK_EVERY = 512  # as the Python search's look at the clock
_TO_HOME, _FROM_WASTE, _FROM_STOCK = -3, -2, -1


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


_PENDING = _Pending()


def _python_edges(position: Position, kind: int) -> Iterator[Edge]:
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
    pending = _PENDING.edges.get(frame)
    if pending is None:
        pending = _PENDING.edges[frame] = _python_edges(position_of(array, slots), kind)
    edge = next(pending, None)
    if edge is None:
        del _PENDING.edges[frame]
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
    def _ask_edge(array: Array, slots: int, kind: int, frame: int, into: Array) -> Array:
        with numba.objmode(cells="int16[:]"):
            cells = python_edge(array, slots, kind, frame, into)
        return cells

    @jit_with_objmode
    def _ask_tidy(array: Array, slots: int, items: Array, count: int) -> int:
        with numba.objmode(done="int64"):
            done = python_tidy(array, slots, items, count)
        return done

    @jit_with_objmode
    def _ask_stuck(array: Array, slots: int) -> bool:
        with numba.objmode(stuck="boolean"):
            stuck = python_stuck(array, slots)
        return stuck

    @jit_with_objmode
    def _now() -> float:
        with numba.objmode(seconds="float64"):
            seconds = time.perf_counter()
        return seconds

else:  # pragma: no cover
    _ask_edge, _ask_tidy, _ask_stuck = python_edge, python_tidy, python_stuck
    _now = time.perf_counter


# -- positions and items on arrays ---------------------------------------------------------


@jit
def _free(p: Array, slots: int) -> int:
    for slot in range(slots):
        if p[HEIGHTS + slot] == 0:
            return slot
    return -1


@jit
def _top(p: Array, slot: int) -> int:
    return int(p[PILES + PILE_SIZE * slot + p[HEIGHTS + slot] - 1])


@jit
def _put_move(items: Array, n: int, source: int, target: int) -> int:
    items[n] = MOVE
    items[n + 1] = source
    items[n + 2] = target
    return n + 3


@jit
def _move(p: Array, items: Array, n: int, source: int, target: int) -> int:
    play(p, code(source, target))
    return _put_move(items, n, source, target)


@jit
def _put_norm(items: Array, n: int, p: Array, slots: int) -> int:
    items[n] = NORM
    n += 1
    for slot in range(slots):
        items[n] = p[HEIGHTS + slot]
        n += 1
    for slot in range(slots):
        for k in range(p[HEIGHTS + slot]):
            items[n] = p[PILES + PILE_SIZE * slot + k]
            n += 1
    return n


@jit
def _safe(p: Array, card: int) -> bool:
    """Whether ``card`` is a safe foundation move: its suit is in its second half."""
    home = p[HOME + card // 13]
    return 13 <= home < 26 and wanted(p, card // 13) == card


@jit
def _settle(p: Array, slots: int, items: Array, n: int) -> int:
    """``classes.settle`` in place: the safe foundation moves, waste first, then the piles."""
    while True:
        count = p[WASTE_LEN]
        if count > 0 and _safe(p, int(p[WASTE + count - 1])):
            n = _move(p, items, n, _FROM_WASTE, _TO_HOME)
            continue
        moved = False
        for slot in range(slots):
            if p[HEIGHTS + slot] > 0 and _safe(p, _top(p, slot)):
                n = _move(p, items, n, slot, _TO_HOME)
                moved = True
                break
        if not moved:
            return n


@jit
def _count_tableau(p: Array, slots: int, held: Array) -> None:
    held[:] = 0
    for slot in range(slots):
        for k in range(p[HEIGHTS + slot]):
            held[p[PILES + PILE_SIZE * slot + k]] += 1


@jit
def _is_laid_out(p: Array, slots: int, found: Array, layers: int) -> bool:
    """Whether the piles are the layers (as multisets: slots do not matter)."""
    used = numpy.zeros(layers, dtype=numpy.bool_)
    piles = 0
    for slot in range(slots):
        height = p[HEIGHTS + slot]
        if height == 0:
            continue
        piles += 1
        if piles > layers or (height > 1 and p[DIRECTIONS + slot] != 1):
            return False
        bottom = p[PILES + PILE_SIZE * slot]
        match = -1
        for j in range(layers):
            if not used[j] and found[j, 0] == bottom and found[j, 1] == height:
                match = j
                break
        if match < 0:
            return False
        used[match] = True
    return piles == layers


@jit
def _lay_out(p: Array, slots: int, found: Array, layers: int) -> None:
    """The class's representative: the layers in the first slots, then empty piles."""
    for slot in range(slots):
        height = found[slot, 1] if slot < layers else 0
        p[HEIGHTS + slot] = height
        p[DIRECTIONS + slot] = 1 if height > 1 else 0
        for k in range(height):
            p[PILES + PILE_SIZE * slot + k] = found[slot, 0] + k


@jit
def _tidy(p: Array, slots: int, items: Array, n: int, held: Array, found: Array) -> int:
    """``classes.tidy`` in place; the items after the first ``n``, returns their end."""
    while True:
        n = _settle(p, slots, items, n)
        if _free(p, slots) < 0:
            return _ask_tidy(p, slots, items, n)
        _count_tableau(p, slots, held)
        layers = runs_of_counts(held, found)
        if _is_laid_out(p, slots, found, layers):
            return n
        _lay_out(p, slots, found, layers)
        n = _put_norm(items, n, p, slots)


# -- the edges of a class, into a stack of children ----------------------------------------


@jit
def _grow(rows: Array, need: int) -> Array:
    if need <= rows.shape[0]:
        return rows
    shape = (max(need, 2 * rows.shape[0]),) + rows.shape[1:]  # noqa: RUF005 (as numba types it)
    bigger = numpy.zeros(shape, dtype=rows.dtype)
    bigger[: rows.shape[0]] = rows
    return bigger


@jit
def _grow_spans(rows: Spans, need: int) -> Spans:
    if need <= rows.shape[0]:
        return rows
    bigger = numpy.zeros((max(need, 2 * rows.shape[0]), 2), dtype=rows.dtype)
    bigger[: rows.shape[0]] = rows
    return bigger


@jit
def _push(
    stack: Array, spans: Spans, cells: Array, count: int, child: Array, items: Array, n: int
) -> tuple[Array, Spans, Array, int]:
    """Append a child and its items to the stack of children; returns it grown if need be."""
    stack = _grow(stack, count + 1)
    spans = _grow_spans(spans, count + 1)
    start = spans[count - 1, 1] if count > 0 else 0
    cells = _grow(cells, start + n)
    stack[count] = child
    cells[start : start + n] = items[:n]
    spans[count, 0] = start
    spans[count, 1] = start + n
    return stack, spans, cells, count + 1


@jit
def _expand(
    p: Array,
    slots: int,
    stack: Array,
    spans: Spans,
    cells: Array,
    count: int,
    scratch: tuple[Array, Array, Array, Array],
) -> tuple[Array, Spans, Array, int, int]:
    """``classes.class_edges`` of ``p`` (no random order) pushed on the stack of children.

    The edges the Python side gives (``RIGID``, ``FILLS``: returned as the last) come one at
    a time, as the search takes them: the last child pushed stands for them (a copy of
    ``p``, no items)."""
    child, items, held, found = scratch
    free = _free(p, slots)
    if free < 0:
        stack, spans, cells, count = _push(stack, spans, cells, count, p, items, 0)
        return stack, spans, cells, count, RIGID
    size = p[WASTE_LEN]
    if size > 0 and wanted(p, p[WASTE + size - 1] // 13) == p[WASTE + size - 1]:
        child[:] = p
        n = _tidy(child, slots, items, _move(child, items, 0, _FROM_WASTE, _TO_HOME), held, found)
        stack, spans, cells, count = _push(stack, spans, cells, count, child, items, n)
    for suit in range(4):
        card = wanted(p, suit)
        if card < 0:
            continue
        for slot in range(slots):
            height = p[HEIGHTS + slot]
            depth = -1
            for k in range(height):
                if p[PILES + PILE_SIZE * slot + k] == card:
                    depth = k
                    break
            if depth < 0:
                continue
            child[:] = p
            n = 0
            for _ in range(height - 1 - depth):
                n = _move(child, items, n, slot, free)
            n = _tidy(child, slots, items, _move(child, items, n, slot, _TO_HOME), held, found)
            stack, spans, cells, count = _push(stack, spans, cells, count, child, items, n)
            break
    fills = False
    if size > 0:
        child[:] = p
        _count_tableau(child, slots, held)
        held[child[WASTE + size - 1]] += 1
        layers = runs_of_counts(held, found)
        fills = layers >= slots
        if not fills:
            child[WASTE_LEN] = size - 1
            _lay_out(child, slots, found, layers)
            items[0] = PLACE
            n = _tidy(child, slots, items, _put_norm(items, 1, child, slots), held, found)
            stack, spans, cells, count = _push(stack, spans, cells, count, child, items, n)
    if p[DEALT] < p[STOCK_LEN]:
        child[:] = p
        n = _move(child, items, 0, _FROM_STOCK, _FROM_WASTE)
        n = _tidy(child, slots, items, n, held, found)
        stack, spans, cells, count = _push(stack, spans, cells, count, child, items, n)
    if fills:
        stack, spans, cells, count = _push(stack, spans, cells, count, p, items, 0)
        return stack, spans, cells, count, FILLS
    return stack, spans, cells, count, NONE


@jit
def _scratch() -> tuple[Array, Array, Array, Array]:
    return (
        numpy.zeros(SIZE, dtype=numpy.int16),
        numpy.zeros(SCRATCH, dtype=numpy.int16),
        numpy.zeros(CARDS, dtype=numpy.int16),
        numpy.zeros((2 * CARDS + 1, 2), dtype=numpy.int16),
    )


@jit
def expand(p: Array, slots: int) -> tuple[Array, Spans, Array, int, int]:
    """The edges of ``p``: the children, their items' spans, the items, how many, and
    which edges the Python side gives after them (see ``_expand``)."""
    stack = numpy.zeros((8, SIZE), dtype=numpy.int16)
    spans = numpy.zeros((8, 2), dtype=numpy.int64)
    cells = numpy.zeros(256, dtype=numpy.int16)
    return _expand(p, slots, stack, spans, cells, 0, _scratch())


# -- the explored set ------------------------------------------------------------------------


@jit
def _pile_less(p: Array, a: int, b: int) -> bool:
    """Pile ``a`` before pile ``b`` as their ``bytes`` sort."""
    ha, hb = int(p[HEIGHTS + a]), int(p[HEIGHTS + b])
    for k in range(min(ha, hb)):
        x, y = int(p[PILES + PILE_SIZE * a + k]), int(p[PILES + PILE_SIZE * b + k])
        if x != y:
            return x < y
    return ha < hb


@jit
def _key(p: Array, slots: int, row: Array) -> None:
    """The canonical key (``fast.Position.key``): which slot holds which pile is left out."""
    row[:] = 0
    row[0] = p[STOCK_LEN] - p[DEALT]
    row[1:5] = p[HOME : HOME + 4]
    size = p[WASTE_LEN]
    row[5] = size
    row[6 : 6 + size] = p[WASTE : WASTE + size]
    order = numpy.empty(slots, dtype=numpy.int64)
    for slot in range(slots):
        k = slot
        while k > 0 and _pile_less(p, slot, order[k - 1]):
            order[k] = order[k - 1]
            k -= 1
        order[k] = slot
    at = 6 + size
    for k in range(slots):
        slot = int(order[k])
        height = p[HEIGHTS + slot]
        row[at] = height
        start = PILES + PILE_SIZE * slot
        row[at + 1 : at + 1 + height] = p[start : start + height]
        at += 1 + height


@jit
def _add(table: NDArray[numpy.int64], keys: Array, count: int, row: Array) -> bool:
    """Add ``row`` as key number ``count``, unless it is there: whether it was new."""
    h = 0
    for cell in row:
        h = ((h ^ (cell + 1)) * 1099511628211) & 0xFFFF_FFFF_FFFF  # 48 bits, as Python ints too
    mask = len(table) - 1
    slot = h & mask
    while table[slot] >= 0:
        other = keys[table[slot]]
        same = True
        for k in range(KEY):
            if other[k] != row[k]:
                same = False
                break
        if same:
            return False
        slot = (slot + 1) & mask
    table[slot] = count
    keys[count] = row
    return True


# -- the search --------------------------------------------------------------------------------


@jit
def _open(p: Array, slots: int) -> bool:
    """Whether a position is still worth expanding: not won, and not over."""
    if score(p) == 104:
        return False
    return p[DEALT] < p[STOCK_LEN] or not _ask_stuck(p, slots)


@jit
def search(
    root: Array, slots: int, max_nodes: int, deadline: float
) -> tuple[int, int, int, NDArray[numpy.int64], Spans, Array]:
    """The depth-first search of ``solver._dfs`` over classes, from a tidied ``root``.

    Returns the outcome (``WON``, ``EXHAUSTED`` or ``OUT``), the positions searched, the
    best score, and the best line: the nodes from the best one up (each node's parent),
    their items' spans and the items. Node 0 is the root.
    """
    capacity = max_nodes + 1
    keys = numpy.zeros((capacity, KEY), dtype=numpy.int16)
    size = 1
    while size < 2 * capacity:
        size *= 2
    table = numpy.full(size, -1, dtype=numpy.int64)
    parents = numpy.full(capacity + 1, -1, dtype=numpy.int64)
    node_spans = numpy.zeros((capacity, 2), dtype=numpy.int64)
    node_cells = numpy.zeros(1024, dtype=numpy.int16)
    row = numpy.zeros(KEY, dtype=numpy.int16)
    _key(root, slots, row)
    _add(table, keys, 0, row)
    nodes, best, best_node = 1, score(root), 0
    stack = numpy.zeros((64, SIZE), dtype=numpy.int16)
    spans = numpy.zeros((64, 2), dtype=numpy.int64)
    cells = numpy.zeros(4096, dtype=numpy.int16)
    frames = numpy.zeros((capacity + 1, 5), dtype=numpy.int64)  # node, first, end, next, kind
    scratch = _scratch()
    into = numpy.zeros(SIZE, dtype=numpy.int16)
    depth = 0
    if _open(root, slots):
        stack, spans, cells, end, kind = _expand(root, slots, stack, spans, cells, 0, scratch)
        frames[0, 2] = end
        frames[0, 4] = kind
        depth = 1
    while depth > 0:
        frame = frames[depth - 1]
        k = frame[3]
        if frame[4] != NONE and k == frame[2] - 1:  # the edges the Python side gives
            stack, spans, cells, got = _fetch(stack, spans, cells, k, slots, frame, into)
            if not got:
                depth -= 1
                continue
            k += 1
        elif k == frame[2]:
            depth -= 1
            continue
        else:
            frame[3] += 1
        child = stack[k]
        _key(child, slots, row)
        if not _add(table, keys, nodes, row):
            continue
        node = nodes
        nodes += 1
        parents[node] = frame[0]
        start, stop = spans[k, 0], spans[k, 1]
        at = node_spans[node - 1, 1] if node > 1 else 0
        node_cells = _grow(node_cells, at + stop - start)
        node_cells[at : at + stop - start] = cells[start:stop]
        node_spans[node, 0] = at
        node_spans[node, 1] = at + stop - start
        here = score(child)
        if here > best:
            best, best_node = here, node
            if here == 104:
                return WON, nodes, best, _line(parents, best_node), node_spans, node_cells
        if nodes >= max_nodes or (nodes % CLOCK_EVERY == 0 and _now() > deadline):
            return OUT, nodes, best, _line(parents, best_node), node_spans, node_cells
        if _open(child, slots):
            first = max(frame[2], k + 1)
            stack, spans, cells, end, kind = _expand(
                child, slots, stack, spans, cells, first, scratch
            )
            frames[depth, 0] = node
            frames[depth, 1] = first
            frames[depth, 2] = end
            frames[depth, 3] = first
            frames[depth, 4] = kind
            depth += 1
    return EXHAUSTED, nodes, best, _line(parents, best_node), node_spans, node_cells


@jit
def _fetch(
    stack: Array, spans: Spans, cells: Array, k: int, slots: int, frame: Spans, into: Array
) -> tuple[Array, Spans, Array, bool]:
    """The next edge the Python side gives from the frame's last child (``_expand``), into
    the row after it; whether there was one."""
    stack = _grow(stack, k + 2)
    items = _ask_edge(stack[k], slots, frame[4], frame[0], into)
    if len(items) == 0:
        return stack, spans, cells, False
    stack, spans, cells, _ = _push(stack, spans, cells, k + 1, into, items, len(items) - 1)
    return stack, spans, cells, True


@jit
def _line(parents: NDArray[numpy.int64], node: int) -> NDArray[numpy.int64]:
    """The nodes from ``node`` up to the root's child, best first."""
    count = 0
    at = node
    while at > 0:
        count += 1
        at = parents[at]
    line = numpy.zeros(count, dtype=numpy.int64)
    at = node
    for k in range(count):
        line[k] = at
        at = parents[at]
    return line


# -- the Python face -----------------------------------------------------------------------------


def edges(position: Position) -> Iterator[Edge]:
    """``classes.class_edges(position)`` found on arrays (for the tests)."""
    slots = len(position.tableau)
    stack, spans, cells, count, kind = expand(of_position(position), slots)
    if kind != NONE:
        count -= 1
    for k in range(count):
        items = decode(cells[spans[k, 0] : spans[k, 1]].tolist(), slots)
        yield items, position_of(stack[k], slots)
    if kind != NONE:
        yield from _python_edges(position, kind)


def prime(position: Position) -> None:
    """Call each way into the Python side once: numba readies an ``objmode`` block on its
    first run in a process (some 0.1 s each), which ``warm_up`` should pay, not a search."""
    array, slots = of_position(position), len(position.tableau)
    _ask_stuck(array, slots)
    _ask_tidy(array.copy(), slots, numpy.zeros(SCRATCH, dtype=numpy.int16), 0)
    _ask_edge(array, slots, RIGID, -1, numpy.zeros(SIZE, dtype=numpy.int16))
    _PENDING.edges.clear()
    _now()


def run(
    root: Position, max_nodes: int, deadline: float | None
) -> tuple[int, int, int, list[tuple[Item, ...]]]:
    """``search`` from a tidied ``root``: its outcome, positions, best score and best line
    (the edges' items, the root's first)."""
    slots = len(root.tableau)
    limit = numpy.inf if deadline is None else deadline
    _PENDING.edges.clear()
    try:
        answer = search(of_position(root), slots, max_nodes, limit)
        outcome, nodes, best, line, spans, cells = answer
    finally:
        _PENDING.edges.clear()
    where = spans.tolist()
    every, cards = cells.tolist(), cells.astype(numpy.uint8).tobytes()
    items = []
    for node in line[::-1].tolist():
        start, stop = where[node]
        items.append(decode(every[start:stop], slots, cards[start:stop]))
    return outcome, nodes, best, items
