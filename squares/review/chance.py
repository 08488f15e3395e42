"""The chance to win from each position of a game, as the player saw it.

Before a move, the strongest player fast enough (``Hindsight.chance_player``) plays the
position to its end over random orders of the cards the player had not seen, drawn from
what the observation shows (their sorted multiset): the real order is never read, so
reshuffling it changes nothing. The random orders come from a seed made of the game, the
deal, the move's index and that multiset, so a review is reproducible.

The orders are played out in rounds of ``ROUND``, until the estimate's 95% (Wilson)
interval reaches no further than ``MARGIN`` either side of it, or the game's most
(``Hindsight.samples``, ``Hindsight.live_samples``) are played: 385 or more always reach
it (``most_needed``), so with such a most every estimate is within ±5 points. A position
whose chance is near 0 or 1, as the start of most deals is, needs far fewer than one near
a half.

During play, ``from_here`` answers "your chance of winning from here" the same way, with a
seed made of what the player sees of the position alone (``Hindsight.seen_key``): the same
position gives the same answer however the unseen cards lie and whichever moves led to it.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from typing import Any

from squares.ai import Hindsight, get_hindsight
from squares.ai.confidence import wilson
from squares.errors import SessionError
from squares.games.base import Game, Status, status_name
from squares.i18n import _

MARGIN = 0.05
"""How far either side of an estimate its 95% interval may reach when the playouts stop."""
ROUND = 40
"""Orders played out between two looks at the interval."""


@dataclass(frozen=True, slots=True)
class Chance:
    """Wins of ``samples`` playouts by ``player`` from the position before move ``at``; the
    share and its Wilson 95% interval."""

    at: int
    wins: int
    samples: int
    player: str

    @property
    def value(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.samples)

    @property
    def reach(self) -> float:
        """How far the interval reaches from the estimate, on its wider side."""
        low, high = self.interval
        return max(self.value - low, high - self.value)


def most_needed(margin: float = MARGIN) -> int:
    """The fewest playouts whose interval stays within ``margin`` of the estimate whatever
    their wins.

    >>> most_needed()
    385
    """
    n = 1
    while any(Chance(0, wins, n, "").reach > margin for wins in range(n + 1)):
        n += 1
    return n


def _digest(known: str) -> int:
    return int.from_bytes(hashlib.sha256(known.encode()).digest()[:8], "big")


def seed(game: Game[Any, Any], hindsight: Hindsight[Any, Any], state: Any, index: int) -> int:
    """The playouts' seed for the position before move ``index``: what the player knows."""
    return _digest(f"{game.name}|{game.deal_of(state)}|{index}|{hindsight.unseen_key(state)}")


def _played(hindsight: Hindsight[Any, Any], state: Any, at: int, seed: int, most: int) -> Chance:
    """Playouts in rounds until the interval is within ``MARGIN`` or ``most`` are played.

    A playout is a function of its sampled position, so an order drawn again (as every
    one is once a stock is empty, and many are when few cards are unseen) counts the game
    already played out instead of playing it again.
    """
    rng = random.Random(seed)
    known: dict[Any, bool] = {}
    wins = samples = 0
    while samples < most:
        played = min(ROUND, most - samples)
        for _order in range(played):
            sampled = hindsight.sample(state, rng)
            if sampled not in known:
                known[sampled] = hindsight.playout(sampled)
            wins += known[sampled]
        samples += played
        chance = Chance(at, wins, samples, hindsight.chance_player)
        if chance.reach <= MARGIN:
            return chance
    return Chance(at, wins, samples, hindsight.chance_player)


def estimate(
    game: Game[Any, Any], hindsight: Hindsight[Any, Any], state: Any, index: int
) -> Chance:
    """The chance to win from ``state``, the position before move ``index``."""
    if game.status(state) is not Status.PLAYING:
        return Chance(index, int(game.status(state) is Status.WON), 1, hindsight.chance_player)
    return _played(hindsight, state, index, seed(game, hindsight, state, index), hindsight.samples)


def from_here(
    game: Game[Any, Any], state: Any, at: int, *, resigned: bool = False, samples: int | None = None
) -> Chance:
    """The chance to win from ``state`` during play (``at``: the moves played to reach it),
    over at most ``samples`` orders of the unseen cards (the game's ``live_samples`` unless
    told).

    A game that is over (``resigned`` too) has no chance left to work out: ``SessionError``
    says so (its review shows how the chance went along the game).
    """
    status = Status.LOST if resigned else game.status(state)
    if status is not Status.PLAYING:
        raise SessionError(_("the game is over ({status})").format(status=status_name(status)))
    hindsight = get_hindsight(game.name)
    known = _digest(f"{game.name}|{hindsight.seen_key(state)}")
    return _played(
        hindsight, state, at, known, hindsight.live_samples if samples is None else samples
    )


def checkpoints(moves: int, most: int | None) -> list[int]:
    """The move indexes that get their own estimate: every one, or ``most`` evenly spaced
    from the first."""
    if most is None or moves <= most:
        return list(range(moves))
    step = math.ceil(moves / most)
    return list(range(0, moves, step))


def curve(game: Game[Any, Any], hindsight: Hindsight[Any, Any], states: list[Any]) -> list[Chance]:
    """An estimate before each move (``len(states) - 1`` of them); a move that is not a
    checkpoint carries the estimate of the checkpoint before it."""
    moves = len(states) - 1
    chances: list[Chance] = []
    marked = set(checkpoints(moves, hindsight.checkpoints))
    for index in range(moves):
        if index in marked:
            chances.append(estimate(game, hindsight, states[index], index))
        else:
            chances.append(chances[-1])
    return chances
