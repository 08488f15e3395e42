"""Union Square rules: the layout, the stock, and which cards may move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from squares.cards import Card, Suit, shuffled, union_square_deck
from squares.errors import IllegalMoveError
from squares.games import Status, get_game
from squares.games.union_square import DEAL, UnionSquare
from tests.games.union_square.positions import (
    GAME,
    cards,
    is_legal,
    legal,
    play,
    position,
)

# -- layout ------------------------------------------------------------------------------


def test_the_game_is_registered_as_union_square() -> None:
    assert isinstance(get_game("union-square"), UnionSquare)


def test_deal_uses_two_full_decks() -> None:
    state = GAME.new(12345)
    everything = state.stock + state.waste + sum(state.tableau, ()) + sum(state.foundations, ())
    assert len(everything) == 104
    assert Counter(everything) == Counter({Card(r, s): 2 for s in Suit for r in range(1, 14)})


def test_deal_puts_sixteen_face_up_cards_in_reading_order() -> None:
    order = shuffled(union_square_deck(), 7)
    state = GAME.new(7)
    assert state.tableau == tuple((card,) for card in order[:16])


def test_stock_holds_the_rest_and_deals_from_card_seventeen() -> None:
    order = shuffled(union_square_deck(), 7)
    state = GAME.new(7)
    assert state.stock == tuple(order[16:])
    assert len(state.stock) == 88
    assert play(state, "s").waste == (order[16],)
    assert play(state, *["s"] * 88).waste == tuple(order[16:])


def test_deal_follows_version_one_of_the_numbered_deal_algorithm() -> None:
    # Written out again from deals.md, independently of squares.cards.
    unshuffled = [f"{rank}{suit}" for _ in range(2) for suit in "CDHS" for rank in "A23456789TJQK"]
    for deal in (0, 1, 2**63 - 1):
        a = list(unshuffled)
        rng = random.Random(deal)
        for i in range(len(a) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            a[i], a[j] = a[j], a[i]
        state = GAME.new(deal)
        assert [str(pile[0]) for pile in state.tableau] == a[:16]
        assert [str(card) for card in state.stock] == a[16:]


def test_deal_one_is_pinned() -> None:
    # Computed once from deals.md; a change here means every deal changed for every player.
    state = GAME.new(1)
    assert " ".join(str(p[0]) for p in state.tableau) == (
        "6C AC 7D TD 4H JD 4C KS 7C AS QH 5S AS 9S 9C 9C"
    )
    assert " ".join(str(c) for c in state.stock) == (
        "QS 2D 3H JC AH AD JH TH 3D 9H 5C 4C KH 7C 9D 9S KH 2C KS 9H TS 7D "
        "9D 2D 2H 4H JD TC 6D 6C QC 4D 3H TS 8C 7S 6H 8D JH 8S QD JC 3S 5S "
        "5D 8C 3C 7S KC 4S TD 5C 2C QS 7H 3D 4D 6S QH 3S 2H 6H 8H 5D 5H 8H "
        "8S 7H 4S JS 5H 8D KC 2S AC 6D 2S AH 3C TC QD QC 6S JS KD KD TH AD"
    )


def test_waste_starts_empty() -> None:
    assert GAME.new(7).waste == ()


def test_foundations_start_empty() -> None:
    assert GAME.new(7).foundations == ((), (), (), ())


def test_a_new_deal_is_being_played_with_no_score() -> None:
    state = GAME.new(7)
    assert GAME.status(state) is Status.PLAYING
    assert GAME.score(state) == 0


# -- moves: the stock ----------------------------------------------------------------------


def test_stock_deals_one_card_to_the_waste() -> None:
    state = position(stock="7C 8D 9H", waste="2S")
    after = play(state, "s")
    assert after.stock == cards("8D 9H")
    assert after.waste == cards("2S 7C")
    assert (after.tableau, after.foundations) == (state.tableau, state.foundations)


def test_there_is_no_redeal() -> None:
    state = position(stock="", waste="7C 8D 9H", tableau={1: "AH"})
    assert "s" not in legal(state)
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        GAME.apply(state, DEAL)


# -- moves: what may move --------------------------------------------------------------------


def test_only_top_cards_move() -> None:
    state = position(waste="AH 5C", tableau={1: "AS 2S", 3: "3D"})
    assert not is_legal(state, "w-f")  # the Ace of hearts lies under the 5 of clubs
    assert not is_legal(state, "t1-f")  # the Ace of spades lies under the 2 of spades
    assert is_legal(state, "t1-t2")
    assert play(state, "t1-t2").tableau[:2] == (cards("AS"), cards("2S"))


def test_moves_take_one_card_at_a_time() -> None:
    state = position(tableau={1: "5H 6H 7H"})
    after = play(state, "t1-t2")
    assert after.tableau[0] == cards("5H 6H")
    assert after.tableau[1] == cards("7H")
