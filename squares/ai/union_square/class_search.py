"""The search over classes of positions (the solver's first part), on arrays, compiled.

One compiled function runs the whole depth-first search: a class position's expansion
into its successors (``class_moves``), the canonical key (the stock's length, the
foundations, the waste, the piles sorted) and the explored set (an open-addressing table
over those keys, compared in full), and the line as the path of items. A restarted run
takes each class's moves in an order drawn from its ``random.Random`` (the draws are made
in Python, ``class_bridge``). Without numba the same functions run as plain Python.
"""

from __future__ import annotations

from random import Random

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import copy_run, jit, jit_inner, now
from squares.ai.union_square.class_bridge import NONE, PENDING, Array, Spans, ask_edge, ask_stuck
from squares.ai.union_square.class_moves import expand_into, grow, grow_cells, push, scratch
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import (
    DEALT,
    HEIGHTS,
    HOME,
    PILE_SIZE,
    PILES,
    SIZE,
    STOCK_LEN,
    WASTE,
    WASTE_LEN,
    of_position,
    score,
)

WON, EXHAUSTED, OUT = 1, 0, -1
KEY = 6 + 104 + 16 + 104  # stock length, foundations, waste, then each pile's height, cards
CLOCK_EVERY = 512  # as the Python search's look at the clock


# -- the explored set ------------------------------------------------------------------------


@jit_inner
def _pile_less(p: Array, a: int, b: int) -> bool:
    """Pile ``a`` before pile ``b`` as their ``bytes`` sort."""
    ha, hb = int(p[HEIGHTS + a]), int(p[HEIGHTS + b])
    for k in range(min(ha, hb)):
        x, y = int(p[PILES + PILE_SIZE * a + k]), int(p[PILES + PILE_SIZE * b + k])
        if x != y:
            return x < y
    return ha < hb


@jit_inner
def _key(p: Array, slots: int, row: Array) -> None:
    """The canonical key (``fast.Position.key``): which slot holds which pile is left out."""
    row[:] = 0
    row[0] = p[STOCK_LEN] - p[DEALT]
    copy_run(row, 1, p, HOME, 4)
    size = p[WASTE_LEN]
    row[5] = size
    copy_run(row, 6, p, WASTE, size)
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
        copy_run(row, at + 1, p, start, height)
        at += 1 + height


@jit_inner
def _add(table: NDArray[numpy.int64], keys: Array, count: int, row: Array) -> bool:
    """Add ``row`` as key number ``count``, unless it is there: whether it was new."""
    h = 0
    for cell in row:
        # 48 bits, the same as plain Python (an int16 cell widened first: NumPy keeps its type)
        h = ((h ^ (int(cell) + 1)) * 1099511628211) & 0xFFFF_FFFF_FFFF
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
    copy_run(keys[count], 0, row, 0, len(row))
    return True


# -- the search --------------------------------------------------------------------------------


@jit_inner
def _open(p: Array, slots: int) -> bool:
    """Whether a position is still worth expanding: not won, and not over."""
    if score(p) == 104:
        return False
    return p[DEALT] < p[STOCK_LEN] or not ask_stuck(p, slots)


