"""Wins in which every card left starts a new pile: the solver's "exactly 16 cards" question.

When a position has just as many cards to come as empty cells to fill, each card must
start a new pile. Heights and buried cards no longer matter, and the grid's final 4×4
box can be fixed up front: the piles standing now sit in one of at most 16 places inside
it. In a fixed box a new pile is an empty cell next to a pile, nothing shifts, and a
position is the rank and side of each top card. The memo of failures merges positions
that cannot differ in what follows: ranks count only by how they compare with the
cards to come, a pile whose row and column are full is never compared again, and with
few piles a mirror image of the box fails alike. Wins are checked against brute force in
the tests.

>>> from squares.ai.foursquare.board import EMPTY
>>> search = Perfect([7, 3, 9, 1], tick=lambda: None)
>>> search.line(EMPTY, 0) is None  # four cards cannot fill sixteen cells
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from squares.ai.foursquare.board import (
    ALL,
    BIT,
    COL_OTHERS,
    GUARDS,
    LEFT,
    MAX_DOWN,
    ROW_OTHERS,
    TIMES,
    UP,
    Board,
    extent,
)

ONES = GUARDS >> 4

_NEIGHBOURS = tuple(
    sum(
        BIT[(i // 4 + dr) * 4 + i % 4 + dc]
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= i // 4 + dr < 4 and 0 <= i % 4 + dc < 4
    )
    for i in range(16)
)
_STARTS = (0, 1, 5)
_SYMMETRY_UP_TO = 6  # piles: beyond this, mirror images are rarely met again
_BOX_SYMMETRIES = tuple(
    tuple(
        enumerate(
            (c if flip_rows else 3 - c) * 4 + (r if flip_cols else 3 - r)
            if transpose
            else (3 - r if flip_rows else r) * 4 + (3 - c if flip_cols else c)
            for r, c in (divmod(i, 4) for i in range(16))
        )
    )
    for transpose in (False, True)
    for flip_rows in (False, True)
    for flip_cols in (False, True)
)[1:]  # not the identity  # a corner, an edge and an inner cell: every other one is a mirror image


def _column_choices(rows: int, down: int) -> int:
    """The flip parities of the other lines (a bit per choice ``x`` of 16) a line agrees with.

    ``rows`` are the line's piles and ``down`` its face-down ones (bit ``k``: the ``k``-th
    crossing line). The line's own flip parity ``y`` must make ``x[k] ^ y`` equal "face
    down" on each pile, and a full line gets no flip (``y = 0``).
    """
    choices = 0
    for x in range(16):
        odd = (down ^ x) & rows
        if odd == 0 or (odd == rows and rows != 15):
            choices |= 1 << x
    return choices


_COLUMN = tuple(_column_choices(rows, down) for rows in range(16) for down in range(16))
_FULL_ROWS = tuple(sum(1 << x for x in range(16) if not x & full) for full in range(16))


_NIBBLE = {sum(BIT[c] for c in range(4) if bits >> c & 1): bits for bits in range(16)}


def lines_agree(occupied: int, up: int) -> bool:
    """``board.can_turn_up(occupied, up)`` (no covers) by tables, a row at a time.

    The condition is the same with rows and columns swapped, so each row's table entry
    lists the column-flip parities it agrees with.
    """
    choices = 0xFFFF
    full = 15
    down = occupied & ~up
    for shift in (0, 20, 40, 60):
        row = _NIBBLE[occupied >> shift & 0xFFFFF]
        full &= row
        choices &= _COLUMN[row * 16 + _NIBBLE[down >> shift & 0xFFFFF]]
    return bool(choices & _FULL_ROWS[full])


@cache
def settled(occupied: int) -> int:
    """The rank bits that still matter: not those of piles whose row and column are full.

    No card can come to such a pile's row or column any more, so its rank is never
    compared again (and it must already be face up).
    """
    keep = 0
    for i in range(16):
        r, c = divmod(i, 4)
        row = all(occupied & BIT[r * 4 + k] for k in range(4))
        col = all(occupied & BIT[k * 4 + c] for k in range(4))
        if not (row and col):
            keep |= 15 << 5 * i
    return keep | GUARDS


@cache
def empty_neighbours(occupied: int) -> tuple[int, ...]:
    """The empty cells of the fixed box next to a pile of ``occupied``."""
    return tuple(i for i in range(16) if not occupied & BIT[i] and occupied & _NEIGHBOURS[i])


def to_moves(start: tuple[int, int], box_cells: list[int]) -> list[int]:
    """The board's moves (first first) for new piles in these box cells, in order.

    ``start`` is the box's row and column of the window's top-left corner (the grid's
    bounding box) before the first of them; with no pile yet, the first is move 0.
    """
    top, left = start
    found = []
    for n, cell in enumerate(box_cells):
        row, col = divmod(cell, 4)
        if n == 0 and top < 0:
            top, left = row, col
            found.append(0)
        elif row < top:
            found.append(UP + col - left)
            top = row
        elif col < left:
            found.append(LEFT + row - top)
            left = col
        else:
            found.append((row - top) * 4 + col - left)
    return found


class Perfect:
    """A depth-first search for wins with new piles only; its memo lasts the whole solve.

    ``ranks`` are the ranks of the cards to come in drawing order; ``tick`` is called at
    each node (it may raise to stop the search).
    """

    def __init__(self, ranks: list[int], tick: Callable[[], None]) -> None:
        self.ranks = ranks
        self.tick = tick
        self.failed: set[int] = set()
        self.agree: dict[int, bool] = {}
        self.steps: dict[int, tuple[int, ...]] = {}

    def line(self, board: Board, placed: int) -> list[int] | None:
        """Moves (first first) winning with the next ``16 - piles`` cards, each a new pile.

        ``placed`` is the index in ``ranks`` of the next card. ``None``: no such win.
        """
        ranks, up, occupied, _ = board
        need = 16 - occupied.bit_count()
        if placed + need > len(self.ranks):
            return None
        if not occupied:
            for cell in _STARTS:
                found = self._search(self.ranks[placed] << 5 * cell, BIT[cell], placed + 1)
                if found is not None:
                    return to_moves((-1, -1), [cell, *found[::-1]])
            return None
        if need == 0:
            return [] if up == ALL else None
        height, width = extent(occupied)
        for dr in range(5 - height):
            for dc in range(5 - width):
                shift = 5 * (dr * 4 + dc)
                found = self._search(ranks << shift, up << shift, placed)
                if found is not None:
                    return to_moves((dr, dc), found[::-1])
        return None

    def _key(self, ranks: int, up: int, occupied: int, placed: int) -> int:
        """The memo's key: each rank only as its order among the ranks still to come.

        Ranks are only ever compared with the cards to come, so two ranks that compare
        alike with each of them are interchangeable. Per pile, the key holds how many
        distinct ranks to come are below its rank plus how many are not above it.
        """
        end = placed + 16 - occupied.bit_count()
        steps = self.steps.get(placed * 64 + end)
        if steps is None:
            steps = self.steps[placed * 64 + end] = tuple(
                TIMES[v] for f in sorted(set(self.ranks[placed:end])) for v in (f, f + 1)
            )
        shown = ranks | GUARDS
        order = 0
        for step in steps:
            order += ((shown - step) & GUARDS) >> 4
        return order | up << 80 | occupied << 160 | placed << 240

    def _search(self, ranks: int, up: int, placed: int) -> list[int] | None:
        """Box cells (last first) of a win from this fixed-box position, or ``None``."""
        occupied = (ranks + GUARDS - ONES) & GUARDS  # every pile's rank is at least 1
        key = self._key(ranks & settled(occupied), up, occupied, placed)
        if occupied.bit_count() <= _SYMMETRY_UP_TO:  # a mirror image fails alike
            for perm in _BOX_SYMMETRIES:
                image = sum(((ranks | up) >> 5 * old & 31) << 5 * new for new, old in perm)
                image_ranks = image & ~GUARDS
                moved = (image_ranks + GUARDS - ONES) & GUARDS
                key = min(
                    key, self._key(image_ranks & settled(moved), image & GUARDS, moved, placed)
                )
        if key in self.failed:
            return None
        self.tick()
        rank = self.ranks[placed]
        shown = ranks | GUARDS
        higher = (shown - TIMES[rank]) & up  # face-up tops of rank >= the card's
        lower = up & ~(shown - TIMES[rank + 1])  # face-up tops of rank <= the card's
        agree = self.agree
        children: list[tuple[int, int, int]] = []
        for cell in empty_neighbours(occupied):
            turned = up
            line = ROW_OTHERS[cell]
            if not (higher & line and lower & line):
                turned ^= line & occupied
            line = COL_OTHERS[cell]
            if not (higher & line and lower & line):
                turned ^= line & occupied
            bit = BIT[cell]
            turned |= bit
            grown = occupied | bit
            down = (grown ^ turned).bit_count()
            if down > MAX_DOWN:
                continue
            if grown == ALL:
                if down == 0:
                    return [cell]
                continue
            both = grown | turned >> 1
            ok = agree.get(both)
            if ok is None:
                ok = agree[both] = lines_agree(grown, turned)
            if ok:
                children.append((down, cell, turned))
        children.sort()
        for _, cell, turned in children:
            found = self._search(ranks | rank << 5 * cell, turned, placed + 1)
            if found is not None:
                found.append(cell)
                return found
        self.failed.add(key)
        return None
