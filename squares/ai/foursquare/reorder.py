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
    """Four numbers in increasing order (five comparisons, without branches)."""
    a, b = min(a, b), max(a, b)
    c, d = min(c, d), max(c, d)
    a, c = min(a, c), max(a, c)
    b, d = min(b, d), max(b, d)
    b, c = min(b, c), max(b, c)
    return a, b, c, d


@jit
def signature(line: int) -> int:
    """A line's four values (a byte each), sorted, in one number: what no order of the
    other lines changes."""
    a, b, c, d = sort4(line & 255, (line >> 8) & 255, (line >> 16) & 255, (line >> 24) & 255)
    return (a << 24) | (b << 16) | (c << 8) | d


@jit
def pick(order: int, k: int) -> int:
    """The ``k``-th line of ``order``, four lines of 2 bits (the first lowest)."""
    return (order >> 2 * k) & 3


@jit
def reading(lines: tuple[int, int, int, int], rows: int, cols: int) -> tuple[int, int]:
    """The table whose rows are ``lines`` (a byte a cell) in the order ``rows`` and
    ``cols`` (each as ``pick`` reads it): 7 bits a cell, the first row's first cell
    highest; rows 0 and 1 in the first word, 2 and 3 in the second."""
    first = second = 0
    for i in range(4):
        line = lines[pick(rows, i)]
        for j in range(4):
            v = (line >> 8 * pick(cols, j)) & 255
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
    lines: tuple[int, int, int, int], rows: tuple[int, int, int, int],
    cols: tuple[int, int, int, int], best: tuple[int, int],
) -> tuple[int, int]:  # fmt: skip
    """The least of ``best`` and the readings of the table whose rows are ``lines`` with
    the lines in the order of their signatures (``rows`` and ``cols``)."""
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
            candidate = reading(lines, by_rows, by_cols)
            if best[0] < 0 or candidate < best:
                best = candidate
    return best


@jit
def column(rows: tuple[int, int, int, int], col: int) -> int:
    """Column ``col`` of the table whose rows are ``rows``, as a line: row ``r`` in byte ``r``."""
    shift = 8 * col
    return (
        ((rows[0] >> shift) & 255) | ((rows[1] >> shift) & 255) << 8
        | ((rows[2] >> shift) & 255) << 16 | ((rows[3] >> shift) & 255) << 24
    )  # fmt: skip


@jit
def least(low: int, high: int) -> tuple[int, int]:
    """The reading that the table shares with all its reorderings (see above)."""
    rows = (low & 0xFFFF_FFFF, (low >> 32) & 0xFFFF_FFFF, high & 0xFFFF_FFFF,
            (high >> 32) & 0xFFFF_FFFF)  # fmt: skip
    cols = (column(rows, 0), column(rows, 1), column(rows, 2), column(rows, 3))
    row_signatures = (signature(rows[0]), signature(rows[1]), signature(rows[2]),
                      signature(rows[3]))  # fmt: skip
    col_signatures = (signature(cols[0]), signature(cols[1]), signature(cols[2]),
                      signature(cols[3]))  # fmt: skip
    by_rows, by_cols = sort4(*row_signatures), sort4(*col_signatures)
    best = (-1, -1)
    if by_rows <= by_cols:
        best = least_reading(rows, row_signatures, col_signatures, best)
    if by_cols <= by_rows:  # the table with rows and columns swapped: its rows are ``cols``
        best = least_reading(cols, col_signatures, row_signatures, best)
    return best
