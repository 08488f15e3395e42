"""Positions for the Foursquare tests.

Positions are written as ``{(row, col): "pile"}``. A pile lists its cards bottom to top;
a card is face up unless marked with a leading ``~`` (its back is showing):
``"4S ~TC"`` is a four of spades under a face-down ten of clubs.
"""

from __future__ import annotations

from squares.cards import Card, foursquare_deck
from squares.games.foursquare import Foursquare, FoursquareState, Placement

GAME = Foursquare()

Cell = tuple[int, int]
Layout = dict[Cell, str]


def pile(spec: str) -> tuple[tuple[Card, bool], ...]:
    return tuple((Card.parse(text.lstrip("~")), not text.startswith("~")) for text in spec.split())


def position(layout: Layout, hand: str | None, stock: str | None = None) -> FoursquareState:
    """A state of deal 0 with these piles and ``hand`` as the card to place.

    The stock is ``stock`` if given, else every card of the 40 not used yet, in deck
    order, so that the position holds each card exactly once.
    """
    grid = tuple(sorted((cell, pile(spec)) for cell, spec in layout.items()))
    used = [card for _, p in grid for card, _ in p]
    drawn = [Card.parse(hand)] if hand else []
    if stock is None:
        rest = [card for card in foursquare_deck() if card not in used + drawn]
    else:
        rest = [Card.parse(text) for text in stock.split()]
    every = used + drawn + rest
    assert len(every) == len(set(every)), "a test position uses a card twice"
    return FoursquareState(0, grid, (*drawn, *rest))


def at(row: int, col: int) -> Placement:
    return Placement(row, col)


def top(state: FoursquareState, cell: Cell) -> tuple[str, bool]:
    card, face_up = state.piles[cell][-1]
    return str(card), face_up


def tops(state: FoursquareState, *cells: Cell) -> list[tuple[str, bool]]:
    return [top(state, cell) for cell in cells]


def face_down_cells(state: FoursquareState) -> list[Cell]:
    return [cell for cell, p in state.grid if not p[-1][1]]


def legal(state: FoursquareState) -> list[Cell]:
    return [(m.row, m.col) for m in GAME.legal_moves(state)]


def full_grid() -> Layout:
    """16 face-up single cards at rows and columns 0..3: A♣..10♣ then A♦..6♦."""
    return {
        (r, c): "A23456789T"[(4 * r + c) % 10] + "CD"[(4 * r + c) // 10]
        for r in range(4)
        for c in range(4)
    }


# Fifteen face-up piles; the 5♥ at 3,3 completes the grid without flipping anything:
# row 3 shows 4, 7, 2 (the 5 is between) and column 3 shows 3, 8, 5 (the 5 ties).
ALMOST_WON = {(0, 0): "AC", (0, 1): "2C", (0, 2): "3C", (0, 3): "3D",
              (1, 0): "5C", (1, 1): "6C", (1, 2): "9C", (1, 3): "8C",
              (2, 0): "9D", (2, 1): "TC", (2, 2): "AD", (2, 3): "5D",
              (3, 0): "4D", (3, 1): "7D", (3, 2): "2D"}  # fmt: skip


# The designer's worked example. Columns A-D are cols 0-3, rows 1-3 are rows 0-2. B1 is a
# pile topped by the 10♣; B2 a pile whose top (the 8♦, over a face-up 7♥) is face down.
# The card to place is the 6♦.
A1, B1, C1, D1 = (0, 0), (0, 1), (0, 2), (0, 3)
A2, B2, C2, D2, E2 = (1, 0), (1, 1), (1, 2), (1, 3), (1, 4)
A3, B3, C3, D3 = (2, 0), (2, 1), (2, 2), (2, 3)

EXAMPLE = {A1: "9S", B1: "4S TC", B2: "7H ~8D", C2: "6C", D2: "4H", C3: "3S", D3: "2H"}
