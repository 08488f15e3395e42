"""A compact Union Square position for search, kept equal to the rules engine by tests.

A card is a small int, ``13 * suit + rank - 1`` (suits in ``SUITS`` order), so two
cards of one suit are neighbours exactly when their ints differ by one and their ranks
stay within 1..13. A pile is a ``bytes`` of such ints, bottom to top: immutable,
hashable, compact and fast to slice. Foundations are four counts, one per suit (which
foundation slot a suit sits in is cosmetic). Moves are the engine's own ``Move`` values,
so a line found here is already in notation.

>>> from squares.games.union_square import UnionSquare
>>> position = Position.of(UnionSquare().new(7))
>>> len(position.stock), len(position.tableau), position.home
(88, 16, (0, 0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from squares.cards import SUITS, Card
from squares.games.union_square import UnionSquareState
from squares.games.union_square.game import DECK_SIZE
from squares.games.union_square.moves import FOUNDATION, STOCK, WASTE, Move
from squares.games.union_square.piles import FOUNDATION_SIZE, foundation_next_rank
from squares.games.union_square.piles import pile_takes as engine_pile_takes
from squares.games.union_square.stuck import is_stuck

DECK = DECK_SIZE
_STUCK: dict[bytes, bool] = {}  # Position.stuck's answers by key
_STUCK_MOST = 1 << 17  # answers kept (some 20 MB) before they are forgotten at once

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The ``Card`` of each card int."""


_CARD_INTS = {card: i for i, card in enumerate(CARDS)}


# The rules engine's pile and foundation rules, tabled once for the searches: what a pile
# takes depends on its top two cards alone, what a foundation takes on its length.
def _next_card(suit: int, count: int) -> int:
    rank = foundation_next_rank(count)
    return -1 if rank is None else _CARD_INTS[Card(rank, SUITS[suit])]


def _takes(*cards: int) -> tuple[int, ...]:
    taken = engine_pile_takes(tuple(CARDS[card] for card in cards)) or ()
    return tuple(_CARD_INTS[card] for card in taken)


_WANTED = tuple(
    tuple(_next_card(suit, count) for count in range(FOUNDATION_SIZE + 1)) for suit in range(4)
)
_ACCEPTS = {bytes((top,)): _takes(top) for top in range(len(CARDS))} | {
    bytes((below, top)): _takes(below, top)
    for top in range(len(CARDS))
    for below in (top - 1, top + 1)
    if 0 <= below < len(CARDS) and below // 13 == top // 13
}


def wanted(home: tuple[int, ...], suit: int) -> int:
    """The card int the suit's foundation takes next, or -1 once it is full."""
    return _WANTED[suit][home[suit]]


def accepts(pile: bytes) -> tuple[int, ...]:
    """The cards a non-empty tableau pile takes on top (an empty one takes any)."""
    return _ACCEPTS[pile[-2:]]


def pile_takes(pile: bytes, card: int) -> bool:
    return not pile or card in accepts(pile)


class Position(NamedTuple):
    """A whole position. ``stock[0]`` is dealt next; ``home[s]`` counts suit ``s``'s foundation."""

    stock: bytes
    waste: bytes
    tableau: tuple[bytes, ...]
    home: tuple[int, int, int, int]

    @classmethod
    def of(cls, state: UnionSquareState) -> Position:
        return cls.of_piles(state.stock, state.waste, state.tableau, state.foundations)

    @classmethod
    def of_piles(
        cls,
        stock: Iterable[Card],
        waste: Iterable[Card],
        tableau: Iterable[Iterable[Card]],
        foundations: Iterable[Sequence[Card]],
    ) -> Position:
        """The position of these piles (a state's, or an observation's with its stock's
        cards sorted in place of the stock)."""
        home = [0, 0, 0, 0]
        for pile in foundations:
            if pile:
                home[SUITS.index(pile[0].suit)] = len(pile)
        return cls(
            _pack(stock),
            _pack(waste),
            tuple(_pack(p) for p in tableau),
            (home[0], home[1], home[2], home[3]),
        )

    @property
    def score(self) -> int:
        return sum(self.home)

    @property
    def won(self) -> bool:
        return sum(self.home) == DECK

    def key(self) -> bytes:
        """Canonical key: which tableau slot holds which pile is irrelevant to the rules."""
        return b"%c%c%c%c%c%b\xfe%b" % (
            len(self.stock),
            *self.home,
            self.waste,
            b"\xff".join(sorted(self.tableau)),
        )

    def stuck(self) -> bool:
        """Exact "over, not won" test for an empty stock (the rules engine's own),
        remembered by ``key``: a search and the moves after it ask about the same
        positions again and again."""
        key = self.key()
        found = _STUCK.get(key)
        if found is None:
            if len(_STUCK) >= _STUCK_MOST:
                _STUCK.clear()
            found = _STUCK[key] = is_stuck(
                tuple(CARDS[c] for c in self.waste),
                tuple(tuple(CARDS[c] for c in pile) for pile in self.tableau),
                _foundations(self.home),
            )
        return found

    def play(self, move: Move) -> Position:
        """Apply a legal move (unchecked, like ``UnionSquare.play``)."""
        source, target = move.source, move.target
        if source == STOCK:
            return Position(self.stock[1:], self.waste + self.stock[:1], self.tableau, self.home)
        waste, tableau = self.waste, self.tableau
        if source == WASTE:
            card, waste = waste[-1], waste[:-1]
        else:
            card = tableau[source][-1]
            tableau = _replace(tableau, source, tableau[source][:-1])
        if target == FOUNDATION:
            suit = card // 13
            home = list(self.home)
            home[suit] += 1
            return Position(self.stock, waste, tableau, (home[0], home[1], home[2], home[3]))
        tableau = _replace(tableau, target, tableau[target] + bytes((card,)))
        return Position(self.stock, waste, tableau, self.home)

    def unseen(self) -> bytes:
        """The stock as a player may know it: its cards, sorted (never their order)."""
        return bytes(sorted(self.stock))


def _pack(cards: Iterable[Card]) -> bytes:
    return bytes(map(_CARD_INTS.__getitem__, cards))


def _replace(tableau: tuple[bytes, ...], index: int, pile: bytes) -> tuple[bytes, ...]:
    return (*tableau[:index], pile, *tableau[index + 1 :])


def _foundations(home: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    """Foundations in the rules engine's form (slot order is cosmetic; suits in order)."""
    piles = []
    for suit, count in enumerate(home):
        up = [CARDS[suit * 13 + k] for k in range(min(count, 13))]
        down = [CARDS[suit * 13 + 12 - k] for k in range(max(0, count - 13))]
        piles.append(tuple(up + down))
    return tuple(piles)
