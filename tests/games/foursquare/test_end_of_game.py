"""Foursquare: The end of the game: lost, won, the score."""

from __future__ import annotations

import pytest

from squares.cards import foursquare_deck
from squares.errors import IllegalMoveError
from squares.games.base import EndReason, Outcome, Status
from tests.games.foursquare.positions import (
    ALMOST_WON,
    GAME,
    at,
    full_grid,
    pile,
    position,
)

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


# -- Why the game ended ----------------------------------------------------------------


def test_more_than_four_face_down_piles_ends_the_game_for_that_reason() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (1, 0): "~2S", (2, 0): "~3S"}, "TD")
    after = GAME.apply(state, at(0, 3))
    assert GAME.outcome(after) == Outcome(Status.LOST, EndReason.FACE_DOWN_LIMIT)
    assert GAME.view(after)["end"] == "face-down-limit"
    assert GAME.info.end_text(EndReason.FACE_DOWN_LIMIT) == (
        "Game over: more than 4 piles are face down."
    )


def test_stock_running_out_ends_the_game_for_that_reason() -> None:
    after = GAME.apply(position({(0, 0): "9S", (0, 1): "8S"}, "5D", stock=""), at(1, 1))
    assert GAME.outcome(after) == Outcome(Status.LOST, EndReason.STOCK_EMPTY)
    assert GAME.view(after)["end"] == "stock-empty"


def test_a_win_is_its_own_end_reason_and_a_game_on_has_none() -> None:
    after = GAME.apply(position(ALMOST_WON, "5H"), at(3, 3))
    assert GAME.outcome(after) == Outcome(Status.WON, EndReason.WON)
    assert GAME.outcome(position(ALMOST_WON, "5H")) is None
    assert GAME.view(position(ALMOST_WON, "5H"))["end"] is None


def test_the_view_says_which_placement_loses_and_why() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (1, 0): "~2S", (2, 0): "~3S"}, "TD")
    placements = {p["move"]: p for p in GAME.view(state)["placements"]}
    assert placements["0,3"]["loses"] == "face-down-limit"
    assert placements["0,3"]["flips"] == [[0, 0], [0, 1], [0, 2]]
    assert placements["1,1"]["loses"] is None
    assert set(placements) == {str(m) for m in GAME.legal_moves(state)}


def test_the_view_counts_face_down_piles_against_the_limit() -> None:
    state = position({(0, 0): "9S", (0, 1): "8S", (0, 2): "7S", (1, 0): "~2S"}, "TD")
    view = GAME.view(state)
    assert (view["face_down"], view["face_down_limit"]) == (1, 4)


def test_the_view_marks_a_pile_of_four_cards_full() -> None:
    state = position({(0, 0): "9S 8S 7S 6S", (0, 1): "8H"}, "TD")
    full = {(p["row"], p["col"]): p["full"] for p in GAME.view(state)["piles"]}
    assert full == {(0, 0): True, (0, 1): False}
    assert "0,0" not in GAME.view(state)["legal"]
