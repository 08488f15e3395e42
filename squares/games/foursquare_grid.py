"""Foursquare's grid on its own: its limits, a placement's cell, where a card may go and
what a placement turns over. Pure functions of the piles (``Grid``, sorted by cell); the
game (``squares.games.foursquare``) adds the cards in hand and the end of the game.

>>> grid = (((0, 0), ((Card.parse("5H"), True),)),)
>>> [str(p) for p in legal_cells(grid)]
['-1,0', '0,-1', '0,0', '0,1', '1,0']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from squares.cards import Card
from squares.cards import shown as _shown
from squares.errors import BadNotation
from squares.i18n import _

SIZE = 4  # the grid is at most SIZE × SIZE
MAX_HEIGHT = 4  # a pile holds at most this many cards

Cell = tuple[int, int]
Layer = tuple[Card, bool]  # a card and whether it is face up
Pile = tuple[Layer, ...]  # bottom to top
Grid = tuple[tuple[Cell, Pile], ...]  # sorted by cell
Bounds = tuple[int, int, int, int]

# ASCII only (no other script's digits), and short: coordinates are within a few cells of
# the first card, and Python refuses to convert very long strings to int at all.
_NOTATION = re.compile(r"\s*(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})\s*", re.ASCII)
NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Placement(NamedTuple):
    """Put the card in hand on the pile or empty cell at ``row, col``: notation ``"0,1"``.

    A named pair, so that placements compare, hash and sort as fast as cells do."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> Placement:
        match = _NOTATION.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise BadNotation(
                _("bad Foursquare move {move}: expected 'row,col' such as '0,1' or '-1,0'").format(
                    move=_shown(text)
                )
            )
        return cls(int(match[1]), int(match[2]))


def span(values: list[int]) -> int:
    return max(values) - min(values) + 1


@cache
def placement(row: int, col: int) -> Placement:
    """The placement at ``row, col``, made once."""
    return Placement(row, col)


@cache
def beside(cell: Cell) -> tuple[Placement, ...]:
    """The cells up, down, left and right of ``cell``."""
    return tuple(placement(cell[0] + dr, cell[1] + dc) for dr, dc in NEIGHBOURS)


def turned(grid: Grid, rank: int, row: int, col: int) -> list[Cell]:
    """The cells whose top a card of ``rank`` placed at ``row, col`` turns over.

    Each line (the row, then the column) flips all its other piles when the placed rank
    is strictly above or strictly below every face-up top among them, or when none of
    them is face up. Face-down tops are not compared; a tie blocks the flip.
    """
    in_row: list[Cell] = []
    in_col: list[Cell] = []
    row_up: list[int] = []
    col_up: list[int] = []
    for cell, pile in grid:
        if cell[0] == row:
            if cell[1] != col:
                in_row.append(cell)
                if pile[-1][1]:
                    row_up.append(pile[-1][0].rank)
        elif cell[1] == col:
            in_col.append(cell)
            if pile[-1][1]:
                col_up.append(pile[-1][0].rank)
    flipped: list[Cell] = []
    if not row_up or rank > max(row_up) or rank < min(row_up):
        flipped += in_row
    if not col_up or rank > max(col_up) or rank < min(col_up):
        flipped += in_col
    return flipped


def bounds(grid: Grid) -> Bounds:
    """The open bounds a new pile's row and column must lie strictly within: each within
    SIZE rows (columns) of every pile's."""
    rows = [r for (r, _), _ in grid]
    cols = [c for (_, c), _ in grid]
    return max(rows) - SIZE, min(rows) + SIZE, max(cols) - SIZE, min(cols) + SIZE


def _free_beside(cells: Iterable[Cell], taken: set[Cell], limits: Bounds) -> set[Placement]:
    """The empty cells, not in ``taken``, beside ``cells`` and within ``limits``."""
    low, high, first, last = limits
    return {
        near
        for cell in cells
        for near in beside(cell)
        if near not in taken and low < near.row < high and first < near.col < last
    }


def legal_cells(grid: Grid) -> tuple[Placement, ...]:
    """Where a card may go, sorted: a pile that is not full, or an empty cell beside a
    pile that keeps the grid within SIZE × SIZE."""
    if not grid:
        return (placement(0, 0),)
    piles = {cell for cell, _ in grid}
    cells = {placement(*cell) for cell, pile in grid if len(pile) < MAX_HEIGHT}
    cells |= _free_beside(piles, piles, bounds(grid))
    return tuple(sorted(cells))


def next_cells(
    before: tuple[Placement, ...], after: Grid, cell: Cell, new: bool, full: bool
) -> tuple[Placement, ...]:
    """The legal cells after a placement at ``cell``, from those before it: a full pile
    leaves them; a new pile brings its empty neighbours, and may narrow the bounds."""
    if not new:
        return tuple(c for c in before if c != cell) if full else before
    limits = bounds(after)
    low, high, first, last = limits
    # Every pile lies within the bounds, so these keep all the piles that are not full.
    cells = [c for c in before if low < c.row < high and first < c.col < last]
    taken = {c for c, _ in after}
    taken.update(cells)
    cells += _free_beside((cell,), taken, limits)
    cells.sort()
    return tuple(cells)
