"""Foursquare: Saves: the full state as JSON, validated on load."""

from __future__ import annotations

import json
from typing import Any

import pytest

from squares.errors import CorruptSave
from squares.games.foursquare import FoursquareState
from tests.games.foursquare.positions import (
    B2,
    EXAMPLE,
    GAME,
    Cell,
    Layout,
    at,
    position,
)

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
