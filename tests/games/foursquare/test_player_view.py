"""Foursquare: What the player sees: the view's contract."""

from __future__ import annotations

import json

from squares.cards import foursquare_deck, shuffled
from squares.games.foursquare import FoursquareState
from tests.games.foursquare.positions import (
    A1,
    ALMOST_WON,
    B1,
    B2,
    EXAMPLE,
    GAME,
    at,
    position,
)

# -- What the player sees --------------------------------------------------------------


def test_view_has_the_contract_keys_and_types(example: FoursquareState) -> None:
    view = GAME.view(example)
    assert set(view) == {
        "game", "deal", "status", "end", "score", "stock", "current", "piles", "face_down",
        "face_down_limit", "reach", "legal", "placements",
    }  # fmt: skip
    assert (view["game"], view["deal"], view["status"], view["score"]) == (
        "foursquare",
        0,
        "playing",
        None,
    )
    assert view["current"] == "6D"
    assert view["stock"] == 40 - 9 - 1  # 9 cards in the grid, 1 in hand
    for entry in view["piles"]:
        assert set(entry) == {"row", "col", "height", "face_up", "top", "full"}
        assert type(entry["row"]) is int and type(entry["col"]) is int
        assert type(entry["height"]) is int and type(entry["face_up"]) is bool
        assert entry["top"] is None or isinstance(entry["top"], str)
    assert all(isinstance(m, str) for m in view["legal"])
    assert json.loads(json.dumps(view)) == view


def test_view_shows_piles_sorted_with_heights_and_face_up_tops(example: FoursquareState) -> None:
    piles = GAME.view(example)["piles"]
    assert [(p["row"], p["col"]) for p in piles] == sorted(EXAMPLE)
    by_cell = {(p["row"], p["col"]): p for p in piles}
    assert by_cell[B1] == {
        "row": 0, "col": 1, "height": 2, "face_up": True, "top": "TC", "full": False,
    }  # fmt: skip
    assert by_cell[A1] == {
        "row": 0, "col": 0, "height": 1, "face_up": True, "top": "9S", "full": False,
    }  # fmt: skip


def test_view_hides_a_face_down_top(example: FoursquareState) -> None:
    b2 = next(p for p in GAME.view(example)["piles"] if (p["row"], p["col"]) == B2)
    assert b2 == {"row": 1, "col": 1, "height": 2, "face_up": False, "top": None, "full": False}
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
    playing, resigned = GAME.view(example), GAME.view(example, resigned=True)
    assert (resigned["status"], resigned["current"], resigned["legal"], resigned["score"]) == (
        "lost",
        None,
        [],
        None,
    )
    assert resigned["stock"] == playing["stock"]
