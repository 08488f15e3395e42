"""What a Foursquare player sees, in the players' encoding: the game's observation
(``Foursquare.observe``, the stock's cards sorted, never their order) with the grid as a
``board`` and the cards to come counted by rank. Players decide from an ``Observation``
only, so they cannot read the order even by mistake.

>>> from squares.games.foursquare import Foursquare
>>> game = Foursquare()
>>> seen = Observation.of(game.observe(game.new(7)))
>>> str(seen.hand), len(seen.unseen), sum(seen.counts)
('AH', 39, 39)
"""

from __future__ import annotations

from dataclasses import dataclass

from squares.ai.foursquare.board import MAX_DOWN, Board, Origin, from_grid, is_won, play
from squares.cards import Card
from squares.errors import SessionError
from squares.games.base import Status
from squares.games.foursquare import Pile
from squares.games.observations import FoursquareObservation
from squares.i18n import _

Cell = tuple[int, int]


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
    def of(cls, seen: FoursquareObservation) -> Observation:
        """The game as the player sees it (``Foursquare.observe``); it must still be on."""
        if seen.status is not Status.PLAYING or seen.hand is None:
            raise SessionError(_("the game is over ({status})").format(status=seen.status))
        counts = [0] * 11
        for card in seen.unseen:
            counts[card.rank] += 1
        board, origin = from_grid(seen.grid)
        return cls(seen.grid, seen.hand, seen.unseen, board, origin, tuple(counts))

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
