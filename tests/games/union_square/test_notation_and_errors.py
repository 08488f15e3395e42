"""Union Square rules: move notation, and illegal moves."""

from __future__ import annotations

from dataclasses import replace

import pytest

from squares.errors import BadNotation, IllegalMoveError
from squares.games.union_square import DEAL, Move, UnionSquareState
from tests.games.union_square.positions import (
    GAME,
    position,
)

# -- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["s", "w-t3", "w-f", "t5-f", "t5-t9", "t16-t1", "t1-t16"])
def test_notation_round_trips(text: str) -> None:
    assert str(GAME.parse_move(text)) == text
    assert GAME.format_move(GAME.parse_move(text)) == text


def test_notation_names_the_piles() -> None:
    assert GAME.parse_move("t5-t9") == Move(4, 8)
    assert GAME.parse_move("s") == DEAL


@pytest.mark.parametrize(
    "text", ["x", "t17-t1", "t0-f", "w-w", "t3-t3", "", "f-t1", "s-t1", "t1-s", "t1", "w-t"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(BadNotation) as err:
        GAME.parse_move(text)
    assert repr(text) in str(err.value)


# -- illegal moves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "text", "why"),
    [
        (position(stock="", waste="9C", tableau={1: "AH"}), "s", "stock is empty"),
        (position(tableau={1: "7H"}), "w-t1", "waste is empty"),
        (position(tableau={1: "7H"}), "t5-f", "t5 is empty"),
        (position(waste="5C"), "w-f", "no foundation takes 5♣"),
        (position(waste="9C", tableau={1: "7H"}), "w-t1", "t1 holds one card, 7♥"),
        (position(tableau={1: "9C", 2: "6H 7H"}), "t1-t2", "t2 builds up in hearts"),
        (position(tableau={1: "9C", 2: "8H 7H"}), "t1-t2", "t2 builds down in hearts"),
    ],
)
def test_illegal_move_names_the_move_and_says_why(
    state: UnionSquareState, text: str, why: str
) -> None:
    before = replace(state)
    with pytest.raises(IllegalMoveError) as err:
        GAME.apply_text(state, text)
    assert err.value.move == text
    assert repr(text) in str(err.value)
    assert why in err.value.reason
    assert state == before
