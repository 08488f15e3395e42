"""Foursquare: Moves and their notation."""

from __future__ import annotations

import pytest

from squares.errors import BadNotation, IllegalMoveError
from squares.games.foursquare import FoursquareState, Placement
from tests.games.foursquare.positions import (
    EXAMPLE,
    GAME,
    position,
)

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
