"""Foursquare, one test per rule of rules/foursquare.md, then the designer's worked example,
the player view, move notation and saves.

Positions are written as ``{(row, col): "pile"}``. A pile lists its cards bottom to top;
a card is face up unless marked with a leading ``~`` (its back is showing):
``"4S ~TC"`` is a four of spades under a face-down ten of clubs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from squares.cards import Card, foursquare_deck, shuffled
from squares.errors import BadDealNumber, BadNotation, CorruptSave, IllegalMoveError
from squares.games.base import Status
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


# -- Cards -----------------------------------------------------------------------------


def test_deck_is_forty_cards_ace_to_ten() -> None:
    state = GAME.new(7)
    assert len(state.remaining) == len(set(state.remaining)) == 40
    assert sorted(card.rank for card in state.remaining) == sorted(list(range(1, 11)) * 4)


def test_stock_is_the_numbered_deal_drawn_front_to_back() -> None:
    state = GAME.new(7)
    deck = shuffled(foursquare_deck(), 7)
    assert list(state.remaining) == deck
    assert state.grid == ()
    after = GAME.apply(state, at(0, 0))
    assert top(after, (0, 0)) == (str(deck[0]), True)
    assert after.remaining[0] == deck[1]


@pytest.mark.parametrize("deal", [-1, 2**63, True, "7", 1.5])
def test_bad_deal_number_is_refused(deal: Any) -> None:
    with pytest.raises(BadDealNumber):
        GAME.new(deal)


@pytest.mark.parametrize("hand", ["6C", "6D", "6H", "6S"])
@pytest.mark.parametrize(
    "layout",
    [{(0, 0): "9S", (0, 1): "2H", (1, 1): "7C"}, {(0, 0): "9H", (0, 1): "2C", (1, 1): "7D"}],
)
def test_suits_never_matter(hand: str, layout: Layout) -> None:
    # at 1,0 the 6 is lowest in its row (7) and in its column (9), whatever the suits
    assert GAME.flips(position(layout, hand), at(1, 0)) == [(0, 0), (1, 1)]


# -- Play ------------------------------------------------------------------------------


def test_drawn_card_is_placed_face_up() -> None:
    state = position({(0, 0): "9S", (0, 1): "~2H"}, "6D")
    for cell in [(0, 0), (0, 1), (1, 0)]:
        assert top(GAME.apply(state, at(*cell)), cell) == ("6D", True)


def test_placing_draws_the_next_card() -> None:
    state = position({(0, 0): "9S"}, "6D", stock="AC 2C 3C")
    after = GAME.apply(state, at(0, 1))
    assert after.remaining == (Card.parse("AC"), Card.parse("2C"), Card.parse("3C"))
    assert GAME.view(after)["current"] == "AC"
    assert GAME.view(after)["stock"] == 2


def test_first_card_goes_to_0_0() -> None:
    state = GAME.new(123)
    assert legal(state) == [(0, 0)]
    for cell in [(0, 1), (1, 0), (-1, -1), (3, 3)]:
        with pytest.raises(IllegalMoveError, match="0,0"):
            GAME.apply(state, at(*cell))
    assert GAME.apply(state, at(0, 0)).piles == {(0, 0): ((state.remaining[0], True),)}


def test_card_may_go_on_any_pile_with_fewer_than_four_cards() -> None:
    # whatever the pile's top shows: higher, lower, the same rank, or its back
    layout = {
        (0, 0): "9S",
        (0, 1): "2H AD",
        (0, 2): "~3C",
        (1, 2): "4S ~5S 6S",
        (1, 1): "TD TH ~7S",
    }
    state = position(layout, "6D")
    for cell in layout:
        assert cell in legal(state)
        assert GAME.why_illegal(state, at(*cell)) is None
        after = GAME.apply(state, at(*cell))
        assert after.piles[cell] == (*state.piles[cell], (Card.parse("6D"), True))


def test_full_pile_takes_no_card() -> None:
    state = position({(0, 0): "9S 2H 3H 4H", (0, 1): "5C"}, "6D")
    assert (0, 0) not in legal(state)
    with pytest.raises(IllegalMoveError, match="full"):
        GAME.apply(state, at(0, 0))


def test_empty_cell_must_be_orthogonally_adjacent() -> None:
    state = position({(0, 0): "9S", (0, 1): "5C"}, "6D")
    assert legal(state) == [(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    for cell in [(2, 0), (0, 3), (-2, 1)]:
        with pytest.raises(IllegalMoveError, match="not next to a pile"):
            GAME.apply(state, at(*cell))


def test_diagonal_cell_is_not_adjacent() -> None:
    state = position({(0, 0): "9S"}, "6D")
    for cell in [(-1, -1), (-1, 1), (1, -1), (1, 1)]:
        assert cell not in legal(state)
        with pytest.raises(IllegalMoveError, match="up, down, left or right"):
            GAME.apply(state, at(*cell))


def test_grid_may_grow_in_any_direction() -> None:
    state = position({(0, 0): "9S"}, "6D")
    assert legal(state) == [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]


def test_coordinates_may_go_negative() -> None:
    state = position({(0, 0): "9S", (-1, 0): "8S", (-2, 0): "7S", (-2, -1): "6S"}, "6D")
    assert (-2, -2) in legal(state)
    after = GAME.apply(state, at(-3, 0))
    assert top(after, (-3, 0)) == ("6D", True)
    assert GAME.view(after)["piles"][0] == {
        "row": -3,
        "col": 0,
        "height": 1,
        "face_up": True,
        "top": "6D",
    }


def test_grid_may_not_grow_past_four_columns() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (0, 3): "6S"}, "6D")
    for cell in [(0, -1), (0, 4)]:
        assert cell not in legal(state)
        with pytest.raises(IllegalMoveError, match="5 columns wide"):
            GAME.apply(state, at(*cell))
    assert (1, 3) in legal(state)


def test_grid_may_not_grow_past_four_rows() -> None:
    state = position({(0, 0): "9S", (-1, 0): "8S", (1, 0): "7S", (2, 0): "6S"}, "6D")
    for cell in [(-2, 0), (3, 0)]:
        assert cell not in legal(state)
        with pytest.raises(IllegalMoveError, match="5 rows tall"):
            GAME.apply(state, at(*cell))
    assert (0, 1) in legal(state)


def test_bounding_box_spans_empty_cells() -> None:
    layout = {(0, 0): "9S", (1, 0): "8S", (1, 1): "7S", (1, 2): "6S", (0, 2): "5S"}
    assert {(0, 3), (0, -1)} <= set(legal(position(layout, "6D")))
    wider = position({**layout, (0, 3): "4S"}, "6D")
    assert (0, -1) not in legal(wider)


def test_hole_inside_the_grid_may_be_filled() -> None:
    state = position({(0, 0): "9S", (1, 0): "8S", (1, 1): "7S", (1, 2): "6S", (0, 2): "5S"}, "6D")
    assert (0, 1) in legal(state)


def test_every_drawn_card_must_be_placed() -> None:
    """No discard, and a legal placement always exists while the game is on."""
    state = position({(0, 0): "9S"}, "6D")
    for not_a_placement in ["pass", "discard", "skip", ""]:
        with pytest.raises(BadNotation):
            GAME.apply_text(state, not_a_placement)
    for deal in range(20):
        state = GAME.new(deal)
        while GAME.status(state) is Status.PLAYING:
            moves = GAME.legal_moves(state)
            assert moves, f"deal {deal}: no legal move while playing"
            safe = [m for m in moves if not GAME.loses(state, m)] or moves
            state = GAME.apply(state, safe[-1] if deal % 2 else safe[0])
        assert GAME.legal_moves(state) == []


def test_placement_exists_even_when_the_grid_is_full() -> None:
    # 39 cards on a full 4 by 4 grid: 7 piles of four, 2 of two and 7 single cards
    cards = [str(card) for card in foursquare_deck()]
    heights = [4] * 7 + [2] * 2 + [1] * 7
    layout: Layout = {}
    for n, height in enumerate(heights):
        layout[divmod(n, 4)] = " ".join(cards[:height])
        del cards[:height]
    layout[(3, 3)] = "~" + layout[(3, 3)]  # one face-down top: not won yet
    state = position(layout, cards[0], stock="")
    assert GAME.status(state) is Status.PLAYING
    assert legal(state) == [(1, 3), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3)]


# -- Flipping --------------------------------------------------------------------------
# The row tests are written along row 0 and run again turned into column 0.

LINES = ["row", "column"]


def along(line: str, col: int) -> Cell:
    return (0, col) if line == "row" else (col, 0)


def place_in_line(
    line: str, layout: Layout, hand: str, col: int
) -> tuple[list[Cell], FoursquareState]:
    """Place ``hand`` at column ``col`` of row 0 (or row ``col`` of column 0)."""
    turned = layout if line == "row" else {(c, r): spec for (r, c), spec in layout.items()}
    state = position(turned, hand)
    move = at(*along(line, col))
    return GAME.flips(state, move), GAME.apply(state, move)


@pytest.mark.parametrize("line", LINES)
def test_row_flips_when_placed_card_is_highest(line: str) -> None:
    flipped, after = place_in_line(line, {(0, 0): "3S", (0, 1): "5C", (0, 2): "2H"}, "6D", 3)
    assert flipped == [along(line, c) for c in (0, 1, 2)]
    assert face_down_cells(after) == flipped


@pytest.mark.parametrize("line", LINES)
def test_row_flips_when_placed_card_is_lowest(line: str) -> None:
    flipped, after = place_in_line(line, {(0, 0): "9S", (0, 1): "7C", (0, 2): "8H"}, "6D", -1)
    assert flipped == [along(line, c) for c in (0, 1, 2)]
    assert face_down_cells(after) == flipped


@pytest.mark.parametrize("line", LINES)
def test_row_does_not_flip_when_placed_card_is_in_between(line: str) -> None:
    flipped, after = place_in_line(line, {(0, 0): "9S", (0, 1): "2C", (0, 2): "8H"}, "6D", 3)
    assert flipped == []
    assert face_down_cells(after) == []


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize(
    "others",
    [{(0, 0): "6S"}, {(0, 0): "6S", (0, 1): "2C"}, {(0, 0): "9S", (0, 1): "6C"}],
    ids=["tie-alone", "tie-with-the-highest", "tie-with-the-lowest"],
)
def test_tie_in_row_means_no_flip(line: str, others: Layout) -> None:
    flipped, after = place_in_line(line, others, "6D", 2 if len(others) == 2 else 1)
    assert flipped == []
    assert face_down_cells(after) == []


@pytest.mark.parametrize("line", LINES)
def test_face_down_tops_are_not_compared(line: str) -> None:
    # 6 would tie the 6 and sit between 2 and 9, but only the 9 is face up: 6 is lowest
    layout = {(0, 0): "9S", (0, 1): "~2C", (0, 2): "~6C"}
    flipped, after = place_in_line(line, layout, "6D", 3)
    assert flipped == [along(line, c) for c in (0, 1, 2)]
    assert face_down_cells(after) == [along(line, 0)]


@pytest.mark.parametrize("line", LINES)
def test_flip_turns_face_down_tops_face_up(line: str) -> None:
    _, after = place_in_line(line, {(0, 0): "3S", (0, 1): "~9C"}, "6D", 2)
    assert tops(after, along(line, 0), along(line, 1)) == [("3S", False), ("9C", True)]


@pytest.mark.parametrize("line", LINES)
def test_row_with_no_face_up_top_flips_all(line: str) -> None:
    flipped, after = place_in_line(line, {(0, 0): "~9S", (0, 1): "~6C", (0, 2): "~AH"}, "6D", 3)
    assert flipped == [along(line, c) for c in (0, 1, 2)]
    assert face_down_cells(after) == []


@pytest.mark.parametrize("line", LINES)
def test_piles_in_a_row_count_as_one_line_across_a_gap(line: str) -> None:
    # the 9 and the 8 share the line with the placed 10 though an empty cell lies between
    layout = {(0, 0): "9S", (0, 3): "8H", (1, 0): "2C", (1, 1): "3C", (1, 2): "4C", (1, 3): "5C"}
    flipped, after = place_in_line(line, layout, "TD", 2)
    assert flipped == sorted([along(line, 0), along(line, 3), (1, 2) if line == "row" else (2, 1)])
    assert tops(after, along(line, 0), along(line, 3)) == [("9S", False), ("8H", False)]


def test_lone_card_flips_nothing() -> None:
    assert GAME.flips(GAME.new(5), at(0, 0)) == []
    assert GAME.flips(position({(0, 0): "9S"}, "6D"), at(0, 0)) == []


@pytest.mark.parametrize(
    ("partner", "hand", "flipped"),
    [
        ("8S", "AD", [(0, 1), (1, 0), (2, 0)]),  # row: lowest; column (2, 7): lowest
        ("8S", "5D", [(0, 1)]),  # row: lowest; column: between
        ("8S", "8D", [(1, 0), (2, 0)]),  # row: tie; column: highest
        ("5S", "5D", []),
    ],  # row: tie; column: between
)
def test_column_check_is_independent_of_row_check(
    partner: str, hand: str, flipped: list[Cell]
) -> None:
    state = position({(0, 0): "9S", (0, 1): partner, (1, 0): "2H", (2, 0): "7H"}, hand)
    assert GAME.flips(state, at(0, 0)) == flipped
    after = GAME.apply(state, at(0, 0))
    assert face_down_cells(after) == flipped


def test_only_the_placed_cards_row_and_column_are_checked() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (1, 1): "7S", (1, 2): "AS"}, "TD")
    assert GAME.flips(state, at(0, 2)) == [(0, 0), (0, 1), (1, 2)]
    assert top(GAME.apply(state, at(0, 2)), (1, 1)) == ("7S", True)


def test_placed_card_never_flips() -> None:
    # both lines have no face-up top, so both flip all their other piles; the 6 stays up
    state = position({(0, 0): "~9S", (0, 1): "~8S", (1, 0): "~7S"}, "6D")
    assert GAME.flips(state, at(0, 0)) == [(0, 1), (1, 0)]
    after = GAME.apply(state, at(0, 0))
    assert after.piles[(0, 0)] == pile("~9S 6D")
    assert face_down_cells(after) == []


def test_covered_card_is_not_compared() -> None:
    # the 6 goes on the 2: the row then shows only the 9, so the 6 is lowest
    state = position({(0, 0): "9S", (0, 1): "2C"}, "6D")
    assert GAME.flips(state, at(0, 1)) == [(0, 0)]


def test_buried_cards_never_flip() -> None:
    state = position({(0, 0): "~AS 2S 3S", (0, 1): "4C ~5C 6C", (1, 0): "7H ~8H"}, "TD")
    after = GAME.apply(state, at(1, 1))  # row 1 has no face-up top; column 1: highest
    assert after.piles[(0, 1)] == pile("4C ~5C ~6C")
    assert after.piles[(1, 0)] == pile("7H 8H")
    assert after.piles[(0, 0)] == pile("~AS 2S 3S")
    after = GAME.apply(state, at(0, 2))  # row 0: highest
    assert after.piles[(0, 0)] == pile("~AS 2S ~3S")
    assert after.piles[(0, 1)] == pile("4C ~5C ~6C")


def test_flips_are_listed_in_cell_order() -> None:
    layout = {(0, -1): "9S", (0, 1): "8S", (-1, 0): "7S", (1, 0): "~2S", (0, 0): "AS"}
    assert GAME.flips(position(layout, "TD"), at(0, 0)) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


# -- End of the game -------------------------------------------------------------------


def test_four_face_down_piles_do_not_lose() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (1, 0): "~2S"}, "TD")
    after = GAME.apply(state, at(0, 3))
    assert after.face_down_count == 4
    assert GAME.status(after) is Status.PLAYING


def test_more_than_four_face_down_piles_loses() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (1, 0): "~2S", (2, 0): "~3S"}, "TD")
    after = GAME.apply(state, at(0, 3))  # flips the three others in row 0
    assert after.face_down_count == 5
    assert GAME.status(after) is Status.LOST
    assert GAME.score(after) is None
    assert GAME.legal_moves(after) == []


def test_covering_a_face_down_card_removes_it_from_the_count() -> None:
    layout = {
        (0, 0): "~9S",
        (0, 1): "5S",
        (1, 0): "5C",
        (1, 1): "~6S",
        (2, 0): "~7S",
        (2, 1): "~8S",
    }
    state = position(layout, "5D")
    assert state.face_down_count == 4
    assert GAME.flips(state, at(1, 1)) == []  # ties the 5♣ in its row and the 5♠ in its column
    after = GAME.apply(state, at(1, 1))
    assert after.piles[(1, 1)] == pile("~6S 5D")
    assert after.face_down_count == 3


def test_buried_face_down_cards_do_not_count() -> None:
    state = position(
        {
            (0, 0): "~9S 2H",
            (0, 1): "~8S 3H",
            (1, 0): "~7S 4H",
            (1, 1): "~6S ~5S 5H",
            (2, 0): "~TS AH",
            (2, 1): "~TH",
        },
        "5D",
    )
    assert state.face_down_count == 1
    assert GAME.status(state) is Status.PLAYING


def test_losing_placement_is_legal() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (1, 0): "~2S", (2, 0): "~3S"}, "TD")
    move = at(0, 3)
    assert move in GAME.legal_moves(state)
    assert GAME.why_illegal(state, move) is None
    assert GAME.loses(state, move)
    assert GAME.status(GAME.apply(state, move)) is Status.LOST
    assert not GAME.loses(state, at(1, 1))


def test_full_face_up_grid_wins() -> None:
    state = position(full_grid(), None)
    assert len(state.grid) == 16
    assert GAME.status(state) is Status.WON
    after = GAME.apply(position(ALMOST_WON, "5H"), at(3, 3))
    assert GAME.status(after) is Status.WON
    assert GAME.legal_moves(after) == []


def test_full_grid_with_a_face_down_top_is_not_won() -> None:
    layout = full_grid()
    layout[(2, 2)] = "~" + layout[(2, 2)]
    state = position(layout, "TS")
    assert GAME.status(state) is Status.PLAYING
    assert GAME.score(state) is None


def test_grid_of_fifteen_face_up_piles_is_not_won() -> None:
    state = position(ALMOST_WON, "5H")
    assert GAME.status(state) is Status.PLAYING


def test_score_is_cards_left_in_stock() -> None:
    state = position({**ALMOST_WON, (3, 0): "4C 4D"}, "5H")  # 17 cards placed after this one
    after = GAME.apply(state, at(3, 3))
    assert GAME.status(after) is Status.WON
    assert len(after.remaining) == 23
    assert GAME.score(after) == 23
    assert GAME.view(after)["stock"] == 23


def test_best_possible_score_is_24() -> None:
    after = GAME.apply(position(ALMOST_WON, "5H"), at(3, 3))
    assert GAME.score(after) == 24


def test_winning_with_the_last_card_scores_zero() -> None:
    spare = [
        str(card) for card in foursquare_deck() if str(card) not in {*ALMOST_WON.values(), "5H"}
    ]
    assert len(spare) == 24
    layout = dict(ALMOST_WON)
    for n, cell in enumerate(sorted(ALMOST_WON)[:8]):  # 8 piles, 3 spare cards under each
        layout[cell] = " ".join(spare[3 * n : 3 * n + 3]) + " " + ALMOST_WON[cell]
    state = position(layout, "5H", stock="")
    after = GAME.apply(state, at(3, 3))
    assert after.remaining == ()
    assert GAME.status(after) is Status.WON
    assert GAME.score(after) == 0


def test_stock_running_out_loses() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S"}, "5D", stock="")
    after = GAME.apply(state, at(1, 1))
    assert after.remaining == ()
    assert GAME.status(after) is Status.LOST
    assert GAME.score(after) is None
    assert GAME.legal_moves(after) == []


def test_no_move_once_the_game_is_over() -> None:
    over = position({(0, 0): "9S"}, None, stock="")
    assert GAME.status(over) is Status.LOST
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.apply(over, at(0, 1))


# -- The designer's worked example -----------------------------------------------------
# Columns A-D are cols 0-3, rows 1-3 are rows 0-2. B1 is a pile topped by the 10♣; B2 a
# pile whose top (the 8♦, over a face-up 7♥) is face down. The card to place is the 6♦.

A1, B1, C1, D1 = (0, 0), (0, 1), (0, 2), (0, 3)
A2, B2, C2, D2, E2 = (1, 0), (1, 1), (1, 2), (1, 3), (1, 4)
A3, B3, C3, D3 = (2, 0), (2, 1), (2, 2), (2, 3)

EXAMPLE = {A1: "9S", B1: "4S TC", B2: "7H ~8D", C2: "6C", D2: "4H", C3: "3S", D3: "2H"}


@pytest.fixture
def example() -> FoursquareState:
    state = position(EXAMPLE, "6D")
    assert face_down_cells(state) == [B2]
    assert GAME.status(state) is Status.PLAYING
    return state


def test_example_b3_flips_row_3_and_column_b(example: FoursquareState) -> None:
    assert GAME.flips(example, at(*B3)) == [B1, B2, C3, D3]
    after = GAME.apply(example, at(*B3))
    assert tops(after, B1, B2, B3, C3, D3) == [
        ("TC", False),
        ("8D", True),
        ("6D", True),
        ("3S", False),
        ("2H", False),
    ]
    assert tops(after, A1, C2, D2) == [("9S", True), ("6C", True), ("4H", True)]
    assert face_down_cells(after) == [B1, C3, D3]
    assert after.face_down_count == 3
    assert GAME.status(after) is Status.PLAYING


def test_example_b1_flips_a1_and_turns_b2_up(example: FoursquareState) -> None:
    assert GAME.flips(example, at(*B1)) == [A1, B2]
    after = GAME.apply(example, at(*B1))
    assert after.piles[B1] == pile("4S TC 6D")
    assert tops(after, A1, B2) == [("9S", False), ("8D", True)]
    assert face_down_cells(after) == [A1]
    assert after.face_down_count == 1


def test_example_b2_ties_in_row_and_flips_b1(example: FoursquareState) -> None:
    assert GAME.flips(example, at(*B2)) == [B1]
    after = GAME.apply(example, at(*B2))
    assert after.piles[B2] == pile("7H ~8D 6D")
    assert tops(after, B1, C2, D2) == [("TC", False), ("6C", True), ("4H", True)]
    assert face_down_cells(after) == [B1]
    assert after.face_down_count == 1


def test_example_a3_is_not_allowed(example: FoursquareState) -> None:
    assert A3 not in legal(example)
    with pytest.raises(IllegalMoveError, match=r"'2,0'.*not next to a pile"):
        GAME.apply(example, at(*A3))


def test_example_e2_is_not_allowed(example: FoursquareState) -> None:
    assert E2 not in legal(example)
    with pytest.raises(IllegalMoveError, match=r"'1,4'.*5 columns wide"):
        GAME.apply(example, at(*E2))


def test_example_d1_is_legal_but_loses(example: FoursquareState) -> None:
    assert D1 in legal(example)
    assert GAME.why_illegal(example, at(*D1)) is None
    assert GAME.flips(example, at(*D1)) == [A1, B1, D2, D3]
    assert GAME.loses(example, at(*D1))
    after = GAME.apply(example, at(*D1))
    assert face_down_cells(after) == [A1, B1, B2, D2, D3]
    assert after.face_down_count == 5
    assert GAME.status(after) is Status.LOST
    assert GAME.legal_moves(after) == []


def test_example_legal_moves(example: FoursquareState) -> None:
    # rows may still grow by one (up or down), columns not at all
    assert legal(example) == [
        (-1, 0),
        (-1, 1),
        A1,
        B1,
        C1,
        D1,
        A2,
        B2,
        C2,
        D2,
        B3,
        C3,
        D3,
        (3, 2),
        (3, 3),
    ]


# -- What the player sees --------------------------------------------------------------


def test_view_has_the_contract_keys_and_types(example: FoursquareState) -> None:
    view = GAME.view(example)
    assert set(view) == {"game", "deal", "status", "score", "stock", "current", "piles", "legal"}
    assert (view["game"], view["deal"], view["status"], view["score"]) == (
        "foursquare",
        0,
        "playing",
        None,
    )
    assert view["current"] == "6D"
    assert view["stock"] == 40 - 9 - 1  # 9 cards in the grid, 1 in hand
    for entry in view["piles"]:
        assert set(entry) == {"row", "col", "height", "face_up", "top"}
        assert type(entry["row"]) is int and type(entry["col"]) is int
        assert type(entry["height"]) is int and type(entry["face_up"]) is bool
        assert entry["top"] is None or isinstance(entry["top"], str)
    assert all(isinstance(m, str) for m in view["legal"])
    assert json.loads(json.dumps(view)) == view


def test_view_shows_piles_sorted_with_heights_and_face_up_tops(example: FoursquareState) -> None:
    piles = GAME.view(example)["piles"]
    assert [(p["row"], p["col"]) for p in piles] == sorted(EXAMPLE)
    by_cell = {(p["row"], p["col"]): p for p in piles}
    assert by_cell[B1] == {"row": 0, "col": 1, "height": 2, "face_up": True, "top": "TC"}
    assert by_cell[A1] == {"row": 0, "col": 0, "height": 1, "face_up": True, "top": "9S"}


def test_view_hides_a_face_down_top(example: FoursquareState) -> None:
    b2 = next(p for p in GAME.view(example)["piles"] if (p["row"], p["col"]) == B2)
    assert b2 == {"row": 1, "col": 1, "height": 2, "face_up": False, "top": None}
    shown = json.dumps(GAME.view(example))
    assert "8D" not in shown
    assert "7H" not in shown  # nor a buried card


def test_view_stock_excludes_the_card_in_hand() -> None:
    view = GAME.view(GAME.new(7))
    assert view["stock"] == 39
    assert view["current"] == str(shuffled(foursquare_deck(), 7)[0])
    assert view["piles"] == []
    assert view["legal"] == ["0,0"]


def test_view_legal_moves_sorted_by_row_then_column_as_numbers() -> None:
    state = position(
        {(0, 0): "9S", (-1, 0): "8S", (-2, 0): "7S", (-2, -1): "6S", (-2, -2): "5S"}, "6D"
    )
    legal_text = GAME.view(state)["legal"]
    numbers = [tuple(int(x) for x in text.split(",")) for text in legal_text]
    assert numbers == sorted(numbers)
    assert legal_text[:3] == ["-3,-2", "-3,-1", "-3,0"]
    assert legal_text != sorted(legal_text)  # as text, "-1,…" would come before "-3,…"


def test_view_once_won_shows_the_score_and_no_card_or_moves() -> None:
    won = GAME.apply(position(ALMOST_WON, "5H"), at(3, 3))
    view = GAME.view(won)
    assert (view["status"], view["score"], view["stock"], view["current"], view["legal"]) == (
        "won",
        24,
        24,
        None,
        [],
    )
    assert all(p["face_up"] for p in view["piles"])


def test_view_once_lost_has_no_card_score_or_moves() -> None:
    lost = GAME.apply(position({(0, 0): "9S", (0, 1): "8S"}, "5D", stock="AC 2C"), at(1, 1))
    lost = GAME.apply(lost, at(1, 0))
    lost = GAME.apply(lost, at(2, 0))
    view = GAME.view(lost)
    assert (view["status"], view["score"], view["stock"], view["current"], view["legal"]) == (
        "lost",
        None,
        0,
        None,
        [],
    )


def test_resigning_does_not_change_the_stock_count(example: FoursquareState) -> None:
    """A resigned game is shown as lost; the card in hand was drawn, so it is not stock."""
    playing, resigned = GAME.view(example), GAME.view(example, Status.LOST)
    assert (resigned["status"], resigned["current"], resigned["legal"], resigned["score"]) == (
        "lost",
        None,
        [],
        None,
    )
    assert resigned["stock"] == playing["stock"]


# -- Moves and their notation ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "row", "col"),
    [("0,0", 0, 0), ("0,1", 0, 1), ("-1,0", -1, 0), ("-3,-2", -3, -2), ("12,3", 12, 3)],
)
def test_move_notation_is_row_comma_column(text: str, row: int, col: int) -> None:
    move = GAME.parse_move(text)
    assert move == Placement(row, col)
    assert str(move) == GAME.format_move(move) == text


@pytest.mark.parametrize(
    "text",
    ["", "0", "0,", ",0", "a,b", "1;2", "0,0,0", "1.5,0", "(0,0)", "0 0", "--1,0", "+1,0", "B3"],
)
def test_malformed_move_raises_bad_notation(text: str) -> None:
    with pytest.raises(BadNotation) as info:
        GAME.parse_move(text)
    assert repr(text) in str(info.value)
    assert "row,col" in str(info.value)


def test_move_that_is_not_text_raises_bad_notation() -> None:
    with pytest.raises(BadNotation):
        GAME.parse_move(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2,0", "not next to a pile"),
        ("1,4", "5 columns wide"),
        ("5,5", "not next to a pile"),
        ("-1,2", "not next to a pile"),
    ],
)
def test_illegal_move_names_the_move_and_the_reason(
    example: FoursquareState, text: str, reason: str
) -> None:
    before = GAME.dump(example)
    with pytest.raises(IllegalMoveError) as info:
        GAME.apply_text(example, text)
    assert info.value.move == text
    assert reason in info.value.reason
    assert f"{text!r}" in str(info.value)
    assert reason in str(info.value)
    assert GAME.dump(example) == before
    assert example == position(EXAMPLE, "6D")


def test_illegal_move_on_a_full_pile_names_the_pile() -> None:
    state = position({(0, 0): "9S 2H 3H 4H", (0, 1): "5C"}, "6D")
    with pytest.raises(IllegalMoveError, match=r"'0,0'.*full \(4 cards\)"):
        GAME.apply_text(state, "0,0")


# -- Saves -----------------------------------------------------------------------------


def played(deal: int, moves: int) -> FoursquareState:
    state = GAME.new(deal)
    for _ in range(moves):
        options = [m for m in GAME.legal_moves(state) if not GAME.loses(state, m)]
        state = GAME.play(state, options[len(options) // 2])
    return state


@pytest.mark.parametrize(("deal", "moves"), [(0, 0), (7, 1), (7, 12), (2**63 - 1, 20)])
def test_dump_load_round_trips(deal: int, moves: int) -> None:
    state = played(deal, moves)
    data = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.load(data) == state


def test_dump_load_round_trips_face_down_and_buried_cards(example: FoursquareState) -> None:
    after = GAME.apply(example, at(*B2))
    assert GAME.load(json.loads(json.dumps(GAME.dump(after)))) == after


def test_dump_holds_format_game_deal_piles_and_remaining() -> None:
    data = GAME.dump(position({(0, 0): "9S", (0, 1): "2C ~8D"}, "6D"))
    assert (data["format"], data["game"], data["deal"]) == (1, "foursquare", 0)
    assert data["piles"] == [
        {"row": 0, "col": 0, "cards": [{"card": "9S", "face_up": True}]},
        {
            "row": 0,
            "col": 1,
            "cards": [{"card": "2C", "face_up": True}, {"card": "8D", "face_up": False}],
        },
    ]
    assert data["remaining"][0] == "6D"
    assert len(data["remaining"]) == 37


def save_of(layout: Layout) -> dict[str, Any]:
    return GAME.dump(position(layout, "6D"))


def test_load_rejects_a_wrong_format_version() -> None:
    data = save_of(EXAMPLE)
    for version in [0, 2, "1", None]:
        data["format"] = version
        with pytest.raises(CorruptSave, match="save format"):
            GAME.load(data)


def test_load_rejects_another_game() -> None:
    data = save_of(EXAMPLE)
    data["game"] = "union-square"
    with pytest.raises(CorruptSave, match="'union-square', expected 'foursquare'"):
        GAME.load(data)


def test_load_rejects_a_missing_card() -> None:
    data = save_of(EXAMPLE)
    data["remaining"].remove("AC")
    with pytest.raises(CorruptSave, match="40 cards"):
        GAME.load(data)


def test_load_rejects_a_duplicated_card() -> None:
    data = save_of(EXAMPLE)
    data["remaining"][data["remaining"].index("AC")] = "9S"
    with pytest.raises(CorruptSave, match="exactly once"):
        GAME.load(data)


def test_load_rejects_a_pile_of_five_cards() -> None:
    data = save_of({(0, 0): "AC 2C 3C 4C"})
    data["piles"][0]["cards"].append({"card": data["remaining"].pop(), "face_up": True})
    with pytest.raises(CorruptSave, match="1 to 4 cards"):
        GAME.load(data)


def test_load_rejects_an_empty_pile() -> None:
    data = save_of({(0, 0): "AC"})
    data["piles"].append({"row": 0, "col": 1, "cards": []})
    with pytest.raises(CorruptSave, match="1 to 4 cards"):
        GAME.load(data)


@pytest.mark.parametrize(
    "cells",
    [[(0, c) for c in range(5)], [(r, 0) for r in range(-2, 3)]],
    ids=["five-wide", "five-tall"],
)
def test_load_rejects_a_grid_larger_than_4_by_4(cells: list[Cell]) -> None:
    data = save_of(dict(zip(cells, ["AC", "2C", "3C", "4C", "5C"], strict=True)))
    with pytest.raises(CorruptSave, match=r"larger than 4.4"):
        GAME.load(data)


def test_load_rejects_a_disconnected_grid() -> None:
    data = save_of({(0, 0): "AC", (0, 2): "2C"})
    with pytest.raises(CorruptSave, match="not connected"):
        GAME.load(data)


def test_load_rejects_a_grid_without_the_first_card_at_0_0() -> None:
    data = save_of({(1, 0): "AC", (1, 1): "2C"})
    with pytest.raises(CorruptSave, match="0,0"):
        GAME.load(data)


def test_load_rejects_two_piles_in_one_cell() -> None:
    data = save_of({(0, 0): "AC", (0, 1): "2C"})
    data["piles"][1]["col"] = 0
    with pytest.raises(CorruptSave, match="share one cell"):
        GAME.load(data)


@pytest.mark.parametrize("face_up", [1, 0, "true", None])
def test_load_rejects_a_non_boolean_face_up(face_up: object) -> None:
    data = save_of(EXAMPLE)
    data["piles"][0]["cards"][0]["face_up"] = face_up
    with pytest.raises(CorruptSave, match="boolean 'face_up'"):
        GAME.load(data)


@pytest.mark.parametrize("bad", ["XS", "10S", "", 9, None])
def test_load_rejects_a_bad_card_string(bad: object) -> None:
    for where in ["pile", "remaining"]:
        data = save_of(EXAMPLE)
        if where == "pile":
            data["piles"][0]["cards"][0]["card"] = bad
        else:
            data["remaining"][3] = bad
        with pytest.raises(CorruptSave, match="bad card"):
            GAME.load(data)


@pytest.mark.parametrize("coordinate", [0.0, "0", True, None])
def test_load_rejects_non_integer_coordinates(coordinate: object) -> None:
    data = save_of({(0, 0): "AC"})
    data["piles"][0]["row"] = coordinate
    with pytest.raises(CorruptSave, match="integers"):
        GAME.load(data)


@pytest.mark.parametrize("deal", [-1, 2**63, True, "7", None])
def test_load_rejects_a_bad_deal_number(deal: object) -> None:
    data = save_of(EXAMPLE)
    data["deal"] = deal
    with pytest.raises(CorruptSave, match="deal number"):
        GAME.load(data)


@pytest.mark.parametrize("data", [None, [], "save", {"format": 1, "game": "foursquare", "deal": 0}])
def test_load_rejects_what_is_not_a_foursquare_save(data: object) -> None:
    with pytest.raises(CorruptSave):
        GAME.load(data)
