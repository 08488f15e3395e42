"""Cards, their notation, and numbered deals (rules: deals.md, algorithm version 1).

The golden orders below were computed once with ``shuffled`` and pasted in as literals:
if any of them changes, the deal algorithm changed, and every saved deal number with it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from squares.cards import (
    MAX_DEAL,
    Card,
    Suit,
    check_deal_number,
    foursquare_deck,
    parse_deal_number,
    shuffled,
    union_square_deck,
)
from squares.errors import BadDealNumber, BadNotation

GOLDEN_FOURSQUARE = {
    0: (
        "7S TS 9H 9C AC 4C 6C 3C 3D 5C 4H 3S 2S TD 2C 9S 2D 6H 4D 5H "
        "AS 8D 3H 2H 7C 7D AH 8C 5S 8H 6S 8S AD 7H 5D 9D TC 6D TH 4S"
    ),
    1: (
        "5C 9C 5H 5D 4D 8C 5S 2C 7S 9H 8S 4H 3C 9S 6S 2S 7C 7D AD AH "
        "3S TD 8H TS 9D 2D AS 2H 3D 6H AC 4C 7H 3H 6D 8D TC TH 4S 6C"
    ),
    7: (
        "AH 8S 8C 8H 5D TC 9D AS 6H 7H 7C 8D AD 3S 2S 9H 5C 4H AC 6S "
        "9C 5S 2H 6D 9S 4C 3H 2D TH 7S 4D 4S 7D 2C TS TD 3C 5H 6C 3D"
    ),
    123456789: (
        "3S 8D TC 9S 5H 9C 3C 4C 5C 4S AH 8C TD 4H AS 8H 2C 9D 6S 5S "
        "7C 7H 5D TS 9H AC 7D 6C 6D 2D AD 3D 3H 7S 4D TH 2S 8S 2H 6H"
    ),
    2**63 - 1: (
        "9H 5C 6S AC 5D 3S 2D AD 4S 2H AH TS TH 8C 8S 8H 7H 6C 4H 9C "
        "7S 9D 4C 4D 9S 7C 2C 2S 6D 3C TD 3H TC 5S 6H 8D 7D AS 5H 3D"
    ),
}
GOLDEN_UNION = {
    0: (
        "2C 9H 2H 7C 3H 4C TD 3D 3D TC KC 7D QS KS 5H QS JD JC 7H 6S 9C 6D 2D 2S 2H 3S "
        "AS 9D 3C JH AD 8C KD 7C JC 8D 5H JH 5D JS 6S 8S AC 4H QD 5C JS 6C 5S AS 4D 5C "
        "JD KC TC AD 7H QC 9S 7D 2D 2C 6H KH 5S 3C 6H TS AC KH 6C 6D QC TH 8D 9H 9S 8H "
        "8C QH QH 9D 9C TS 7S 5D 3S 3H TD 4S 4D KD 8S 8H 4C 7S 4H QD 2S KS AH 4S AH TH"
    ),
    1: (
        "6C AC 7D TD 4H JD 4C KS 7C AS QH 5S AS 9S 9C 9C QS 2D 3H JC AH AD JH TH 3D 9H "
        "5C 4C KH 7C 9D 9S KH 2C KS 9H TS 7D 9D 2D 2H 4H JD TC 6D 6C QC 4D 3H TS 8C 7S "
        "6H 8D JH 8S QD JC 3S 5S 5D 8C 3C 7S KC 4S TD 5C 2C QS 7H 3D 4D 6S QH 3S 2H 6H "
        "8H 5D 5H 8H 8S 7H 4S JS 5H 8D KC 2S AC 6D 2S AH 3C TC QD QC 6S JS KD KD TH AD"
    ),
    7: (
        "3C 9C JS AH 6S 7S QH 8D 6H JH KC AH 4S 7S 9S KS 8C 5C 7H TD 4D 9D 7C 5D 2H AC "
        "QD JC 2S TH 6C AD 8S 3C 7D TD 9H 3D 5D TS KD QC KH QS KD TH 6H 2C 3H TS KC 9D "
        "3S AC QS 2S TC 5H 7H 4D 4S 8H 6D 4H KH 8D 3H 8S 2D 4H 5C AS 2H 9S 5S AD JC QD "
        "TC QH JD 6D 5S 9H KS 6S 5H 4C 7D QC JD AS 9C 7C 3S 4C JS 6C JH 2C 8C 2D 3D 8H"
    ),
    123456789: (
        "JD 6S 8C 5C 9D 3D AC 5D TH KC 8D 2H 9C TC 9H JD 5H TS 6C QD 7C 5C 9H 7D 9S JH "
        "JH 6D 4D TD 6D 4S KD AD QS AD 8D TC 7S 7S 5S TH 8S TS 4S AH 2H 7C 6H JC 7H TD "
        "9C 6H 2S 2S 3H 4H QC 6S JC 9D 5S 3D 2D 8S 4D 5D KC KS 3H 7H 3S QD 3S 5H 2C 4C "
        "9S KD 8C AC JS 6C AH QC 2C QH KH 3C 3C 7D QS QH 8H KH KS AS AS 4H 8H JS 4C 2D"
    ),
    2**63 - 1: (
        "6H JH 5C 3C 6S KH AC QS 3C TS 2D 4C 5D TH 3H KS 7H QD 4D 4H 6H JC 7C 3H 8C JD "
        "QC AD TS AS 2S JD 2S 4S 9S AH KC 2H 8S TH KD 5H TD AS 8S 5H 5S TD 3S 4C KC QH "
        "9D 7D 8C 6C JH TC JS 6D QD 9H 2C 7S 2C 9H 6S KH KS QH KD JC AC 4S TC 5D QC 3S "
        "5S 3D 6C 2H 9C 8H 4D 7D 2D JS 8H 8D 5C 8D QS 9C 7C 3D AH 9D 6D 9S 7S 4H AD 7H"
    ),
}

DEALS = sorted(GOLDEN_FOURSQUARE)


def notation(cards: list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def shuffle_as_written_in_deals_md(cards: list[Card], deal_number: int) -> list[Card]:
    """The three lines of deals.md, step 2, copied as they stand."""
    a = list(cards)
    n = len(a)
    rng = random.Random(deal_number)
    for i in range(n - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        a[i], a[j] = a[j], a[i]
    return a


# -- golden deals ----------------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
def test_foursquare_deal_is_the_golden_order(deal: int) -> None:
    assert notation(shuffled(foursquare_deck(), deal)) == GOLDEN_FOURSQUARE[deal]


@pytest.mark.parametrize("deal", DEALS)
def test_union_square_deal_is_the_golden_order(deal: int) -> None:
    assert notation(shuffled(union_square_deck(), deal)) == GOLDEN_UNION[deal]


@pytest.mark.parametrize("deal", DEALS)
def test_golden_deals_are_permutations_of_their_decks(deal: int) -> None:
    """Guards the literals themselves against a typo when they were pasted."""
    four = [Card.parse(text) for text in GOLDEN_FOURSQUARE[deal].split()]
    union = [Card.parse(text) for text in GOLDEN_UNION[deal].split()]
    assert Counter(four) == Counter(foursquare_deck())
    assert Counter(union) == Counter(union_square_deck())


@pytest.mark.parametrize("deal", [0, 1, 2, 7, 42, 99_999, 123456789, 2**40 + 3, MAX_DEAL])
def test_shuffle_follows_the_algorithm_text_of_deals_md(deal: int) -> None:
    for deck in (foursquare_deck(), union_square_deck()):
        assert shuffled(deck, deal) == shuffle_as_written_in_deals_md(deck, deal)


def test_same_deal_number_gives_the_same_cards_every_time() -> None:
    assert shuffled(foursquare_deck(), 7) == shuffled(foursquare_deck(), 7)


def test_different_deal_numbers_give_different_orders() -> None:
    orders = {notation(shuffled(foursquare_deck(), deal)) for deal in range(50)}
    assert len(orders) == 50


def test_shuffle_does_not_change_its_input() -> None:
    deck = foursquare_deck()
    shuffled(deck, 7)
    assert deck == foursquare_deck()


# -- unshuffled order ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("index", "pretty"), [(0, "A♣"), (9, "10♣"), (10, "A♦"), (20, "A♥"), (30, "A♠"), (39, "10♠")]
)
def test_foursquare_unshuffled_order(index: int, pretty: str) -> None:
    assert foursquare_deck()[index].pretty == pretty


def test_foursquare_deck_is_forty_cards_ace_to_ten_once_each() -> None:
    deck = foursquare_deck()
    assert len(deck) == len(set(deck)) == 40
    assert {card.rank for card in deck} == set(range(1, 11))
    assert [card.suit for card in deck[::10]] == [
        Suit.CLUBS,
        Suit.DIAMONDS,
        Suit.HEARTS,
        Suit.SPADES,
    ]


@pytest.mark.parametrize(
    ("index", "pretty"),
    [(0, "A♣"), (12, "K♣"), (13, "A♦"), (51, "K♠"), (52, "A♣"), (64, "K♣"), (103, "K♠")],
)
def test_union_square_unshuffled_order(index: int, pretty: str) -> None:
    assert union_square_deck()[index].pretty == pretty


def test_union_square_deck_is_two_full_decks_deck_one_then_deck_two() -> None:
    deck = union_square_deck()
    assert len(deck) == 104
    assert deck[:52] == deck[52:]
    assert len(set(deck[:52])) == 52
    assert {card.rank for card in deck} == set(range(1, 14))


# -- deal numbers ----------------------------------------------------------------------


@pytest.mark.parametrize("deal", [0, 1, MAX_DEAL])
def test_deal_numbers_run_from_0_to_2_63_minus_1(deal: int) -> None:
    assert MAX_DEAL == 2**63 - 1
    assert check_deal_number(deal) == deal
    assert len(shuffled(foursquare_deck(), deal)) == 40


@pytest.mark.parametrize("bad", [-1, 2**63, True, False, "7", 1.5, None])
def test_anything_else_is_a_bad_deal_number_never_a_wrap(bad: object) -> None:
    with pytest.raises(BadDealNumber, match="deal number"):
        check_deal_number(bad)
    with pytest.raises(BadDealNumber, match="deal number"):
        shuffled(foursquare_deck(), bad)  # type: ignore[arg-type]
    with pytest.raises(BadDealNumber, match="deal number"):
        shuffled(union_square_deck(), bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 2**63])
def test_out_of_range_deal_number_message_gives_the_range(bad: int) -> None:
    with pytest.raises(BadDealNumber, match=str(MAX_DEAL)):
        check_deal_number(bad)


@pytest.mark.parametrize(
    ("text", "deal"), [("0", 0), ("7", 7), (" 42 ", 42), (str(MAX_DEAL), MAX_DEAL)]
)
def test_deal_number_text_is_decimal_digits(text: str, deal: int) -> None:
    assert parse_deal_number(text) == deal


@pytest.mark.parametrize("text", ["", "-1", "1.5", "seven", "0x10", "1e3", str(2**63), "٣"])
def test_bad_deal_number_text_is_rejected(text: str) -> None:
    with pytest.raises(BadDealNumber):
        parse_deal_number(text)


# -- card notation ---------------------------------------------------------------------


@pytest.mark.parametrize("card", union_square_deck()[:52], ids=str)
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert len(str(card)) == 2


@pytest.mark.parametrize(
    ("text", "rank", "suit", "pretty"),
    [
        ("TD", 10, Suit.DIAMONDS, "10♦"),
        ("AC", 1, Suit.CLUBS, "A♣"),
        ("KS", 13, Suit.SPADES, "K♠"),
        ("7H", 7, Suit.HEARTS, "7♥"),
    ],
)
def test_card_notation_is_rank_then_suit(text: str, rank: int, suit: Suit, pretty: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == text
    assert card.pretty == pretty


def test_card_has_a_spoken_name() -> None:
    assert Card.parse("TD").name == "ten of diamonds"


def test_two_copies_of_a_card_compare_equal() -> None:
    assert Card.parse("QH") == Card(12, Suit.HEARTS)
    assert hash(Card.parse("QH")) == hash(Card(12, Suit.HEARTS))


@pytest.mark.parametrize("text", ["", "T", "TDX", "10D", "1D", "0C", "XD", "TX", "DT", "  "])
def test_bad_card_text_raises_bad_notation_naming_it(text: str) -> None:
    with pytest.raises(BadNotation) as info:
        Card.parse(text)
    message = str(info.value)
    assert repr(text) in message
    assert "expected" in message


@pytest.mark.parametrize("bad", [None, 10, ["T", "D"]])
def test_card_parse_rejects_non_text_with_bad_notation(bad: object) -> None:
    with pytest.raises(BadNotation):
        Card.parse(bad)  # type: ignore[arg-type]
