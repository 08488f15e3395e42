"""A Union Square player that looks ahead by rollouts: keeper, improved where it deals.

Where ``keeper`` would deal over the waste's card late in a game, the player deals the
unseen cards in a few random orders (hindsight sampling: orders drawn from the cards it
knows are in the stock, never the stock's own order) and plays keeper on from each way of
going on: keeper's deal, and the waste's card onto each pile that takes it. It follows
the way that wins most often, keeper's own on a tie. The orders are seeded from what the
player sees alone, so the same observation always gives the same move.

>>> from squares.games.union_square import UnionSquare
>>> game = UnionSquare()
>>> Lookahead().choose(game.observe(game.new(0))) == Keeper().choose(game.observe(game.new(0)))
True
"""

from __future__ import annotations

import random
from typing import ClassVar

from squares.ai.base import Resign, seed_of
from squares.ai.union_square.fast import DECK, Position, pile_takes
from squares.ai.union_square.players import ENDGAME_NODES, Keeper, Observation, Plan
from squares.ai.union_square.solver import solve_position
from squares.errors import SessionError
from squares.games.union_square import DEAL, Move
from squares.games.union_square.moves import WASTE

SAMPLES = 8
LATE = 32  # rollouts only once the stock holds this many cards or fewer
ROLLOUT_MOVES = 3_000  # a rollout still going after this many moves counts as lost


class Lookahead(Keeper):
    """Keeper, and where keeper deals over the waste's card late in a game, keeper played
    on over sampled orders of the unseen cards from each way of going on."""

    name: ClassVar[str] = "lookahead"
    description: ClassVar[str] = (
        "keeper, but late in a game, before dealing over the waste's card, it plays keeper "
        "on over a few random orders of the unseen cards, from the deal and from each pile "
        "that takes the card, and follows what wins most often"
    )

    def __init__(self, samples: int = SAMPLES, late: int = LATE, seed: int = 0) -> None:
        """``samples`` orders of the unseen cards for each decision looked at; ``late``
        the most cards the stock may hold for a decision to be looked at."""
        if samples <= 0 or late < 0:
            raise ValueError(f"samples must be 1 or more and late 0 or more, not {samples}, {late}")
        super().__init__()
        self.samples, self.late, self.seed = samples, late, seed

    def plan(self, seen: Observation) -> Plan:
        plan = super().plan(seen)
        position = seen.known()
        if plan.moves != (DEAL,) or not position.waste or len(position.stock) > self.late:
            return plan
        others = _waste_moves(position)
        if not others:
            return plan
        rng = random.Random(seed_of(seen.unseen, seen.waste, seen.tableau, seen.home, self.seed))
        orders = []
        for _ in range(self.samples):
            order = list(seen.unseen)
            rng.shuffle(order)
            orders.append(bytes(order))
        best, most = DEAL, _wins(position, DEAL, orders, 0)
        for move in others:
            if most == len(orders):
                break
            wins = _wins(position, move, orders, most)
            if wins > most:
                best, most = move, wins
        return plan if best == DEAL else Plan((best,), "look-ahead")


def _waste_moves(position: Position) -> list[Move]:
    """The waste's card onto each pile that takes it (onto the first empty one only)."""
    card = position.waste[-1]
    moves = [
        Move(WASTE, at)
        for at, pile in enumerate(position.tableau)
        if pile and pile_takes(pile, card)
    ]
    if b"" in position.tableau:
        moves.append(Move(WASTE, position.tableau.index(b"")))
    return moves


def _wins(position: Position, move: Move, orders: list[bytes], beat: int) -> int:
    """How many of the orders keeper wins after ``move``; stops early (with a count of at
    most ``beat``) once it can no longer win more than ``beat``."""
    wins = 0
    for done, order in enumerate(orders):
        if wins + len(orders) - done <= beat:
            break
        start = Position(order, position.waste, position.tableau, position.home)
        wins += rollout(start.play(move))
    return wins


def rollout(position: Position) -> bool:
    """Whether keeper wins from a position whose stock order is given (a sample's)."""
    player = Keeper()
    for _ in range(ROLLOUT_MOVES):
        if not position.stock:
            return (
                position.won or solve_position(position, max_nodes=ENDGAME_NODES).best_score == DECK
            )
        try:
            position = position.play(player.follow(Observation.seen_in(position)))
        except (Resign, SessionError):
            return False
    return False
