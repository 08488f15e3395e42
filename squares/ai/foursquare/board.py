"""The Foursquare grid as the AI sees it: the kernel's packed position, for Python callers.

Suits never matter to the rules and buried cards are never seen again, so a pile is
three small numbers: its height, its top card's rank, and whether that card is face up.
A ``Board`` is the kernel's position ``(ranks, up, occupied, heights)`` (see
``kernel``): ``up`` and ``occupied`` are masks with bit ``i`` for window cell
``i = row * 4 + col``, ``ranks`` and ``heights`` hold four bits per cell. The window's
top-left corner is the grid's, so a board is already the same for every translation of
a grid. Every function here that places a card goes through the compiled kernel.

>>> board = play(play(EMPTY, 0, 7), 1, 3)  # a 7, then a 3 to its right
>>> cells(board)[:2], face_down(board)     # the 3 is lowest: it turns the 7 face down
((39, 51), 1)
>>> sorted(moves(board))
[0, 1, 2, 4, 5, 16, 17, 20]
"""

from __future__ import annotations

from functools import cache
from typing import Any

from squares.ai.compiled import plain
from squares.ai.foursquare import kernel
from squares.ai.foursquare.kernel import LEFT, UP, lines_agree

Board = tuple[int, int, int, int]
"""``(ranks, up, occupied, heights)``: see ``kernel``."""

EMPTY: Board = (0, 0, 0, 0)

ALL = kernel.ALL  # every cell occupied (or face up)
BIT = tuple(1 << i for i in range(16))

__all__ = ["LEFT", "UP", "lines_agree"]

_lost, _won = plain(kernel.lost), plain(kernel.won)  # small questions, asked from Python


@cache
def indices(mask: int) -> tuple[int, ...]:
    """The window cells (or moves) whose bit is set in ``mask``."""
    return tuple(i for i in range(24) if mask >> i & 1)


def moves(board: Board) -> list[int]:
    """Every legal move: the piles that are not full, then the new piles."""
    return [
        *indices(kernel.open_piles(board[2], board[3])),
        *indices(kernel.new_piles(board[2])),
    ]


def shift(board: Board, move: int) -> tuple[Board, int]:
    """The board once the window makes room for ``move``, and the move's window cell."""
    ranks, up, occupied, heights, cell = kernel.shift(*board, move)
    return (ranks, up, occupied, heights), cell


def play(board: Board, move: int, rank: int) -> Board:
    """Place a card of ``rank`` (1..10) by ``move``; ``move`` must be legal."""
    return kernel.play(*board, move, rank)


def turned(board: Board, move: int, rank: int) -> int:
    """The mask (in the window after any shift) of the tops ``move`` turns over."""
    ranks, up, occupied, _, cell = kernel.shift(*board, move)
    return kernel.turns(ranks, up, occupied, cell, rank)


def face_down(board: Board) -> int:
    return (board[2] ^ board[1]).bit_count()


def piles(board: Board) -> int:
    return board[2].bit_count()


def is_won(board: Board) -> bool:
    return _won(board[2], board[1])


def is_lost(board: Board) -> bool:
    """Lost by the face-down rule (running out of cards is the caller's business)."""
    return _lost(face_down(board))


# -- per-cell codes, for conversions, symmetry and tests -----------------------------------
def cells(board: Board) -> tuple[int, ...]:
    """Each window cell as ``height << 5 | face_up << 4 | rank`` (0 when empty)."""
    ranks, up, _, heights = board
    return tuple(
        (heights >> 4 * i & 7) << 5 | (16 if up & BIT[i] else 0) | (ranks >> 4 * i & 15)
        for i in range(16)
    )


def from_cells(codes: tuple[int, ...]) -> Board:
    ranks = up = occupied = heights = 0
    for i, code in enumerate(codes):
        if code:
            ranks |= (code & 15) << 4 * i
            heights |= (code >> 5) << 4 * i
            occupied |= BIT[i]
            up |= BIT[i] if code & 16 else 0
    return kernel.signed(ranks), up, occupied, heights


# -- the public rules engine's coordinates ----------------------------------------------
Origin = tuple[int, int]
"""The public row and column of window cell 0 (the grid's top-left corner)."""


Grid = tuple[tuple[tuple[int, int], tuple[tuple[Any, bool], ...]], ...]
"""``FoursquareState.grid``: the piles by cell, each bottom to top as (card, face up)."""


def from_grid(grid: Grid) -> tuple[Board, Origin]:
    """The board of a public grid (``FoursquareState.grid``), and where its window sits."""
    if not grid:
        return EMPTY, (0, 0)
    top = min(r for (r, _), _ in grid)
    left = min(c for (_, c), _ in grid)
    codes = [0] * 16
    for (r, c), pile in grid:
        card, face_up = pile[-1]
        codes[(r - top) * 4 + c - left] = len(pile) << 5 | (16 if face_up else 0) | card.rank
    return from_cells(tuple(codes)), (top, left)


def to_cell(move: int, origin: Origin) -> tuple[int, int]:
    """The public ``(row, col)`` of a move made with the window at ``origin``."""
    top, left = origin
    if move < UP:
        return top + move // 4, left + move % 4
    if move < LEFT:
        return top - 1, left + move - UP
    return top + move - LEFT, left - 1


def next_origin(origin: Origin, move: int) -> Origin:
    """Where the window sits after ``move`` (it moves when the grid grows up or left)."""
    top, left = origin
    if UP <= move < LEFT:
        return top - 1, left
    if move >= LEFT:
        return top, left - 1
    return origin
