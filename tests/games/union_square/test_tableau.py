"""Union Square rules: building on the tableau piles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from squares.cards import union_square_deck
from squares.errors import IllegalMoveError
from tests.games.union_square.positions import (
    GAME,
    cards,
    climb,
    is_legal,
    play,
    position,
)

# -- moves: to a tableau pile ----------------------------------------------------------------


def test_empty_pile_takes_any_card_from_waste_or_tableau() -> None:
    for card in sorted(set(union_square_deck())):
        state = position(waste=str(card), tableau={1: "5H 6H", 3: str(card)})
        assert is_legal(state, "w-t2"), card
        assert is_legal(state, "t3-t2"), card
        assert play(state, "w-t2").tableau[1] == (card,)
    assert is_legal(position(tableau={1: "5H 6H"}), "t1-t2")


@pytest.mark.parametrize("card", ["6H", "8H"])
def test_one_card_pile_takes_same_suit_one_above_or_below(card: str) -> None:
    state = position(waste=card, tableau={1: "7H"})
    assert is_legal(state, "w-t1")
    assert play(state, "w-t1").tableau[0] == cards(f"7H {card}")


@pytest.mark.parametrize("card", ["6D", "8S", "6C", "8D"])
def test_one_card_pile_refuses_other_suit(card: str) -> None:
    state = position(waste=card, tableau={1: "7H"})
    assert not is_legal(state, "w-t1")
    with pytest.raises(IllegalMoveError, match="same suit"):
        GAME.apply_text(state, "w-t1")


@pytest.mark.parametrize("card", ["7H", "5H", "9H", "AH", "KH"])
def test_one_card_pile_refuses_same_suit_not_one_rank_away(card: str) -> None:
    state = position(waste=card, tableau={1: "7H"})
    assert not is_legal(state, "w-t1")


def test_pile_of_two_continues_its_direction_up() -> None:
    assert is_legal(position(waste="8H", tableau={1: "6H 7H"}), "w-t1")
    assert not is_legal(position(waste="6H", tableau={1: "6H 7H"}), "w-t1")
    assert not is_legal(position(waste="8D", tableau={1: "6H 7H"}), "w-t1")
    with pytest.raises(IllegalMoveError, match="up"):
        GAME.apply_text(position(waste="6H", tableau={1: "6H 7H"}), "w-t1")


def test_pile_of_two_continues_its_direction_down() -> None:
    assert is_legal(position(waste="6H", tableau={1: "8H 7H"}), "w-t1")
    assert not is_legal(position(waste="8H", tableau={1: "8H 7H"}), "w-t1")
    assert not is_legal(position(waste="6C", tableau={1: "8H 7H"}), "w-t1")
    with pytest.raises(IllegalMoveError, match="down"):
        GAME.apply_text(position(waste="8H", tableau={1: "8H 7H"}), "w-t1")


def test_longer_pile_keeps_the_direction_of_its_top_two_cards() -> None:
    assert is_legal(position(waste="9C", tableau={1: "5C 6C 7C 8C"}), "w-t1")
    assert not is_legal(position(waste="7C", tableau={1: "5C 6C 7C 8C"}), "w-t1")
    assert is_legal(position(waste="2C", tableau={1: "5C 4C 3C"}), "w-t1")
    assert not is_legal(position(waste="4C", tableau={1: "5C 4C 3C"}), "w-t1")


def test_pile_shrunk_to_one_card_builds_either_way_again() -> None:
    shrunk = play(position(tableau={1: "6H 7H"}), "t1-t2")
    assert shrunk.tableau[0] == cards("6H")
    assert is_legal(replace(shrunk, waste=cards("5H")), "w-t1")
    assert is_legal(replace(shrunk, waste=cards("7H")), "w-t1")
    down_now = play(replace(shrunk, waste=cards("5H")), "w-t1")
    assert is_legal(replace(down_now, waste=cards("4H")), "w-t1")
    assert not is_legal(replace(down_now, waste=cards("6H")), "w-t1")


@pytest.mark.parametrize(
    ("pile", "card"),
    [("KH", "AH"), ("AH", "KH"), ("QH KH", "AH"), ("2H AH", "KH")],
)
def test_no_wrap_between_king_and_ace(pile: str, card: str) -> None:
    assert not is_legal(position(waste=card, tableau={1: pile}), "w-t1")


def test_foundation_does_not_wrap_from_king_to_ace() -> None:
    state = position(waste="AH", foundations={1: climb("H", 13)})  # A..K of hearts
    assert not is_legal(state, "w-f")
