"""Foursquare: Cards and where a card may go."""

from __future__ import annotations

from typing import Any

import pytest

from squares.cards import Card, foursquare_deck, shuffled
from squares.errors import BadDealNumber, BadNotation, IllegalMoveError
from squares.games.base import Status
from tests.games.foursquare.positions import (
    GAME,
    Layout,
    at,
    legal,
    position,
    top,
)

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
        "full": False,
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
