"""The whole-deal solver's search, compiled: wins within a number of cards.

``within`` is a depth-first search for a win by the time ``limit`` cards are placed.
Its memo of failures maps a position (the grid up to rotation and reflection while it
has few piles, ``symmetry.grid_key``, and the number of cards placed) to the largest
limit that failed: a position that failed within some limit fails within every smaller
one. Where the cards left are just enough to fill the grid (each must start a new
pile), or at most ``box.BOX_COVERS`` more (those go on piles), the fixed-box search
``box.new_piles`` answers instead. Both spend the budget of ``budget`` and answer with
its codes, which this module also names for the solver.
"""

from __future__ import annotations

from squares.ai.foursquare import kernel, memo
from squares.ai.foursquare.box import BOX_COVERS, new_piles
from squares.ai.foursquare.budget import (
    CAP,
    DEADLINE,
    END,
    FOUND,
    NODES,
    NOISE,
    NOTHING,
    OUT,
    RANDOM,
    RESTART,
    STOP,
    Arrays,
    random_unit,
    sorted_in,
    tick,
)  # fmt: skip
from squares.ai.foursquare.kernel import UP, jit
from squares.ai.foursquare.kernel import popcount as count
from squares.ai.foursquare.symmetry import grid_key

COVERS_CHECKED = 16  # up to this many spare cards, check that the lines can still agree

__all__ = [
    "CAP", "DEADLINE", "END", "FOUND", "NODES", "NOISE", "NOTHING", "OUT", "RANDOM",
    "RESTART", "STOP", "Arrays", "within",
]  # fmt: skip


@jit
def within(
    ranks: int, up: int, occupied: int, heights: int, placed: int, limit: int, arrays: Arrays
) -> int:
    """A win by the time ``limit`` cards are placed: its moves in
    ``arrays.line[placed:END]``."""
    deal, failed, line, work = arrays.deal, arrays.failed, arrays.line, arrays.work
    counters, limits = arrays.counters, arrays.limits
    code = tick(counters, limits)
    if code:
        return code
    piles = count(occupied)
    need = 16 - piles  # new piles still to make, one card each
    if limit - placed - need <= BOX_COVERS:  # few cards left to go on piles: fix the box
        return new_piles(ranks, up, occupied, heights, placed, limit - placed - need, arrays)
    key = grid_key(ranks, up, occupied, heights, placed)
    known = memo.get(failed, key[0], key[1], key[2])
    if known >= limit:
        return NOTHING
    rank = deal[placed]
    room = limit - placed - 1  # cards that may follow this one
    noise = limits[NOISE]
    n = 0
    for options in (kernel.open_piles(occupied, heights), kernel.new_piles(occupied)):
        while options:
            low = options & -options
            options ^= low
            move = count(low - 1)
            new_pile = 1 if move >= UP or not occupied >> move & 1 else 0
            if need - new_pile > room:
                continue
            r, u, o, h = kernel.play(ranks, up, occupied, heights, move, rank)
            down = count(o ^ u)
            if kernel.lost(down):
                continue
            if kernel.won(o, u):
                line[placed] = move
                counters[END] = placed + 1
                return FOUND
            if room == 0:
                continue
            covers = room - need + new_pile  # cards that may still go on a pile
            if (
                covers <= COVERS_CHECKED
                and not kernel.lines_agree(o, u)
                and kernel.covers_needed(o, u, h, covers) > covers
            ):
                continue
            order = down - 0.5 * new_pile
            if noise:
                order += noise * random_unit(counters)
            rank_key = int(order * 16777216.0) * 32 + move  # by order, then move
            at = sorted_in(work, placed, n, rank_key, 5)
            n += 1
            work[placed, at, 0], work[placed, at, 1], work[placed, at, 2] = rank_key, r, u
            work[placed, at, 3], work[placed, at, 4] = o, h
    for k in range(n):
        move = work[placed, k, 0] & 31
        r, u, o, h = work[placed, k, 1], work[placed, k, 2], work[placed, k, 3], work[placed, k, 4]
        code = within(r, u, o, h, placed + 1, limit, arrays)
        if code == FOUND:
            line[placed] = move
        if code != NOTHING:
            return code
    if memo.get(failed, key[0], key[1], key[2]) < limit:
        memo.put(failed, key[0], key[1], key[2], limit)
    return NOTHING
