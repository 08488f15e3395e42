"""A class position's edges on arrays, compiled.

A position is the kernel's array (``kernel``: piles in slots, foundations, stock pointer,
waste) with the number of tableau slots beside it. ``expand_into`` pushes a position's
children on a stack of children, each tidied (``classes.tidy``: the safe foundation
moves, then the layers), with the items that lead there; the edges of a class with every
pile taken (``classes.rigid_moves``), and the fills of the last free pile, are left to
the Python side (``class_bridge``), which gives them one at a time.
"""

from __future__ import annotations

import numpy

from squares.ai.compiled import copy_run, jit_inner
from squares.ai.union_square.class_bridge import (
    FILLS,
    MOVE,
    NONE,
    NORM,
    PLACE,
    RIGID,
    SCRATCH,
    Array,
    Spans,
    ask_order,
    ask_tidy,
)
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
    play,
    top,
    wanted,
)
from squares.ai.union_square.layers import CARDS, runs_of_counts

_TO_HOME, _FROM_WASTE, _FROM_STOCK = -3, -2, -1


# -- positions and items on arrays ---------------------------------------------------------


@jit_inner
def _free(p: Array, slots: int) -> int:
    for slot in range(slots):
        if p[HEIGHTS + slot] == 0:
            return slot
    return -1


@jit_inner
def _put_move(items: Array, n: int, source: int, target: int) -> int:
    items[n] = MOVE
    items[n + 1] = source
    items[n + 2] = target
    return n + 3


@jit_inner
def _move(p: Array, items: Array, n: int, source: int, target: int) -> int:
    play(p, code(source, target))
    return _put_move(items, n, source, target)


@jit_inner
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


