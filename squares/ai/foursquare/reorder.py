"""A table of the fixed box up to the order of its rows, the order of its columns and a
transpose: one reading of it that all its reorderings share, for the solver's memo.

The table holds a value of 7 bits a cell (0: nothing there), cell ``i = row * 4 + col``
in byte ``i`` of two words: cells 0..7 in ``low``, 8..15 in ``high``. Reordering the
rows, the columns, or swapping rows for columns gives 1,152 tables in all; ``least``
gives the same pair of words for each of them, and a pair that is a reading of the
table (its cells, rows first, in some order of its rows and of its columns, or of the
swapped table), so equal answers mean tables that are reorderings of each other.

How: each row has a signature, its values sorted, which no reordering of the columns
changes; likewise each column. The reading takes the rows in the order of their
signatures and the columns in the order of theirs, and where signatures tie, every
order of the tied lines is read and the least reading kept; the table is read as it
is, or swapped, whichever has the lesser signatures (both when they are equal).

>>> table = [0] * 16
>>> table[1], table[6] = 9, 3
>>> low, high = pack(table)
>>> swapped = [table[(i % 4) * 4 + i // 4] for i in range(16)]  # rows become columns
>>> reordered = swapped[12:] + swapped[:12]  # and the last row comes first
>>> least(low, high) == least(*pack(reordered))
True
>>> least(low, high) == least(*pack([0, 9, 3] + [0] * 13))  # 9 and 3 in one row now
False
"""

from __future__ import annotations

import numpy

from squares.ai.foursquare.kernel import jit

ORDERS = numpy.array(
    [[a, b, c, d] for a in range(4) for b in range(4) for c in range(4) for d in range(4)
     if len({a, b, c, d}) == 4],
    dtype=numpy.int64,
)  # fmt: skip
"""The 24 orders of four lines."""

VALUE_BITS = 7


def pack(values: list[int]) -> tuple[int, int]:
    """A table's two words from its 16 values (row by row)."""
    low = sum(value << 8 * i for i, value in enumerate(values[:8]))
    return low, sum(value << 8 * i for i, value in enumerate(values[8:]))


@jit
def sort4(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """Four numbers in increasing order (five comparisons)."""
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return a, b, c, d


@jit
def value(low: int, high: int, row: int, col: int) -> int:
    """The value of cell ``row, col``."""
    i = row * 4 + col
    return (low >> 8 * i) & 255 if i < 8 else (high >> 8 * (i - 8)) & 255


@jit
def row_signature(low: int, high: int, row: int) -> int:
    """The values of a row, sorted, in one number: what no order of the columns changes."""
    a, b, c, d = sort4(
        value(low, high, row, 0), value(low, high, row, 1), value(low, high, row, 2),
        value(low, high, row, 3),
    )  # fmt: skip
    return (a << 24) | (b << 16) | (c << 8) | d


@jit
def column_signature(low: int, high: int, col: int) -> int:
    a, b, c, d = sort4(
        value(low, high, 0, col), value(low, high, 1, col), value(low, high, 2, col),
        value(low, high, 3, col),
    )  # fmt: skip
    return (a << 24) | (b << 16) | (c << 8) | d


@jit
def pick(order: int, k: int) -> int:
    """The ``k``-th line of ``order``, four lines of 2 bits (the first lowest)."""
    return (order >> 2 * k) & 3


@jit
def reading(low: int, high: int, rows: int, cols: int, swapped: bool) -> tuple[int, int]:
    """The table's values in the order ``rows`` and ``cols`` (each as ``pick`` reads it),
    of the swapped table if ``swapped``: 7 bits a cell, the first row's first cell
    highest; rows 0 and 1 in the first word, 2 and 3 in the second."""
    first = second = 0
    for i in range(4):
        r = pick(rows, i)
        for j in range(4):
            c = pick(cols, j)
            v = value(low, high, c, r) if swapped else value(low, high, r, c)
            if i < 2:
                first = (first << VALUE_BITS) | v
            else:
                second = (second << VALUE_BITS) | v
    return first, second


@jit
def sorted_order(s0: int, s1: int, s2: int, s3: int) -> tuple[int, bool]:
    """The order of four lines by their signatures (``pick`` reads it), and whether two
    of them tie."""
    a, b, c, d = sort4(s0 << 2, (s1 << 2) | 1, (s2 << 2) | 2, (s3 << 2) | 3)
    order = (a & 3) | (b & 3) << 2 | (c & 3) << 4 | (d & 3) << 6
    return order, (a >> 2) == (b >> 2) or (b >> 2) == (c >> 2) or (c >> 2) == (d >> 2)


@jit
def orders_like(s0: int, s1: int, s2: int, s3: int, order: int, ties: bool, k: int) -> int:
    """The ``k``-th order of the lines (0..23) that sorts their signatures as ``order``
    does, or -1 if that one does not (without ties only ``order`` itself, as ``k = 0``)."""
    if not ties:
        return order if k == 0 else -1
    signatures = (s0, s1, s2, s3)
    other = 0
    for i in range(4):
        line = ORDERS[k, i]
        if signatures[line] != signatures[pick(order, i)]:
            return -1
        other |= line << 2 * i
    return other


@jit
def least_reading(
    low: int, high: int, rows: tuple[int, int, int, int], cols: tuple[int, int, int, int],
    swapped: bool, best: tuple[int, int],
) -> tuple[int, int]:  # fmt: skip
    """The least of ``best`` and the readings with the lines in the order of their
    signatures (``rows`` and ``cols``: those of the lines read as rows and as columns)."""
    r0, r1, r2, r3 = rows
    c0, c1, c2, c3 = cols
    row_order, row_ties = sorted_order(r0, r1, r2, r3)
    col_order, col_ties = sorted_order(c0, c1, c2, c3)
    for k in range(24 if row_ties else 1):
        by_rows = orders_like(r0, r1, r2, r3, row_order, row_ties, k)
        if by_rows < 0:
            continue
        for m in range(24 if col_ties else 1):
            by_cols = orders_like(c0, c1, c2, c3, col_order, col_ties, m)
            if by_cols < 0:
                continue
            candidate = reading(low, high, by_rows, by_cols, swapped)
            if best[0] < 0 or candidate < best:
                best = candidate
    return best


@jit
def least(low: int, high: int) -> tuple[int, int]:
    """The reading that the table shares with all its reorderings (see above)."""
    rows = (
        row_signature(low, high, 0), row_signature(low, high, 1),
        row_signature(low, high, 2), row_signature(low, high, 3),
    )  # fmt: skip
    cols = (
        column_signature(low, high, 0), column_signature(low, high, 1),
        column_signature(low, high, 2), column_signature(low, high, 3),
    )  # fmt: skip
    by_rows, by_cols = sort4(*rows), sort4(*cols)
    best = (-1, -1)
    if by_rows <= by_cols:
        best = least_reading(low, high, rows, cols, False, best)
    if by_cols <= by_rows:
        best = least_reading(low, high, cols, rows, True, best)
    return best
