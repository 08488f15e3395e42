"""A Foursquare player that samples the stock's order and solves each sample (hindsight
optimisation).

For each placement of the card in hand it deals the unseen cards in random orders, the
same orders for every placement (so placements are compared on the same luck), and asks
the whole-deal solver, at a small node budget, what each order allows after that
placement: a win or not, and the best score found. A bandit (UCB1) spends the samples
on the placements that look best so far; the placement chosen has the most wins over its
samples, then the highest mean score. The orders come from a random generator seeded by
what the player sees, never by the stock's order: the same observation gets the same
answer, and two deals that look alike so far get the same moves.

Solving each sample with its order known is optimistic (each order gets its own plan,
"strategy fusion"): ``Choice.wins`` of the move chosen tends to be above what the
player then reaches (``benchmarks/bench_sampling.py`` measures by how much).

>>> from squares.games.foursquare import Foursquare
>>> game = Foursquare()
>>> state = game.apply_text(game.new(7), "0,0")
>>> str(SamplingPlayer(samples=8, nodes=2_000).choose(game.observe(state)))
'0,-1'
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import ClassVar

from squares.ai.base import seed_of
from squares.ai.foursquare.board import moves, to_cell
from squares.ai.foursquare.observation import Observation
from squares.ai.foursquare.players import FoursquarePlayer
from squares.ai.foursquare.solver import WholeDealSolver
from squares.cards import Card
from squares.games.foursquare import Foursquare, FoursquareState, Placement

_GAME = Foursquare()
_EXPLORE = math.sqrt(2.0)  # UCB1's exploration constant, for rewards in 0..1
HINT_BUDGET = (96, 2_000)
"""The orders and the solver's positions for each of a hint: within a hint's time."""


@dataclass(frozen=True, slots=True)
class Choice:
    """What the samples said of the placement chosen."""

    move: int
    samples: int
    wins: float
    """The share of its samples the solver won."""
    score: float
    """The mean score over its samples (0 for a sample not won)."""


@dataclass(slots=True)
class _Arm:
    """One placement: the position after it, and what its samples gave so far."""

    move: int
    after: FoursquareState
    samples: int = 0
    wins: int = 0
    score: int = 0
    reward: float = 0.0

    def mean(self) -> float:
        return self.reward / self.samples


def reward(score: int | None) -> float:
    """A sample's reward in 0..1: a win is worth more than any score, a higher score more
    than a lower one; a sample not won (or not decided within the budget) is worth 0."""
    return 0.0 if score is None else 0.5 + score / 48


class SamplingPlayer(FoursquarePlayer):
    name: ClassVar[str] = "sampling"
    description: ClassVar[str] = (
        "deals the unseen cards in many random orders and solves each: the placement that "
        "wins most often among them"
    )

    def __init__(self, samples: int = 192, nodes: int = 4_000, seed: int = 0) -> None:
        """``samples`` orders of the unseen cards solved for each decision, shared among
        the placements; ``nodes`` positions of the solver's budget for each. The default
        budget wins more and with higher scores than ``HINT_BUDGET``
        (``benchmarks/bench_sampling.py --samples 192 --nodes 4000 --against
        sampling:96x2000``)."""
        if samples <= 0 or nodes <= 0:
            raise ValueError(f"samples and nodes must be 1 or more, not {samples} and {nodes}")
        self.samples, self.nodes, self.seed = samples, nodes, seed
        self._solver = WholeDealSolver()
        self.choices: list[Choice] = []
        """What the samples said of each placement chosen among several, oldest first
        (whoever reads it may clear it)."""

    def for_hints(self) -> SamplingPlayer:
        """The same player at ``HINT_BUDGET`` at most: a hint takes 82 ms of CPU at the 95th
        percentile (``benchmarks/bench_hints.py``)."""
        samples, nodes = HINT_BUDGET
        return SamplingPlayer(min(samples, self.samples), min(nodes, self.nodes), self.seed)

    def decide(self, seen: Observation) -> int:
        return self.weigh(seen).move

    def weigh(self, seen: Observation) -> Choice:
        """The placement chosen, with what its samples said."""
        legal = moves(seen.board)
        safe = [move for move in legal if not seen.loses(move)] or legal
        if len(safe) == 1 or not seen.unseen:
            return Choice(safe[0], 0, 0.0, 0.0)
        before = FoursquareState(0, seen.grid, (seen.hand,))
        arms = [
            _Arm(move, _GAME.apply(before, Placement(*to_cell(move, seen.origin)))) for move in safe
        ]
        rng = random.Random(seed_of(seen.board, seen.hand.rank, seen.counts, self.seed))
        orders: list[tuple[Card, ...]] = []
        for pull in range(max(self.samples, len(arms))):
            arm = arms[pull] if pull < len(arms) else max(arms, key=lambda a: _ucb(a, pull))
            while len(orders) <= arm.samples:  # the k-th sample of every arm is one order
                shuffled = list(seen.unseen)
                rng.shuffle(shuffled)
                orders.append(tuple(shuffled))
            state = FoursquareState(0, arm.after.grid, orders[arm.samples])
            score = self._solver.solve(state, max_nodes=self.nodes).best_score
            arm.samples += 1
            arm.wins += score is not None
            arm.score += score or 0
            arm.reward += reward(score)
        best = max(arms, key=lambda a: (a.wins / a.samples, a.score / a.samples, a.samples))
        choice = Choice(
            best.move, best.samples, best.wins / best.samples, best.score / best.samples
        )
        self.choices.append(choice)
        return choice


def _ucb(arm: _Arm, pulls: int) -> float:
    return arm.mean() + _EXPLORE * math.sqrt(math.log(pulls) / arm.samples)
