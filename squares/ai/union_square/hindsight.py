"""Union Square's part of the after-game review (``squares.ai.hindsight``).

A score is the cards on the foundations, 104 a win; every position has one. The chance to
win is what ``keeper`` wins over random orders of the stock, at each of 8 evenly spaced
positions of a game and for the chance shown during play: in rounds of 40 orders until
the interval is within 5 points, 120 at most (``squares.review.chance``). Keeper wins
nearly every start, so a start stops at 80 won of 80 (±4.6 points); 120 still reach ±5
with 3 of them lost, where 80 would reach it with none (79 of 80 is ±5.5). ``lookahead``
wins 14 more deals in 100,000, alike within 5 points, and a playout from the start takes
it thirty times keeper's time (0.19 s of CPU against 6 ms), which 80 cannot afford.

>>> import random
>>> from squares.games.union_square import UnionSquare
>>> state = UnionSquare().new(7)
>>> sorted(HINDSIGHT.sample(state, random.Random(1)).stock) == sorted(state.stock)
True
"""

from __future__ import annotations

import random
from typing import ClassVar

from squares.ai.hindsight import Hindsight
from squares.ai.union_square.describe import describe, named
from squares.ai.union_square.fast import DECK, Position
from squares.ai.union_square.lookahead import rollout
from squares.ai.union_square.players import Keeper
from squares.games.union_square import Move, UnionSquare, UnionSquareState

_GAME = UnionSquare()


class UnionSquareHindsight(Hindsight[UnionSquareState, Move]):
    solve_nodes: ClassVar[int] = 5_000
    chance_player: ClassVar[str] = Keeper.name
    samples: ClassVar[int] = 120
    live_samples: ClassVar[int] = 120
    checkpoints: ClassVar[int | None] = 8

    def wins(self, value: int | None) -> bool:
        return value == DECK

    def sample(self, state: UnionSquareState, rng: random.Random) -> UnionSquareState:
        stock = sorted(state.stock)  # what the player knows: which cards, not their order
        rng.shuffle(stock)
        return UnionSquareState(
            state.deal, tuple(stock), state.waste, state.tableau, state.foundations
        )

    def playout(self, state: UnionSquareState) -> bool:
        # On the players' compact position, not through the rules engine: the same games
        # at half the time (``benchmarks/bench_chance.py``).
        return rollout(Position.of(state))

    def reason(self, state: UnionSquareState, line: list[str]) -> str:
        move = _GAME.parse_move(line[0])
        return describe(Position.of(state), [move], "", words=True, numbered=True)

    def named(self, state: UnionSquareState, move: str) -> str:
        return named(Position.of(state), _GAME.parse_move(move))

    def unseen_key(self, state: UnionSquareState) -> str:
        return " ".join(str(card) for card in sorted(state.stock))

    def seen_key(self, state: UnionSquareState) -> str:
        piles = (state.waste, *state.tableau, *state.foundations)
        return ";".join(" ".join(map(str, pile)) for pile in piles) + "|" + self.unseen_key(state)


HINDSIGHT = UnionSquareHindsight()
