"""Union Square rules: the foundations."""

from __future__ import annotations

import pytest

from squares.cards import Card, Suit
from squares.errors import BadNotation, IllegalMoveError
from tests.games.union_square.positions import (
    GAME,
    cards,
    climb,
    is_legal,
    legal,
    play,
    position,
)

# -- moves: to a foundation -------------------------------------------------------------------


def test_foundation_builds_ace_to_king_then_king_down_to_ace() -> None:
    order = climb("H", 26)
    state = position(stock=order)
    for _ in range(26):
        state = play(state, "s", "w-f")
    assert state.foundations[0] == cards(order)
    assert [c.rank for c in state.foundations[0]] == [*range(1, 14), *range(13, 0, -1)]
    assert GAME.score(state) == 26


def test_foundation_takes_only_the_next_card_of_its_suit() -> None:
    started = {1: climb("H", 5)}  # A..5 of hearts: wants the 6
    assert is_legal(position(waste="6H", foundations=started), "w-f")
    for card in ("7H", "4H", "5H", "6D", "6S"):
        assert not is_legal(position(waste=card, foundations=started), "w-f"), card
    going_down = {1: climb("H", 15)}  # A..K, K, Q: wants the Jack
    assert is_legal(position(waste="JH", foundations=going_down), "w-f")
    assert not is_legal(position(waste="KH", foundations=going_down), "w-f")


def test_only_an_ace_starts_a_foundation() -> None:
    assert not is_legal(position(waste="2C"), "w-f")
    assert not is_legal(position(waste="KC"), "w-f")
    assert is_legal(position(waste="AC"), "w-f")


def test_ace_starts_leftmost_empty_foundation() -> None:
    assert play(position(waste="AH"), "w-f").foundations[0] == cards("AH")
    state = position(waste="AH", foundations={1: "AC 2C", 3: "AD"})
    after = play(state, "w-f")
    assert after.foundations == (cards("AC 2C"), cards("AH"), cards("AD"), ())


def test_second_ace_of_a_suit_never_starts_another_foundation() -> None:
    state = position(waste="AH", tableau={1: "AH"}, foundations={1: "AH 2H"})
    assert not is_legal(state, "w-f")
    assert not is_legal(state, "t1-f")
    with pytest.raises(IllegalMoveError, match="no foundation takes A♥"):
        GAME.apply_text(state, "w-f")


def test_second_ace_of_a_suit_ends_its_foundation() -> None:
    state = position(waste="AH", foundations={1: climb("H", 25)})
    after = play(state, "w-f")
    assert after.foundations[0] == cards(climb("H", 26))
    assert after.foundations[0][-1] == Card(1, Suit.HEARTS)


def test_foundation_cards_never_move() -> None:
    state = position(tableau={1: "3H"}, foundations={1: "AH 2H", 2: "AC"})
    assert not any(m.startswith("f") for m in legal(state))
    for text in ("f-t1", "f1-t2", "f-w"):
        with pytest.raises(BadNotation):
            GAME.parse_move(text)
    after = play(state, "t1-f")
    assert after.foundations[0] == cards("AH 2H 3H")
    assert GAME.score(after) == GAME.score(state) + 1
