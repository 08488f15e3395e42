"""What a Foursquare player sees, and nothing more: the stock's order is not in it.

A player saw every card when it was placed (remembering them is fair), holds the card
drawn, and knows which cards have not been drawn yet, but not in what order: the
observation keeps them sorted, as a multiset. Players decide from an ``Observation``
only, so they cannot read the order even by mistake.

>>> from squares.games.foursquare import Foursquare
>>> seen = Observation.of(Foursquare().new(7))
>>> str(seen.hand), len(seen.unseen), sum(seen.counts)
('AH', 39, 39)
"""

from __future__ import annotations

from dataclasses import dataclass

from squares.ai.foursquare.board import MAX_DOWN, Board, Origin, from_grid, is_won, play
from squares.cards import Card
from squares.errors import SessionError
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState, Pile
from squares.i18n import _

Cell = tuple[int, int]
_GAME = Foursquare()


@dataclass(frozen=True, slots=True)
class Observation:
    """The grid (every pile, its cards and sides), the card in hand, the cards to come."""

    grid: tuple[tuple[Cell, Pile], ...]
    hand: Card
    unseen: tuple[Card, ...]
    """The cards not drawn yet, sorted: which they are, never their order."""
    board: Board
    origin: Origin
    counts: tuple[int, ...]
    """How many cards of each rank are not drawn yet (index = rank, 1..10)."""

    @classmethod
    def of(cls, state: FoursquareState) -> Observation:
        """What the player sees of ``state``; the game must still be on."""
        status = _GAME.status(state)
        if status is not Status.PLAYING:
            raise SessionError(_("the game is over ({status})").format(status=status))
        unseen = tuple(sorted(state.remaining[1:]))
        counts = [0] * 11
        for card in unseen:
            counts[card.rank] += 1
        board, origin = from_grid(state.grid)
        return cls(state.grid, state.remaining[0], unseen, board, origin, tuple(counts))

    @property
    def left(self) -> int:
        """Cards still in the stock (the card in hand not counted)."""
        return len(self.unseen)

    def loses(self, move: int) -> bool:
        """Whether placing the card in hand by ``move`` ends the game lost."""
        after = play(self.board, move, self.hand.rank)
        if (after[2] ^ after[1]).bit_count() > MAX_DOWN:
            return True
        return not self.unseen and not is_won(after)
