"""Foursquare players: each decides from an ``Observation``, never from the stock's order.

Every player but ``random`` avoids a placement that loses on the spot while another
exists (the rules page asks this of any AI).

>>> from squares.games.foursquare import Foursquare
>>> game = Foursquare()
>>> state = game.apply_text(game.new(7), "0,0")
>>> str(GreedyPlayer().choose(game.observe(state)))
'0,1'
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import ClassVar

from squares.ai.base import Hint, Player
from squares.ai.foursquare.board import moves, to_cell
from squares.ai.foursquare.hints import explain
from squares.ai.foursquare.lookahead import rank_moves
from squares.ai.foursquare.observation import Observation
from squares.games.foursquare import Placement
from squares.games.observations import FoursquareObservation


class FoursquarePlayer(Player[FoursquareObservation, Placement]):
    """A player: ``decide`` sees an ``Observation``; ``choose`` and ``hint`` build on it."""

    @abstractmethod
    def decide(self, seen: Observation) -> int:
        """The move (a ``board`` move) for the card in hand."""

    def choose(self, seen: FoursquareObservation) -> Placement:
        view = Observation.of(seen)
        return Placement(*to_cell(self.decide(view), view.origin))

    def hint(self, seen: FoursquareObservation) -> Hint:
        view = Observation.of(seen)
        move = self.decide(view)
        placement = str(Placement(*to_cell(move, view.origin)))
        return Hint(placement, explain(view, move), explain(view, move, words=True))


def best_safe(seen: Observation, ranked: list[tuple[float, int]]) -> int:
    """The first of ``ranked`` (best first) that does not lose on the spot, if any does not."""
    for _, move in ranked:
        if not seen.loses(move):
            return move
    return ranked[0][1]


class RandomPlayer(FoursquarePlayer):
    name: ClassVar[str] = "random"
    description: ClassVar[str] = "any legal placement, at random (a baseline)"

    def decide(self, seen: Observation) -> int:
        # Seeded by what the player sees: the same position gets the same answer.
        rng = random.Random(hash((seen.board, seen.hand.rank, seen.counts)))
        return rng.choice(moves(seen.board))


class LookaheadPlayer(FoursquarePlayer):
    """Expectimax over the cards not drawn yet, ``depth`` placements deep (1: greedy)."""

    depth: ClassVar[int] = 1
    width: ClassVar[int] = 1
    """Below the first placement, how many replies to each draw are searched further."""

    def decide(self, seen: Observation) -> int:
        ranked = rank_moves(seen.board, seen.hand.rank, seen.counts, self.depth, self.width)
        return best_safe(seen, ranked)


class GreedyPlayer(LookaheadPlayer):
    name: ClassVar[str] = "greedy"
    description: ClassVar[str] = (
        "one-move lookahead: the placement that leaves the best position (fewest face-down piles, "
        "most piles)"
    )


class Expectimax2Player(LookaheadPlayer):
    name: ClassVar[str] = "expectimax-2"
    description: ClassVar[str] = "two-move expectimax over the cards not drawn yet"
    depth: ClassVar[int] = 2


class ExpectimaxPlayer(LookaheadPlayer):
    name: ClassVar[str] = "expectimax"
    description: ClassVar[str] = (
        "three-move expectimax over the cards not drawn yet: every placement, each draw, the "
        "8 best-looking replies, each draw, every reply"
    )
    depth: ClassVar[int] = 3
    width: ClassVar[int] = 8
