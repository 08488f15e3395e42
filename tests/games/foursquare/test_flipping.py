"""Foursquare: Flipping: the row and column checks after each placement."""

from __future__ import annotations

import pytest

from squares.games.foursquare import FoursquareState
from tests.games.foursquare.positions import (
    GAME,
    Cell,
    Layout,
    at,
    face_down_cells,
    pile,
    position,
    top,
    tops,
)

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
