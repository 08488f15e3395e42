"""What a person sees of a game, and nothing more: ``Game.observe(state)`` gives it.

A player of either game saw every card that was turned face up (remembering them is
fair) and knows which cards are still in the stock, but never in what order: an
observation holds them sorted, as a multiset. Players decide from an observation only,
so the stock's order is out of their reach by type, not by care; solvers take the state.

>>> from squares.games import get_game
>>> game = get_game("foursquare")
>>> seen = game.observe(game.new(7))
>>> str(seen.hand), len(seen.unseen), seen.unseen == as_multiset(seen.unseen[::-1])
('AH', 39, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Protocol

from squares.cards import SUITS, Card
from squares.games.foursquare_grid import Grid
from squares.games.info import Status

_ORDER = {Card(rank, suit): i for i, (suit, rank) in enumerate(product(SUITS, range(1, 14)))}
"""A new deck's order: by suit, then by rank."""


def as_multiset(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` in a new deck's order, whatever their own: which they are, not where.
    (A dictionary's key is quicker than comparing cards: this runs every move.)

    >>> [str(card) for card in as_multiset(tuple(map(Card.parse, ("TD", "2S", "AD"))))]
    ['AD', 'TD', '2S']
    """
    return tuple(sorted(cards, key=_ORDER.__getitem__))


class Observation(Protocol):
    """What every game's observation tells: the stock's cards, sorted, and the status."""

    @property
    def unseen(self) -> tuple[Card, ...]: ...

    @property
    def status(self) -> Status: ...


@dataclass(frozen=True, slots=True)
class FoursquareObservation:
    """Every pile with its cards and sides, the card in hand, the cards still to come."""

    grid: Grid
    hand: Card | None
    """The card drawn, face up; ``None`` once no card is left to place."""
    unseen: tuple[Card, ...]
    """The cards not drawn yet, sorted: which they are, never their order."""
    status: Status


@dataclass(frozen=True, slots=True)
class UnionSquareObservation:
    """The waste, the tableau and the foundations as they lie; the stock's cards sorted."""

    unseen: tuple[Card, ...]
    """The cards still in the stock, sorted: which they are, never their order."""
    waste: tuple[Card, ...]  # each pile bottom to top, as in the state
    tableau: tuple[tuple[Card, ...], ...]
    foundations: tuple[tuple[Card, ...], ...]
    status: Status
