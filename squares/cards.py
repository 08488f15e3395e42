"""Cards, their two-character notation, and the numbered-deal shuffle (version 1).

The shuffle is written out by hand, not taken from ``random.shuffle``: Python only
promises that ``random.Random(seed).random()`` repeats, so this is what keeps a deal
number the same cards on every machine and every release.

>>> Card.parse("TD").pretty
'10♦'
>>> [str(c) for c in shuffled(foursquare_deck(), 7)][:3]
['AH', '8S', '8C']
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import NamedTuple

from squares.errors import BadDealNumber, BadNotation
from squares.i18n import N_, _

DEAL_ALGORITHM = 1
MAX_DEAL = 2**63 - 1
MAX_NUMBER_TEXT = 40
"""The longest text any number is read from (deal numbers have at most 19 digits; leading
zeros and spaces get some room). Longer text is refused before any conversion: Python
itself refuses to convert a string of more than 4,300 digits."""
SHOWN_TEXT = 40

RANK_LETTERS = "A23456789TJQK"
RANK_NAMES = (
    N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
    N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"),
)  # fmt: skip
"""The ranks' spoken names in English; ``_()`` them where they are shown."""
# TRANSLATORS: the letters in the corners of the cards, ace to king, separated by spaces
# (thirteen of them); keep the numbers, write the letters your players' cards show.
_CORNERS = N_("A 2 3 4 5 6 7 8 9 10 J Q K")


def corner(rank: int) -> str:
    """The letter or number in a card's corner, as the current language's cards show it."""
    letters = _(_CORNERS).split()
    if len(letters) != 13:  # a catalog that lost a letter must not shift the ranks
        letters = _CORNERS.split()
    return letters[rank - 1]


class Suit(StrEnum):
    """The four suits, in the deal order clubs, diamonds, hearts, spades."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def plural(self) -> str:
        """Name of the suit in the current language: ``clubs``."""
        return _(_SUIT_NAMES[self])


_CARD_EXPECTED = N_("expected a rank (A23456789TJQK) and a suit (CDHS), like 'TD'")
_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_NAMES = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}
# A card's name is one message per suit, so that each language can inflect the suit
# (or put it first) around the rank's name.
_CARD_NAMES = {
    Suit.CLUBS: N_("{rank} of clubs"),
    Suit.DIAMONDS: N_("{rank} of diamonds"),
    Suit.HEARTS: N_("{rank} of hearts"),
    Suit.SPADES: N_("{rank} of spades"),
}
SUITS = tuple(Suit)


class Card(NamedTuple):
    """A card: rank 1 (Ace) to 13 (King), and a suit. Two copies compare equal."""

    rank: int
    suit: Suit

    def __str__(self) -> str:
        known = _NOTATIONS.get(self)
        return known if known is not None else RANK_LETTERS[self.rank - 1] + self.suit.value

    @property
    def pretty(self) -> str:
        """The form for people, in the current language's corner letters: ``10♦``, ``A♣``."""
        return corner(self.rank) + self.suit.symbol

    @property
    def name(self) -> str:
        """Spoken name in the current language: ``ten of diamonds``."""
        return _(_CARD_NAMES[self.suit]).format(rank=_(RANK_NAMES[self.rank - 1]))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``TD``-style notation; raise ``BadNotation`` naming the text otherwise."""
        known = _BY_NOTATION.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        if not isinstance(text, str) or len(text) != 2:
            raise BadNotation(_bad_card(text))
        rank = RANK_LETTERS.find(text[0].upper())
        suit = text[1].upper()
        if rank < 0 or suit not in "CDHS":
            raise BadNotation(_bad_card(text))
        return cls(rank + 1, Suit(suit))


_NOTATIONS = {Card(r, s): RANK_LETTERS[r - 1] + s.value for s in SUITS for r in range(1, 14)}
"""The notation of each card (``TD``): cards are written and read by the million."""
_BY_NOTATION = {text: card for card, text in _NOTATIONS.items()}


def _bad_card(text: object) -> str:
    return _("bad card {text}: {expected}").format(text=shown(text), expected=_(_CARD_EXPECTED))


def foursquare_deck() -> list[Card]:
    """The unshuffled 40-card deck: Ace to 10 of clubs, diamonds, hearts, spades."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 11)]


def union_square_deck() -> list[Card]:
    """The unshuffled 104 cards: two full decks, deck 1 then deck 2."""
    one = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return one + one


def check_deal_number(deal: object) -> int:
    """Return ``deal`` if it is a valid deal number, else raise ``BadDealNumber``."""
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise BadDealNumber(_bad_deal(deal))
    if not 0 <= deal <= MAX_DEAL:
        raise BadDealNumber(_out_of_range(deal))
    return deal


def _out_of_range(deal: int | str) -> str:
    text = shown(deal) if isinstance(deal, int) else shown(deal)[1:].replace("'", "", 1)
    return _("deal number {deal} is out of range: expected 0 to {max}").format(
        deal=text, max=MAX_DEAL
    )


def _bad_deal(deal: object) -> str:
    return _("bad deal number {deal}: expected an integer from 0 to {max}").format(
        deal=shown(deal), max=MAX_DEAL
    )


def parse_deal_number(text: str) -> int:
    """Read a deal number from text: ASCII decimal digits only, at most 19 significant ones.

    >>> parse_deal_number(" 007 ")
    7
    >>> parse_deal_number("1" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    squares.errors.BadDealNumber: bad deal number '111...…' (5000 characters): expected ...
    """
    if not isinstance(text, str):
        raise BadDealNumber(_bad_deal(text))
    stripped = text.strip()
    if not is_ascii_number(stripped):
        raise BadDealNumber(_bad_deal(text))
    if len(stripped.lstrip("0")) > len(str(MAX_DEAL)):
        raise BadDealNumber(_out_of_range(stripped))
    return check_deal_number(int(stripped))


def is_ascii_number(text: str) -> bool:
    """Whether ``text`` is 1 to ``MAX_NUMBER_TEXT`` ASCII digits (and nothing else), so that
    ``int(text)`` is safe and means what a reader sees.

    >>> is_ascii_number("12"), is_ascii_number("\uff11\uff12"), is_ascii_number("9" * 5000)
    (True, False, False)
    """
    return 0 < len(text) <= MAX_NUMBER_TEXT and text.isascii() and text.isdigit()


def shown(value: object, limit: int = SHOWN_TEXT) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters: a message quoting
    hostile input must stay readable.

    >>> shown("0,1")
    "'0,1'"
    >>> shown("9" * 5000)
    "'9999999999999999999999999999999999999999…' (5000 characters)"
    """
    if isinstance(value, str) and len(value) > limit:
        head = repr(value[:limit])
        return head[:-1] + "…" + head[-1] + _(" ({count} characters)").format(count=len(value))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        # str() of a number past 4,300 digits raises; nobody reads that many anyway
        return _("a number of about {count} digits").format(
            count=int(value.bit_length() * 0.30103) + 1
        )
    text = repr(value)
    return text if len(text) <= limit * 2 else text[: limit * 2] + "…"


def shuffled(cards: list[Card], deal: int) -> list[Card]:
    """Deal algorithm version 1: a Fisher-Yates shuffle driven by ``Random(deal).random()``."""
    a = list(cards)
    rng = random.Random(check_deal_number(deal))
    for i in range(len(a) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        a[i], a[j] = a[j], a[i]
    return a
