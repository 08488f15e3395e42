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

from squares.ai.foursquare import kernel
from squares.ai.foursquare.board import ALL, BIT, MAX_DOWN, UP, Board, extent, indices
from squares.ai.foursquare.kernel import LEFT, lines_agree

_NEIGHBOURS = tuple(
    sum(
        BIT[(i // 4 + dr) * 4 + i % 4 + dc]
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= i // 4 + dr < 4 and 0 <= i % 4 + dc < 4
    )
    for i in range(16)
)
_STARTS = (0, 1, 5)  # a corner, an edge and an inner cell: every other one is a mirror image
_SYMMETRY_UP_TO = 6  # piles: beyond this, mirror images are rarely met again
_BOX_SYMMETRIES = tuple(
    tuple(
        (c if flip_rows else 3 - c) * 4 + (r if flip_cols else 3 - r)
        if transpose
        else (3 - r if flip_rows else r) * 4 + (3 - c if flip_cols else c)
        for r, c in (divmod(i, 4) for i in range(16))
    )
    for transpose in (False, True)
    for flip_rows in (False, True)
    for flip_cols in (False, True)
)[1:]  # not the identity; each a permutation of the 16 cells


@cache
def shape(occupied: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """What the search needs of a set of piles: the piles whose rank still matters, the
    empty cells next to a pile (the moves), and the number of piles.

    The rank of a pile whose row and column are full does not matter: no card can come
    to its row or column any more, so it is never compared again (it must be face up).
    """
    keep = []
    for i in indices(occupied):
        r, c = divmod(i, 4)
        row = all(occupied & BIT[r * 4 + k] for k in range(4))
        col = all(occupied & BIT[k * 4 + c] for k in range(4))
        if not (row and col):
            keep.append(i)
    moves = tuple(i for i in range(16) if not occupied & BIT[i] and occupied & _NEIGHBOURS[i])
    return tuple(keep), moves, occupied.bit_count()


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


def _moved(ranks: int, up: int, occupied: int, shift: int) -> tuple[int, int, int]:
    """The position with every cell moved ``shift`` cells on (into an empty part)."""
    return kernel.signed(ranks << 4 * shift), up << shift, occupied << shift


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
        self.orders: dict[int, tuple[int, ...]] = {}

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
                found = self._search(
                    kernel.signed(self.ranks[placed] << 4 * cell), BIT[cell], BIT[cell], placed + 1
                )
                if found is not None:
                    return to_moves((-1, -1), [cell, *found[::-1]])
            return None
        if need == 0:
            return [] if up == ALL else None
        height, width = extent(occupied)
        for dr in range(5 - height):
            for dc in range(5 - width):
                found = self._search(*_moved(ranks, up, occupied, dr * 4 + dc), placed)
                if found is not None:
                    return to_moves((dr, dc), found[::-1])
        return None

    def _order(self, placed: int, end: int) -> tuple[int, ...]:
        """Per rank ``v`` (0..10), how many distinct ranks to come are below ``v`` plus how
        many are not above it: all that a comparison with the cards to come can tell."""
        order = self.orders.get(placed * 64 + end)
        if order is None:
            coming = set(self.ranks[placed:end])
            order = self.orders[placed * 64 + end] = tuple(
                sum((v > f) + (v >= f) for f in coming) for v in range(11)
            )
        return order

    def _key(self, ranks: int, up: int, occupied: int, placed: int) -> int:
        """The memo's key: each rank only as its order among the ranks still to come.

        Ranks are only ever compared with the cards to come, so two ranks that compare
        alike with each of them are interchangeable (the ranks of settled piles are
        left out).
        """
        keep, _, count = shape(occupied)
        order = self._order(placed, placed + 16 - count)
        key = 0
        for i in keep:
            key |= order[ranks >> 4 * i & 15] << 5 * i
        return key | up << 80 | occupied << 96 | placed << 112

    def _search(self, ranks: int, up: int, occupied: int, placed: int) -> list[int] | None:
        """Box cells (last first) of a win from this fixed-box position, or ``None``."""
        _, cells, count = shape(occupied)
        key = self._key(ranks, up, occupied, placed)
        if count <= _SYMMETRY_UP_TO:  # a mirror image fails alike
            for perm in _BOX_SYMMETRIES:
                image_ranks = image_up = image_occupied = 0
                for old in indices(occupied):
                    new = perm[old]
                    image_ranks |= (ranks >> 4 * old & 15) << 4 * new
                    image_up |= (up >> old & 1) << new
                    image_occupied |= 1 << new
                key = min(key, self._key(image_ranks, image_up, image_occupied, placed))
        if key in self.failed:
            return None
        self.tick()
        rank = self.ranks[placed]
        agree = self.agree
        children: list[tuple[int, int, int]] = []
        for cell in cells:
            bit = BIT[cell]
            turned = up ^ kernel.turns(ranks, up, occupied, cell, rank) | bit
            grown = occupied | bit
            down = (grown ^ turned).bit_count()
            if down > MAX_DOWN:
                continue
            if grown == ALL:
                if down == 0:
                    return [cell]
                continue
            both = grown << 16 | turned
            ok = agree.get(both)
            if ok is None:
                ok = agree[both] = lines_agree(grown, turned)
            if ok:
                children.append((down, cell, turned))
        children.sort()
        for _, cell, turned in children:
            found = self._search(
                kernel.signed(ranks | rank << 4 * cell), turned, occupied | BIT[cell], placed + 1
            )
            if found is not None:
                found.append(cell)
                return found
        self.failed.add(key)
        return None
