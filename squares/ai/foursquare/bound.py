"""An upper bound on the chance to win of every Foursquare player who cannot see the
stock's order: information relaxation with a penalty (Brown, Smith and Sun,
"Information relaxations and duality in stochastic dynamic programs", Operations
Research 58(4), 2010).

The relaxed player sees the whole order, and so could win more often than anyone who
cannot; to take that back, it is charged at every card it draws the difference between
an estimate of the chance to win with the card that came and the mean of that estimate
over the cards that could have come. For a player who cannot see the order those
charges have mean zero, whatever the estimate; so the mean over orders of the best
charged result is at least the best a non-peeking player can reach (weak duality). With
no estimate (all zeros), or any estimate blind to the card that comes, nothing is charged
and it is the clairvoyant chance; with the exact chance as the estimate it is that chance
exactly; the closer the estimate, the tighter the bound, and a poor one can make it
looser than the clairvoyant chance. ``clairvoyant_estimate``, the chance to win of a
player who sees the order, takes back most of what seeing the order gives
(``benchmarks/bench_bound.py``).

Positions are the players' encoding (``board``): the board, the rank of the card in
hand, the unseen cards counted by rank (index = rank, 1..10). Everything here is exact
enumeration over the orders of the unseen cards, for the last few cards of a game
(``best_chance`` is the exact value a non-peeking player can reach, for checking).

>>> from squares.ai.foursquare.board import EMPTY
>>> counts = (0,) * 10 + (1,)  # one 10 to come
>>> best_chance(EMPTY, 1, counts), bound(EMPTY, 1, counts, no_estimate)
(0.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import cache

from squares.ai.foursquare.board import Board, is_lost, is_won, moves, play

Counts = tuple[int, ...]
"""How many cards of each rank are still to come (index = rank, 1..10)."""
Estimate = Callable[[Board, int, Counts], float]
"""An estimate of the chance to win from a position: the board, the rank in hand, the
cards to come."""


def no_estimate(board: Board, rank: int, counts: Counts) -> float:
    """The estimate that charges nothing: the bound is then the clairvoyant chance."""
    return 0.0


@cache
def clairvoyant_estimate(board: Board, rank: int, counts: Counts) -> float:
    """The chance to win of a player who sees the order: the bound that charges nothing,
    which is what a solver of the whole deal can estimate from any position."""
    return bound(board, rank, counts, no_estimate)


def draws(counts: Counts) -> Iterator[tuple[int, float, Counts]]:
    """Each rank that may come next, its chance, and the cards to come after it."""
    total = sum(counts)
    for rank, n in enumerate(counts):
        if n:
            yield rank, n / total, (*counts[:rank], n - 1, *counts[rank + 1 :])


def _ended(board: Board, last: bool) -> float | None:
    """1 for a won game, 0 for a lost one (or a last card that did not win), else None."""
    if is_won(board):
        return 1.0
    if last or is_lost(board):
        return 0.0
    return None


@cache
def best_chance(board: Board, rank: int, counts: Counts) -> float:
    """The best chance to win of a player who cannot see the order (exact expectimax:
    for the last few cards only)."""
    best = 0.0
    for move in moves(board):
        after = play(board, move, rank)
        end = _ended(after, not any(counts))
        if end is None:
            end = sum(p * best_chance(after, nxt, rest) for nxt, p, rest in draws(counts))
        best = max(best, end)
    return best


def orders(counts: Counts) -> Iterator[tuple[tuple[int, ...], float]]:
    """Every order of the cards to come (by rank), with its chance."""
    if not any(counts):
        yield (), 1.0
        return
    for rank, p, rest in draws(counts):
        for order, q in orders(rest):
            yield (rank, *order), p * q


def charged_best(
    board: Board, rank: int, order: tuple[int, ...], counts: Counts, estimate: Estimate
) -> float:
    """The best result, less the charges, of a player who knows ``order`` (the ranks to
    come, of which ``counts`` counts)."""
    best = -math.inf
    for move in moves(board):
        after = play(board, move, rank)
        end = _ended(after, not order)
        if end is None:
            nxt, rest = (
                order[0],
                (*counts[: order[0]], counts[order[0]] - 1, *counts[order[0] + 1 :]),
            )
            expected = sum(p * estimate(after, r, left) for r, p, left in draws(counts))
            charge = estimate(after, nxt, rest) - expected
            end = charged_best(after, nxt, order[1:], rest, estimate) - charge
        best = max(best, end)
    return best


def bound(board: Board, rank: int, counts: Counts, estimate: Estimate) -> float:
    """The upper bound on the chance to win of any player who cannot see the order: the
    mean over every order of ``charged_best``."""
    return sum(
        p * charged_best(board, rank, order, counts, estimate) for order, p in orders(counts)
    )