@jit_inner
def _safe(p: Array, card: int) -> bool:
    """Whether ``card`` is a safe foundation move: its suit is in its second half."""
    home = p[HOME + card // 13]
    return 13 <= home < 26 and wanted(p, card // 13) == card


@jit_inner
def _settle(p: Array, slots: int, items: Array, n: int) -> int:
    """``classes.settle`` in place: the safe foundation moves, waste first, then the piles."""
    while True:
        count = p[WASTE_LEN]
        if count > 0 and _safe(p, int(p[WASTE + count - 1])):
            n = _move(p, items, n, _FROM_WASTE, _TO_HOME)
            continue
        moved = False
        for slot in range(slots):
            if p[HEIGHTS + slot] > 0 and _safe(p, top(p, slot)):
                n = _move(p, items, n, slot, _TO_HOME)
                moved = True
                break
        if not moved:
            return n


@jit_inner
def _count_tableau(p: Array, slots: int, held: Array) -> None:
    held[:] = 0
    for slot in range(slots):
        for k in range(p[HEIGHTS + slot]):
            held[p[PILES + PILE_SIZE * slot + k]] += 1


@jit_inner
def _is_laid_out(p: Array, slots: int, found: Array, layers: int) -> bool:
    """Whether the piles are the layers (as multisets: slots do not matter)."""
    used = numpy.zeros(layers, dtype=numpy.int16)  # int16, as elsewhere: one compile fewer
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
        used[match] = 1
    return piles == layers


@jit_inner
def _lay_out(p: Array, slots: int, found: Array, layers: int) -> None:
    """The class's representative: the layers in the first slots, then empty piles."""
    for slot in range(slots):
        height = found[slot, 1] if slot < layers else 0
        p[HEIGHTS + slot] = height
        p[DIRECTIONS + slot] = 1 if height > 1 else 0
        for k in range(height):
            p[PILES + PILE_SIZE * slot + k] = found[slot, 0] + k


@jit_inner
def _tidy(p: Array, slots: int, items: Array, n: int, held: Array, found: Array) -> int:
    """``classes.tidy`` in place; the items after the first ``n``, returns their end."""
    while True:
        n = _settle(p, slots, items, n)
        if _free(p, slots) < 0:
            return ask_tidy(p, slots, items, n)
        _count_tableau(p, slots, held)
        layers = runs_of_counts(held, found)
        if _is_laid_out(p, slots, found, layers):
            return n
        _lay_out(p, slots, found, layers)
        n = _put_norm(items, n, p, slots)


# -- the edges of a class, into a stack of children ----------------------------------------


# Each of the three is written for one type of array, and copies without ``reshape``:
# numba compiles a function once for each type it is called with, and each NumPy
# operation again for each, so one function for rows and cells compiled twice.


@jit_inner
def grow(rows: Array, need: int) -> Array:
    """``rows`` (2-D), or a copy with room for ``need`` rows (twice as many, or more)."""
    if need <= rows.shape[0]:
        return rows
    bigger = numpy.zeros((max(need, 2 * rows.shape[0]), rows.shape[1]), dtype=numpy.int16)
    for k in range(rows.shape[0]):
        copy_run(bigger[k], 0, rows[k], 0, rows.shape[1])
    return bigger


@jit_inner
def grow_cells(cells: Array, need: int) -> Array:
    """``cells`` (1-D), or a copy with room for ``need`` cells (twice as many, or more)."""
    if need <= len(cells):
        return cells
    bigger = numpy.zeros(max(need, 2 * len(cells)), dtype=numpy.int16)
    copy_run(bigger, 0, cells, 0, len(cells))
    return bigger


@jit_inner
def grow_spans(rows: Spans, need: int) -> Spans:
    """``grow`` for the spans."""
    if need <= rows.shape[0]:
        return rows
    bigger = numpy.zeros((max(need, 2 * rows.shape[0]), 2), dtype=numpy.int64)
    for k in range(rows.shape[0]):
        bigger[k, 0] = rows[k, 0]
        bigger[k, 1] = rows[k, 1]
    return bigger


@jit_inner
def push(
    stack: Array, spans: Spans, cells: Array, count: int, child: Array, items: Array, n: int
) -> tuple[Array, Spans, Array, int]:
    """Append a child and its items to the stack of children; returns it grown if need be."""
    stack = grow(stack, count + 1)
    spans = grow_spans(spans, count + 1)
    start = spans[count - 1, 1] if count > 0 else 0
    cells = grow_cells(cells, start + n)
    copy_run(stack[count], 0, child, 0, len(child))
    copy_run(cells, start, items, 0, n)
    spans[count, 0] = start
    spans[count, 1] = start + n
    return stack, spans, cells, count + 1


@jit_inner
def expand_into(
    p: Array,
    slots: int,
    stack: Array,
    spans: Spans,
    cells: Array,
    count: int,
    scratch: tuple[Array, Array, Array, Array],
    drawn: bool,
) -> tuple[Array, Spans, Array, int, int, int]:
    """The edges out of ``p``'s class pushed on the stack of children, each child tidied:
    with a free pile, home a wanted card (dug out onto the free pile), place the waste's
    card keeping a pile free, deal, or let the waste's card take the last free pile; the
    most promising first, or if ``drawn``, in an order drawn by the Python side
    (``class_bridge.ask_order``). Returns the stack, the end of the children, which
    edges the Python side gives (``NONE``, ``RIGID``: every pile taken, or ``FILLS``) and
    the row that stands for them (a copy of ``p``, no items; -1: none): they come one at
    a time, as the search takes them."""
    child, items, held, found = scratch
    start = count
    free = _free(p, slots)
    if free < 0:
        stack, spans, cells, count = push(stack, spans, cells, count, p, items, 0)
        return stack, spans, cells, count, RIGID, count - 1
    size = p[WASTE_LEN]
    if size > 0 and wanted(p, p[WASTE + size - 1] // 13) == p[WASTE + size - 1]:
        copy_run(child, 0, p, 0, len(p))
        n = _tidy(child, slots, items, _move(child, items, 0, _FROM_WASTE, _TO_HOME), held, found)
        stack, spans, cells, count = push(stack, spans, cells, count, child, items, n)
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
            copy_run(child, 0, p, 0, len(p))
            n = 0
            for _ in range(height - 1 - depth):
                n = _move(child, items, n, slot, free)
            n = _tidy(child, slots, items, _move(child, items, n, slot, _TO_HOME), held, found)
            stack, spans, cells, count = push(stack, spans, cells, count, child, items, n)
            break
    fills = False
    if size > 0:
        copy_run(child, 0, p, 0, len(p))
        _count_tableau(child, slots, held)
        held[child[WASTE + size - 1]] += 1
        layers = runs_of_counts(held, found)
        fills = layers >= slots
        if not fills:
            child[WASTE_LEN] = size - 1
            _lay_out(child, slots, found, layers)
            items[0] = PLACE
            n = _tidy(child, slots, items, _put_norm(items, 1, child, slots), held, found)
            stack, spans, cells, count = push(stack, spans, cells, count, child, items, n)
    if p[DEALT] < p[STOCK_LEN]:
        copy_run(child, 0, p, 0, len(p))
        n = _move(child, items, 0, _FROM_STOCK, _FROM_WASTE)
        n = _tidy(child, slots, items, n, held, found)
        stack, spans, cells, count = push(stack, spans, cells, count, child, items, n)
    kind = FILLS if fills else NONE
    if drawn:
        order = numpy.zeros(count - start + 1, dtype=numpy.int64)
        ask_order(count - start, order)
        stack, spans, cells, count, at = _reorder(stack, spans, cells, start, count, order, p, kind)
        return stack, spans, cells, count, kind, at
    if fills:
        stack, spans, cells, count = push(stack, spans, cells, count, p, items, 0)
        return stack, spans, cells, count, FILLS, count - 1
    return stack, spans, cells, count, NONE, -1


@jit_inner
def _reorder(
    stack: Array,
    spans: Spans,
    cells: Array,
    start: int,
    count: int,
    order: Spans,
    p: Array,
    kind: int,
) -> tuple[Array, Spans, Array, int, int]:
    """The children in rows ``start..count`` put in ``order`` (its last cell: where among
    them the stand-in for the Python side's edges goes, if ``kind`` has any); returns the
    stack, its end and the stand-in's row (-1: none)."""
    n = count - start
    rows = stack[start:count].copy()
    were = spans[start:count].copy()
    base = spans[start - 1, 1] if start > 0 else 0
    old = cells[base : spans[count - 1, 1] if n > 0 else base].copy()
    count, at = start, -1
    for j in range(n + 1):
        if j == order[n] and kind != NONE:
            stack, spans, cells, count = push(stack, spans, cells, count, p, old, 0)
            at = count - 1
        if j < n:
            k = order[j]
            first, stop = were[k, 0] - base, were[k, 1] - base
            stack, spans, cells, count = push(
                stack, spans, cells, count, rows[k], old[first:stop], stop - first
            )
    return stack, spans, cells, count, at


@jit_inner
def scratch() -> tuple[Array, Array, Array, Array]:
    return (
        numpy.zeros(SIZE, dtype=numpy.int16),
        numpy.zeros(SCRATCH, dtype=numpy.int16),
        numpy.zeros(CARDS, dtype=numpy.int16),
        numpy.zeros((2 * CARDS + 1, 2), dtype=numpy.int16),
    )
