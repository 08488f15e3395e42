"""A table of the fixed box up to the order of its rows, the order of its columns and a
transpose: one reading of it that all its reorderings share, for the solver's memo.

The table holds a value of a byte a cell (0: nothing there), cell ``i = row * 4 + col``
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

from squares.ai.foursquare.kernel import jit_inner, signed

ORDERS = numpy.array(
    [[a, b, c, d] for a in range(4) for b in range(4) for c in range(4) for d in range(4)
     if len({a, b, c, d}) == 4],
    dtype=numpy.int64,
)  # fmt: skip
"""The 24 orders of four lines."""


def pack(values: list[int]) -> tuple[int, int]:
    """A table's two words from its 16 values (row by row), signed as the compiled code
    holds them."""
    low = sum(value << 8 * i for i, value in enumerate(values[:8]))
    return signed(low), signed(sum(value << 8 * i for i, value in enumerate(values[8:])))


@jit_inner
def sort4(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """Four numbers in increasing order (five comparisons, without branches)."""
    a, b = min(a, b), max(a, b)
    c, d = min(c, d), max(c, d)
    a, c = min(a, c), max(a, c)
    b, d = min(b, d), max(b, d)
    b, c = min(b, c), max(b, c)
    return a, b, c, d


def _weights() -> list[int]:
    """A weight of 58 bits for each value of a byte (splitmix64, so the same everywhere)."""
    weights, state = [], 0
    for _ in range(256):
        state = (state + 0x9E37_79B9_7F4A_7C15) & 0xFFFF_FFFF_FFFF_FFFF
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9) & 0xFFFF_FFFF_FFFF_FFFF
        z = ((z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB) & 0xFFFF_FFFF_FFFF_FFFF
        weights.append((z ^ (z >> 31)) >> 6)
    return weights


WEIGHTS = numpy.array(_weights(), dtype=numpy.int64)
NONE = -1  # no reading yet: every byte 255, which no value reaches (a word whose top
# byte is 128 or more is negative, so the sign cannot tell)


@jit_inner
def weight(word: int, k: int) -> int:
    """The weight of byte ``k`` of ``word``."""
    return int(WEIGHTS[(word >> 8 * k) & 255])


@jit_inner
def pick(order: int, k: int) -> int:
    """The ``k``-th line of ``order``, four lines of 2 bits (the first lowest)."""
    return (order >> 2 * k) & 3


@jit_inner
def columns_in_order(pair: int, cols: int) -> int:
    """Two rows side by side (row one in the low 4 bytes), each with its cells in the
    order ``cols``."""
    out = 0
    for j in range(4):
        out |= ((pair >> 8 * pick(cols, j)) & 0x0000_00FF_0000_00FF) << 8 * j
    return out


@jit_inner
def reading(lines: tuple[int, int, int, int], rows: int, cols: int) -> tuple[int, int]:
    """The table whose rows are ``lines`` (a byte a cell) in the order ``rows`` and
    ``cols`` (each as ``pick`` reads it), a byte a cell: the first two rows in the first
    word (the first in its low half), the last two in the second."""
    first = lines[pick(rows, 0)] | lines[pick(rows, 1)] << 32
    second = lines[pick(rows, 2)] | lines[pick(rows, 3)] << 32
    return columns_in_order(first, cols), columns_in_order(second, cols)


def _orders_within_ties(ties: int) -> list[list[int]]:
    """The orders of four sorted places that keep each place among those it ties with:
    ``ties`` bit ``k`` says places ``k`` and ``k + 1`` tie."""
    block = [0, 0, 0, 0]
    for k in range(3):
        block[k + 1] = block[k] + (0 if ties >> k & 1 else 1)
    return [list(order) for order in ORDERS if all(block[order[i]] == block[i] for i in range(4))]


TIE_ORDERS = numpy.zeros((8, 24, 4), dtype=numpy.int64)
"""``TIE_ORDERS[ties, k]``: the ``k``-th order that keeps tied places among themselves."""
TIE_COUNTS = numpy.zeros(8, dtype=numpy.int64)
for _ties in range(8):
    _orders = _orders_within_ties(_ties)
    TIE_COUNTS[_ties] = len(_orders)
    TIE_ORDERS[_ties, : len(_orders)] = _orders


@jit_inner
def sorted_order(s0: int, s1: int, s2: int, s3: int) -> tuple[int, int]:
    """The order of four lines by their signatures (``pick`` reads it), and which
    neighbours in that order tie (bit ``k``: places ``k`` and ``k + 1``)."""
    a, b, c, d = sort4(s0 << 2, (s1 << 2) | 1, (s2 << 2) | 2, (s3 << 2) | 3)
    order = (a & 3) | (b & 3) << 2 | (c & 3) << 4 | (d & 3) << 6
    a, b, c, d = a >> 2, b >> 2, c >> 2, d >> 2
    return order, (1 if a == b else 0) | (2 if b == c else 0) | (4 if c == d else 0)


@jit_inner
def tied_order(order: int, ties: int, k: int) -> int:
    """``order`` with its tied lines in their ``k``-th order (``TIE_ORDERS``)."""
    other = 0
    for i in range(4):
        other |= pick(order, TIE_ORDERS[ties, k, i]) << 2 * i
    return other


@jit_inner
def least_reading(
    lines: tuple[int, int, int, int], rows: tuple[int, int, int, int],
    cols: tuple[int, int, int, int], best: tuple[int, int],
) -> tuple[int, int]:  # fmt: skip
    """The least of ``best`` and the readings of the table whose rows are ``lines`` with
    the lines in the order of their signatures (``rows`` and ``cols``), tied lines in
    every order."""
    row_order, row_ties = sorted_order(rows[0], rows[1], rows[2], rows[3])
    col_order, col_ties = sorted_order(cols[0], cols[1], cols[2], cols[3])
    if row_ties == 0 and col_ties == 0:
        candidate = reading(lines, row_order, col_order)
        return candidate if best[0] == NONE or candidate < best else best
    for k in range(TIE_COUNTS[row_ties]):
        by_rows = tied_order(row_order, row_ties, k)
        for m in range(TIE_COUNTS[col_ties]):
            candidate = reading(lines, by_rows, tied_order(col_order, col_ties, m))
            if best[0] == NONE or candidate < best:
                best = candidate
    return best


@jit_inner
def column(rows: tuple[int, int, int, int], col: int) -> int:
    """Column ``col`` of the table whose rows are ``rows``, as a line: row ``r`` in byte ``r``."""
    shift = 8 * col
    return (
        ((rows[0] >> shift) & 255) | ((rows[1] >> shift) & 255) << 8
        | ((rows[2] >> shift) & 255) << 16 | ((rows[3] >> shift) & 255) << 24
    )  # fmt: skip


@jit_inner
def least(low: int, high: int) -> tuple[int, int]:
    """The reading that the table shares with all its reorderings (see above).

    A line's signature is the sum of its values' weights: a number no order of its cells
    changes, which lines with other values almost never share (when they do, they are
    only taken for tied, and read both ways)."""
    w0, w1, w2, w3 = weight(low, 0), weight(low, 1), weight(low, 2), weight(low, 3)
    w4, w5, w6, w7 = weight(low, 4), weight(low, 5), weight(low, 6), weight(low, 7)
    w8, w9, w10, w11 = weight(high, 0), weight(high, 1), weight(high, 2), weight(high, 3)
    w12, w13, w14, w15 = weight(high, 4), weight(high, 5), weight(high, 6), weight(high, 7)
    row_signatures = (w0 + w1 + w2 + w3, w4 + w5 + w6 + w7, w8 + w9 + w10 + w11,
                      w12 + w13 + w14 + w15)  # fmt: skip
    col_signatures = (w0 + w4 + w8 + w12, w1 + w5 + w9 + w13, w2 + w6 + w10 + w14,
                      w3 + w7 + w11 + w15)  # fmt: skip
    rows = (low & 0xFFFF_FFFF, (low >> 32) & 0xFFFF_FFFF, high & 0xFFFF_FFFF,
            (high >> 32) & 0xFFFF_FFFF)  # fmt: skip
    by_rows, by_cols = sort4(*row_signatures), sort4(*col_signatures)
    best = (NONE, NONE)
    if by_rows <= by_cols:
        best = least_reading(rows, row_signatures, col_signatures, best)
    if by_cols <= by_rows:  # the table with rows and columns swapped: its rows are the columns
        cols = (column(rows, 0), column(rows, 1), column(rows, 2), column(rows, 3))
        best = least_reading(cols, col_signatures, row_signatures, best)
    return best