@jit
def search(
    root: Array, slots: int, max_nodes: int, deadline: float, drawn: bool
) -> tuple[int, int, int, NDArray[numpy.int64], Spans, Array]:
    """The depth-first search over classes, from a tidied ``root``, each class's moves
    in their own order or, if ``drawn``, in orders the Python side draws.

    Returns the outcome (``WON``, ``EXHAUSTED`` or ``OUT``), the positions searched, the
    best score, and the best line: the nodes from the best one up (each node's parent),
    their items' spans and the items. Node 0 is the root.
    """
    capacity = max_nodes + 1
    keys = numpy.zeros((capacity, KEY), dtype=numpy.int16)
    size = 1
    while size < 2 * capacity:
        size *= 2
    # -1: no key, no parent (filled here: ``numpy.full`` would be one more compile)
    table = numpy.zeros(size, dtype=numpy.int64)
    for k in range(size):
        table[k] = -1
    parents = numpy.zeros(capacity + 1, dtype=numpy.int64)
    for k in range(capacity + 1):
        parents[k] = -1
    node_spans = numpy.zeros((capacity, 2), dtype=numpy.int64)
    node_cells = numpy.zeros(1024, dtype=numpy.int16)
    row = numpy.zeros(KEY, dtype=numpy.int16)
    _key(root, slots, row)
    _add(table, keys, 0, row)
    nodes, best, best_node = 1, score(root), 0
    stack = numpy.zeros((64, SIZE), dtype=numpy.int16)
    spans = numpy.zeros((64, 2), dtype=numpy.int64)
    cells = numpy.zeros(4096, dtype=numpy.int16)
    # node, first child, end, next, the kind of edges the Python side gives, and their row
    frames = numpy.zeros((capacity + 1, 6), dtype=numpy.int64)
    buffers = scratch()
    into = numpy.zeros(SIZE, dtype=numpy.int16)
    depth = 0
    if _open(root, slots):
        stack, spans, cells, end, kind, at = expand_into(
            root, slots, stack, spans, cells, 0, buffers, drawn
        )
        frames[0, 2] = end
        frames[0, 4] = kind
        frames[0, 5] = at
        depth = 1
    while depth > 0:
        frame = frames[depth - 1]
        k = frame[3]
        if frame[4] != NONE and k == frame[5]:
            # The next edge the Python side gives from the frame's stand-in row, into the
            # row after the frame's children.
            end = frame[2]
            stack = grow(stack, end + 1)
            items = ask_edge(stack[frame[5]], slots, frame[4], frame[0], into)
            if len(items) == 0:
                frame[3] += 1
                frame[4] = NONE
                continue
            stack, spans, cells, _ = push(stack, spans, cells, end, into, items, len(items) - 1)
            k = end
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
        node_cells = grow_cells(node_cells, at + stop - start)
        copy_run(node_cells, at, cells, start, stop - start)
        node_spans[node, 0] = at
        node_spans[node, 1] = at + stop - start
        here = score(child)
        if here > best:
            best, best_node = here, node
            if here == 104:
                return WON, nodes, best, _line(parents, best_node), node_spans, node_cells
        if nodes >= max_nodes or (nodes % CLOCK_EVERY == 0 and now() > deadline):
            return OUT, nodes, best, _line(parents, best_node), node_spans, node_cells
        if _open(child, slots):
            first = max(frame[2], k + 1)
            stack, spans, cells, end, kind, at = expand_into(
                child, slots, stack, spans, cells, first, buffers, drawn
            )
            frames[depth, 0] = node
            frames[depth, 1] = first
            frames[depth, 2] = end
            frames[depth, 3] = first
            frames[depth, 4] = kind
            frames[depth, 5] = at
            depth += 1
    return EXHAUSTED, nodes, best, _line(parents, best_node), node_spans, node_cells


@jit_inner
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


def run(
    root: Position, max_nodes: int, deadline: float | None, rng: Random | None = None
) -> tuple[int, int, int, Array]:
    """``search`` from a tidied ``root``, the moves in orders drawn from ``rng`` if given:
    its outcome, positions, best score and best line, the edges' items (the root's first)
    coded in one row (``class_bridge.encode``), as the compiled realization takes them."""
    limit = numpy.inf if deadline is None else deadline
    PENDING.start(rng)
    try:
        found = search(of_position(root), len(root.tableau), max_nodes, limit, rng is not None)
    finally:
        PENDING.start(None)
    outcome, nodes, best, line, spans, cells = found
    parts = [cells[start:stop] for start, stop in spans[line[::-1]].tolist()]
    return outcome, nodes, best, numpy.concatenate(parts) if parts else cells[:0]
