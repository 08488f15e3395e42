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
from squares.games.union_square.moves import DEAL, FOUNDATION, STOCK, WASTE, Move
from squares.games.union_square.stuck import is_stuck

DECK = 104
SUIT_SIZE = 26  # one suit's foundation: Ace up to King, King down to Ace
EMPTY = b""

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The ``Card`` of each card int."""


_CARD_INTS = {card: i for i, card in enumerate(CARDS)}


def card_int(card: Card) -> int:
    return _CARD_INTS[card]


def rank_of(card: int) -> int:
    return card % 13 + 1


def wanted(home: tuple[int, ...], suit: int) -> int:
    """The card int the suit's foundation takes next, or -1 once it is full."""
    count = home[suit]
    if count < 13:
        return suit * 13 + count
    if count < SUIT_SIZE:
        return suit * 13 + SUIT_SIZE - count - 1
    return -1


def accepts(pile: bytes) -> tuple[int, ...]:
    """The cards a non-empty tableau pile takes on top (an empty one takes any)."""
    top = pile[-1]
    rank = top % 13
    if len(pile) == 1:
        below = (top - 1,) if rank > 0 else ()
        return (*below, top + 1) if rank < 12 else below
    step = top - pile[-2]
    if (step > 0 and rank == 12) or (step < 0 and rank == 0):
        return ()
    return (top + step,)


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
        """Exact "over, not won" test for an empty stock (the rules engine's own)."""
        return is_stuck(
            tuple(CARDS[c] for c in self.waste),
            tuple(tuple(CARDS[c] for c in pile) for pile in self.tableau),
            _foundations(self.home),
        )

    def lost(self) -> bool:
        return not self.stock and not self.won and self.stuck()

    def candidate_moves(self) -> list[Move]:
        """Every card movement the piles allow (as ``UnionSquare.candidate_moves``)."""
        moves = [DEAL] if self.stock else []
        takers: dict[int, list[int]] = {}
        empty: list[int] = []
        for index, pile in enumerate(self.tableau):
            if pile:
                for card in accepts(pile):
                    takers.setdefault(card, []).append(index)
            else:
                empty.append(index)
        sources = [(WASTE, self.waste[-1])] if self.waste else []
        sources += [(i, pile[-1]) for i, pile in enumerate(self.tableau) if pile]
        for source, card in sources:
            if wanted(self.home, card // 13) == card:
                moves.append(Move(source, FOUNDATION))
            targets = takers.get(card, []) + empty
            moves += [Move(source, t) for t in targets if t != source]
        return moves

    def legal_moves(self) -> list[Move]:
        """As ``UnionSquare.legal_moves``: sorted by notation, none once the game is over."""
        if self.won or self.lost():
            return []
        return sorted(self.candidate_moves(), key=str)

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
