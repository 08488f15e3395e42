"""Foursquare: The designer's worked example, one test per bullet."""

from __future__ import annotations

import pytest

from squares.errors import IllegalMoveError
from squares.games.base import Status
from squares.games.foursquare import FoursquareState
from tests.games.foursquare.positions import (
    A1,
    A2,
    A3,
    B1,
    B2,
    B3,
    C1,
    C2,
    C3,
    D1,
    D2,
    D3,
    E2,
    GAME,
    at,
    face_down_cells,
    legal,
    pile,
    tops,
)


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
