"""Union Square's pile rules: what a tableau pile and a foundation accept.

Pure functions over tuples of cards (bottom to top), shared by the rules, the
end-of-game detection and the AI.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from squares.cards import SUITS, Card, Suit

Pile = tuple[Card, ...]

FOUNDATION_SIZE = 26  # Ace up to King, then King down to Ace


def pile_steps(pile: Pile) -> tuple[int, ...]:
    """The rank steps a pile of one or more cards continues with, its top card's suit
    kept: one card takes one rank above or below; two or more continue the direction
    set by the top two cards. The one statement of a pile's direction.

    >>> nine, eight = Card(9, Suit.HEARTS), Card(8, Suit.HEARTS)
    >>> pile_steps((nine,)), pile_steps((nine, eight))
    ((-1, 1), (-1,))
    """
    return (-1, 1) if len(pile) == 1 else (pile[-1].rank - pile[-2].rank,)


def pile_accepts(pile: Pile, card: Card) -> bool:
    """Whether a tableau pile takes ``card`` on top: empty takes anything, else the same
    suit one of its ``pile_steps`` away.

    >>> pile_accepts((Card(5, Suit.HEARTS), Card(6, Suit.HEARTS)), Card(7, Suit.HEARTS))
    True
    """
    if not pile:
        return True
    top = pile[-1]
    return card.suit == top.suit and card.rank - top.rank in pile_steps(pile)


def pile_takes(pile: Pile) -> tuple[Card, ...] | None:
    """The cards a tableau pile takes on top, or ``None`` for an empty pile (it takes any).

    >>> [str(c) for c in pile_takes((Card(5, Suit.HEARTS),))]
    ['4H', '6H']
    >>> pile_takes((Card(13, Suit.HEARTS), Card(12, Suit.HEARTS)))[0].rank
    11
    """
    if not pile:
        return None
    top = pile[-1]
    ranks = (top.rank + step for step in pile_steps(pile))
    return tuple(Card(rank, top.suit) for rank in ranks if 1 <= rank <= 13)


def pile_direction(pile: Pile) -> Literal["up", "down"] | None:
    """Which way a tableau pile builds (its one ``pile_steps``); ``None`` below two cards.

    >>> pile_direction((Card(9, Suit.HEARTS), Card(8, Suit.HEARTS)))
    'down'
    """
    if len(pile) < 2:
        return None
    return "up" if pile_steps(pile)[0] > 0 else "down"


def foundation_next_rank(length: int) -> int | None:
    """Rank the foundation of one suit needs after ``length`` cards; ``None`` when full."""
    if length < 13:
        return length + 1
    if length < FOUNDATION_SIZE:
        return FOUNDATION_SIZE - length
    return None


def foundation_for(foundations: Sequence[Pile], card: Card) -> int | None:
    """Index of the foundation that takes ``card`` now, or ``None``.

    A suit's foundation is the one whose bottom card has that suit; an Ace of a suit
    that has none starts the leftmost empty foundation.
    """
    empty: int | None = None
    for index, pile in enumerate(foundations):
        if not pile:
            if empty is None:
                empty = index
        elif pile[0].suit == card.suit:
            return index if foundation_next_rank(len(pile)) == card.rank else None
    if card.rank == 1 and empty is not None:
        return empty
    return None


def foundation_wants(foundations: Sequence[Pile]) -> frozenset[Card]:
    """The cards (at most one per suit) that some foundation would take now."""
    wanted = set()
    started = set()
    empty = False
    for pile in foundations:
        if not pile:
            empty = True
            continue
        suit = pile[0].suit
        if suit not in started:  # a suit's foundation is the first with its bottom suit
            started.add(suit)
            rank = foundation_next_rank(len(pile))
            if rank is not None:
                wanted.add(Card(rank, suit))
    if empty:
        wanted.update(Card(1, suit) for suit in SUITS if suit not in started)
    return frozenset(wanted)


__all__ = [
    "FOUNDATION_SIZE", "Pile", "Suit", "foundation_for",
    "foundation_next_rank", "foundation_wants", "pile_accepts", "pile_steps",
]  # fmt: skip
