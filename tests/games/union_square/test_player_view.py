"""Union Square rules: what the player sees."""

from __future__ import annotations

import json
from dataclasses import replace

from tests.games.union_square.positions import (
    GAME,
    legal,
    play,
    position,
)

# -- what the player sees ---------------------------------------------------------------------


def test_player_view_matches_the_contract() -> None:
    state = play(GAME.new(7), "s", "s", "s")
    view = GAME.view(state)
    assert set(view) == {
        "game", "deal", "status", "end", "score", "stock", "waste", "tableau", "directions",
        "foundations", "homes", "legal",
    }  # fmt: skip
    assert view["game"] == "union-square"
    assert view["deal"] == 7
    assert view["status"] == "playing"
    assert view["score"] == 0
    assert view["stock"] == 85
    assert view["waste"] == [str(c) for c in state.waste]
    assert view["tableau"] == [[str(c) for c in pile] for pile in state.tableau]
    assert len(view["tableau"]) == 16
    assert view["foundations"] == [[], [], [], []]
    assert view["legal"] == sorted(view["legal"])
    assert view["legal"] == legal(state)
    assert all(isinstance(m, str) for m in view["legal"])
    assert json.loads(json.dumps(view)) == view


def test_player_view_shows_whole_piles_bottom_to_top() -> None:
    state = position(tableau={1: "5H 6H 7H", 2: "9C 8C"}, foundations={2: "AD 2D"})
    view = GAME.view(state)
    assert view["tableau"][0] == ["5H", "6H", "7H"]  # the top two show the direction
    assert view["tableau"][1] == ["9C", "8C"]
    assert view["foundations"][1] == ["AD", "2D"]


def test_player_view_says_which_way_each_pile_builds() -> None:
    state = position(tableau={1: "5H 6H 7H", 2: "9C 8C", 3: "4S"})
    directions = GAME.view(state)["directions"]
    assert directions[:3] == ["up", "down", None]  # a lone card may go either way
    assert len(directions) == 16 and directions[3] is None  # t4 is empty


def test_player_view_never_shows_the_order_of_the_stock() -> None:
    state = play(GAME.new(7), "s")
    shuffled_stock = replace(state, stock=tuple(reversed(state.stock)))
    assert GAME.view(state) == GAME.view(shuffled_stock)
    assert GAME.view(state)["stock"] == len(state.stock)


def test_player_view_can_show_a_resigned_game() -> None:
    view = GAME.view(GAME.new(7), resigned=True)
    assert (view["status"], view["end"]) == ("lost", "resigned")
    assert view["legal"] == []


def test_player_view_says_which_foundation_takes_each_card_that_can_go_home() -> None:
    state = position(waste="2D", tableau={1: "3C", 2: "AS", 3: "AD"}, foundations={1: "AC 2C"})
    homes = GAME.view(state)["homes"]
    assert homes == {"t1": 0, "t2": 1, "t3": 1}  # the 2♦ waits for the A♦, the aces share f2
    assert {m.split("-")[0] for m in legal(state) if m.endswith("-f")} == set(homes)
