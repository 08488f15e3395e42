"""Expectimax over the cards not yet drawn: the player's search (it never sees their order).

The draw is a chance node, as in OpenSpiel: the next card is each remaining rank with
probability (copies left) / (cards left). A decision node takes the best placement. At
the horizon a position is scored by ``value``: a win is worth ``WIN`` plus the cards
left (an earlier win scores more), a loss ``LOSS``, and anything else a heuristic a few
units wide, so the expected value is about ``WIN`` times the chance to win within the
horizon, with the heuristic settling what the horizon cannot see.

``counts[rank]`` is how many cards of each rank (1..10; index 0 unused) are not yet
drawn; ``left`` is their number.

>>> from squares.ai.foursquare.board import EMPTY, play
>>> board = play(play(EMPTY, 0, 7), 1, 7)  # a tie: nothing turns over
>>> value(board, 38) > value(play(EMPTY, 0, 7), 39)
True
"""

from __future__ import annotations

from operator import itemgetter

from squares.ai.foursquare.board import (
    BIT,
    COL_OTHERS,
    GUARDS,
    LEFT,
    MAX_DOWN,
    MAX_HEIGHT,
    ROW_OTHERS,
    TIMES,
    UP,
    Board,
    full,
    moves,
    play,
)

Counts = tuple[int, ...]
_FIRST = itemgetter(0)

WIN = 1000.0
LOSS = -1000.0

# The heuristic, tuned by self-play on deals 10000..11999 (not the published ones):
# face-down piles cost more the more there are, and more when full (a full pile cannot
# be covered: only a flip of its row or column turns it up again); piles are worth
# having, and more so as the stock runs down, since the grid must be full to win.
DOWN_COST = (0.0, 1.0, 2.0, 4.0, 8.0)
FULL_DOWN_COST = 1.5
EXTREME_VALUE = 0.3
PILE_VALUE = 1.0
URGENCY = 5.0


def value(board: Board, left: int) -> float:
    """The worth of ``board`` after a placement, with ``left`` cards not yet drawn."""
    occupied = board[2]
    hidden = occupied ^ board[1]
    down = hidden.bit_count()
    if down > MAX_DOWN:
        return LOSS
    piles = occupied.bit_count()
    if piles == 16 and down == 0:
        return WIN + left
    if left == 0 or left < 16 - piles:  # lost, or too few cards left to fill the grid
        return LOSS
    stuck = (hidden & full(board)).bit_count()
    steady = (extremes(board) & board[1]).bit_count()
    return (
        PILE_VALUE * piles
        - DOWN_COST[down]
        - FULL_DOWN_COST * stuck
        + EXTREME_VALUE * steady
        - URGENCY * (16 - piles) / left
    )


def extremes(board: Board) -> int:
    """The mask of the piles topped by an Ace or a 10 (either side up)."""
    shown = board[0] | GUARDS
    return board[2] & (~(shown - TIMES[2]) | (shown - TIMES[10])) & GUARDS


def is_terminal(worth: float) -> bool:
    """Whether a ``value`` is a win or a loss (nothing to search beyond it)."""
    return worth >= WIN or worth <= LOSS


def best_now(board: Board, options: list[int], rank: int, left: int) -> float:
    """The best ``value`` among the placements ``options`` of ``rank``: ``play`` and
    ``value`` inlined, sharing the comparisons with the card (this is where the time goes).
    """
    if left == 0:
        return max(value(play(board, move, rank), 0) for move in options)
    ranks, up, occupied, heights = board
    filled = ((heights | GUARDS) - TIMES[MAX_HEIGHT]) & GUARDS  # full piles: never covered
    ends = extremes(board)
    steady_card = 1 if rank in (1, 10) else 0
    shown = ranks | GUARDS
    higher = (shown - TIMES[rank]) & up  # face-up tops of rank >= the card's
    lower = up & ~(shown - TIMES[rank + 1])  # face-up tops of rank <= the card's
    best = LOSS
    for move in options:
        if move < UP:
            h, lo, u, o, f, e, cell = higher, lower, up, occupied, filled, ends, move
        else:
            step = 20 if move < LEFT else 5
            h, lo, u, o = higher << step, lower << step, up << step, occupied << step
            f, e = filled << step, ends << step
            cell = move - UP if move < LEFT else (move - LEFT) * 4
        line = ROW_OTHERS[cell]
        if not (h & line and lo & line):
            u ^= line & o
        line = COL_OTHERS[cell]
        if not (h & line and lo & line):
            u ^= line & o
        bit = BIT[cell]
        o |= bit
        hidden = o ^ (u | bit)
        down = hidden.bit_count()
        if down > MAX_DOWN:
            continue
        piles = o.bit_count()
        if piles == 16 and down == 0:
            return WIN + left  # nothing beats a win now
        if left < 16 - piles:
            continue
        worth = (
            PILE_VALUE * piles
            - DOWN_COST[down]
            - FULL_DOWN_COST * (hidden & f).bit_count()
            + EXTREME_VALUE * ((e & u & ~bit).bit_count() + steady_card)
            - URGENCY * (16 - piles) / left
        )
        if worth > best:
            best = worth
    return best


def reply(
    board: Board,
    options: list[int],
    rank: int,
    counts: Counts,
    left: int,
    depth: int,
    width: int,
) -> float:
    """A decision node: the best worth of placing ``rank`` (drawn) by one of ``options``
    (the legal moves of ``board``), with ``left`` cards to come after it.

    ``depth`` counts the placements still to look at, this one included; below the
    first, only the ``width`` placements that look best at once are searched further.
    """
    if depth <= 1:
        return best_now(board, options, rank, left)
    scored = sorted(
        ((value(child, left), child) for child in (play(board, move, rank) for move in options)),
        key=_FIRST,
        reverse=True,
    )
    best = LOSS
    for worth, child in scored[:width]:
        if not is_terminal(worth):
            worth = expect(child, counts, left, depth - 1, width)
        if worth > best:
            best = worth
    return best


def expect(board: Board, counts: Counts, left: int, depth: int, width: int) -> float:
    """A chance node: the expected worth over the next card drawn from ``counts``."""
    total = 0.0
    options = moves(board)
    remaining = list(counts)
    for rank in range(1, 11):
        copies = counts[rank]
        if copies:
            remaining[rank] -= 1
            total += copies * reply(board, options, rank, tuple(remaining), left - 1, depth, width)
            remaining[rank] += 1
    return total / left


def rank_moves(
    board: Board, hand: int, counts: Counts, depth: int, width: int, deepen: int = 0
) -> list[tuple[float, int]]:
    """Every placement of ``hand`` with its worth, best first (ties keep the move order).

    Each placement is looked at ``depth`` placements deep (1: at once); then the
    ``deepen`` best are looked at once more, one placement deeper.
    """
    left = sum(counts)
    scored: list[tuple[float, int, Board]] = []
    for move in moves(board):
        child = play(board, move, hand)
        worth = value(child, left)
        if depth > 1 and not is_terminal(worth):
            worth = expect(child, counts, left, depth - 1, width)
        scored.append((worth, move, child))
    scored.sort(key=_FIRST, reverse=True)
    if deepen:
        deeper = []
        for worth, move, child in scored[:deepen]:
            if not is_terminal(value(child, left)):
                worth = expect(child, counts, left, depth, width)
            deeper.append((worth, move, child))
        deeper.sort(key=_FIRST, reverse=True)
        scored[:deepen] = deeper
    return [(worth, move) for worth, move, _ in scored]
