"""Expectimax over the cards not yet drawn: the player's search (it never sees their order).

The search runs compiled (``kernel.jit``), placing cards with ``kernel.play``.

The draw is a chance node, as in OpenSpiel: the next card is each remaining rank with
probability (copies left) / (cards left). A decision node takes the best placement. At
the horizon a position is scored by ``value``: a win is worth ``WIN`` plus the cards
left (an earlier win scores more), a loss ``LOSS``, and anything else a heuristic a few
units wide, so the expected value is about ``WIN`` times the chance to win within the
horizon, with the heuristic settling what the horizon cannot see.

``counts[rank]`` is how many cards of each rank (1..10; index 0 unused) are not yet
drawn; ``left`` is their number. The compiled search takes them as an array, which it
changes while it searches and leaves as it found it.

>>> from squares.ai.foursquare.board import EMPTY, play
>>> board = play(play(EMPTY, 0, 7), 1, 7)  # a tie: nothing turns over
>>> value(board, 38) > value(play(EMPTY, 0, 7), 39)
True
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import numpy

from squares.ai.compiled import borrowed
from squares.ai.foursquare import kernel
from squares.ai.foursquare.board import Board, moves, play
from squares.ai.foursquare.kernel import jit, jit_inner, new_piles, open_piles, popcount

Counts = tuple[int, ...]
_FIRST = itemgetter(0)

WIN = 1000.0
LOSS = -1000.0

# The heuristic, tuned by self-play on deals 10000..11999 (not the published ones):
# face-down piles cost more the more there are, and more when full (a full pile cannot
# be covered: only a flip of its row or column turns it up again); piles are worth
# having, and more so as the stock runs down, since the grid must be full to win.
DOWN_COST = numpy.array([0.0, 1.0, 2.0, 4.0, 8.0])
FULL_DOWN_COST = 1.5
EXTREME_VALUE = 0.3
PILE_VALUE = 1.0
URGENCY = 5.0


_ACES = kernel.NIBBLES  # a 1 in every cell's field
_TENS = kernel.signed(10 * kernel.NIBBLES)  # a 10 in every cell's field
EXTREME_OUTCOME = 1 << 16  # above every cell: the card placed is an Ace or a 10


@jit_inner
def extremes(ranks: int, occupied: int) -> int:
    """The mask of the piles topped by an Ace or a 10 (either side up)."""
    either = ~(kernel.nonzero(ranks ^ _ACES) & kernel.nonzero(ranks ^ _TENS))
    return kernel.gather(either & kernel.NIBBLES) & occupied


@jit
def worth(ranks: int, up: int, occupied: int, heights: int, left: int) -> float:
    """The worth of a position after a placement, with ``left`` cards not yet drawn."""
    hidden = occupied ^ up
    down = popcount(hidden)
    if kernel.lost(down):
        return LOSS
    if kernel.won(occupied, up):
        return WIN + left
    piles = popcount(occupied)
    if left == 0 or left < 16 - piles:  # lost, or too few cards left to fill the grid
        return LOSS
    stuck = popcount(hidden & kernel.full(heights))
    steady = popcount(extremes(ranks, occupied) & up)
    return float(
        PILE_VALUE * piles
        - DOWN_COST[down]
        - FULL_DOWN_COST * stuck
        + EXTREME_VALUE * steady
        - URGENCY * (16 - piles) / left
    )


@jit_inner
def horizon(ranks: int, up: int, occupied: int, heights: int, counts: Any, left: int) -> float:
    """``chance`` with one placement left to look at: the expected best ``worth`` of a
    placement of the next card drawn from ``counts``.

    A placement's worth depends on the rank placed only through the tops it turns over
    (its row's, its column's, both or none) and whether it is an Ace or a 10 (``worth``
    reads no other rank): so each placement's worth is worked out once for each of
    those at most eight outcomes that the ranks to come have, not once for each rank,
    with the same numbers.
    """
    best = numpy.empty(11, numpy.float64)  # as worths: one compile of NumPy's allocation
    for rank in range(11):
        best[rank] = LOSS
    outcomes = numpy.empty(8, numpy.int64)
    worths = numpy.empty(8, numpy.float64)
    for options in (open_piles(occupied, heights), new_piles(occupied)):
        while options:
            low = options & -options
            options ^= low
            r, u, o, h, cell = kernel.shift(ranks, up, occupied, heights, popcount(low - 1))
            known = 0
            for rank in range(1, 11):
                if counts[rank] == 0 or best[rank] >= WIN:
                    continue
                turned = kernel.turns(r, u, o, cell, rank)
                outcome = turned | (EXTREME_OUTCOME if rank == 1 or rank == 10 else 0)
                k = 0
                while k < known and outcomes[k] != outcome:
                    k += 1
                if k == known:
                    pr, pu, po, ph = kernel.placed(r, u, o, h, cell, rank, turned)
                    outcomes[k] = outcome
                    worths[k] = worth(pr, pu, po, ph, left - 1)
                    known += 1
                if worths[k] > best[rank]:
                    best[rank] = worths[k]
    total = 0.0
    for rank in range(1, 11):
        copies = counts[rank]
        if copies:
            total += copies * best[rank]
    return total / left


@jit
def chance(
    ranks: int, up: int, occupied: int, heights: int, counts: Any, left: int, depth: int, width: int
) -> float:
    """A chance node: the expected worth over the next card drawn from ``counts``.

    For each rank drawn, a decision node takes the best placement; ``depth`` counts the
    placements still to look at, this one included. Below the first, only the ``width``
    placements that look best at once are searched further.
    """
    counts = borrowed(counts)  # the caller's: no reference counting around the calls below
    if depth <= 1:
        return horizon(ranks, up, occupied, heights, counts, left)
    total = 0.0
    piles, fresh = open_piles(occupied, heights), new_piles(occupied)
    children = numpy.empty((24, 4), numpy.int64)
    scores = numpy.empty(24, numpy.float64)
    for rank in range(1, 11):
        copies = counts[rank]
        if copies == 0:
            continue
        counts[rank] -= 1
        n = 0
        for options in (piles, fresh):
            while options:
                low = options & -options
                options ^= low
                r, u, o, h = kernel.play(ranks, up, occupied, heights, popcount(low - 1), rank)
                children[n, 0], children[n, 1], children[n, 2], children[n, 3] = r, u, o, h
                scores[n] = worth(r, u, o, h, left - 1)
                n += 1
        best = LOSS
        for _ in range(min(width, n)):  # the best-looking first, ties in move order
            pick = 0
            for k in range(1, n):
                if scores[k] > scores[pick]:
                    pick = k
            found = scores[pick]
            scores[pick] = -numpy.inf
            if LOSS < found < WIN:
                found = chance(
                    children[pick, 0], children[pick, 1], children[pick, 2], children[pick, 3],
                    counts, left - 1, depth - 1, width,
                )  # fmt: skip
            if found > best:
                best = found
        counts[rank] += 1
        total += copies * best
    return total / left


def value(board: Board, left: int) -> float:
    """The worth of ``board`` after a placement, with ``left`` cards not yet drawn."""
    return float(worth(*board, left))


def is_terminal(found: float) -> bool:
    """Whether a ``value`` is a win or a loss (nothing to search beyond it)."""
    return found >= WIN or found <= LOSS


def rank_moves(
    board: Board, hand: int, counts: Counts, depth: int, width: int
) -> list[tuple[float, int]]:
    """Every placement of ``hand`` with its worth, looked at ``depth`` placements deep (1:
    at once), best first (ties keep the move order)."""
    left = sum(counts)
    tally = numpy.array(counts, dtype=numpy.int64)  # as the compiled search takes them
    scored: list[tuple[float, int]] = []
    for move in moves(board):
        child = play(board, move, hand)
        found = value(child, left)
        if depth > 1 and not is_terminal(found):
            found = float(chance(*child, tally, left, depth - 1, width))
        scored.append((found, move))
    scored.sort(key=_FIRST, reverse=True)
    return scored
