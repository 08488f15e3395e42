"""The whole-deal solver's search, compiled: wins within a number of cards, and wins in
which every card left starts a new pile.

``within`` is a depth-first search for a win by the time ``limit`` cards are placed.
Its memo of failures maps a position (the grid up to rotation and reflection while it
has few piles, and the number of cards placed) to the largest limit that failed: a
position that failed within some limit fails within every smaller one. Where the cards
left are just enough to fill the grid (each must start a new pile), or at most
``BOX_COVERS`` more (those go on piles), ``new_piles`` answers instead.

``new_piles`` fixes the grid's final 4×4 box up front: the piles standing now sit in
one of at most 16 places inside it. In a fixed box a new pile is an empty cell next to a
pile, nothing shifts, and a position is the rank and side of each top card (and, while
a cover is left, which piles are full). Its memo of failures merges positions that
cannot differ in what follows: ranks count only by how they compare with the cards to
come, a pile whose row and column are full is never compared again once no cover is
left, and with few piles a mirror image of the box fails alike. The search from the
empty grid within 17 cards (16 piles and one cover, the proof most best scores of 22
or less wait on) runs there from its first card: the free-form search met no position
twice before the cover, the fixed box merges many.

Both place cards with ``kernel.play`` and ``kernel.turns``. They share a ``Budget``:
``counters`` (positions searched, the node count to stop at, the cap of this probe,
the random state of the move order, the index past the end of the line found) and
``limits`` (the time to stop at, as ``time.perf_counter``, and the noise of the move
order). A search returns ``FOUND`` (the moves are in ``line``, one per card placed),
``NOTHING`` (proven: no such win), or ``OUT`` / ``RESTART`` when the budget or the
probe's cap ran out, and then proves nothing.
"""

from __future__ import annotations

import time
from typing import Any

from squares.ai.foursquare import kernel, memo
from squares.ai.foursquare.kernel import ALL, FIRST_COLUMN, LAST_COLUMN, LEFT, MAX_DOWN, UP, jit
from squares.ai.foursquare.kernel import popcount as count

FOUND, NOTHING, OUT, RESTART = 1, 0, -1, -2
NODES, STOP, CAP, RANDOM, END = range(5)
DEADLINE, NOISE = range(2)
CHECK_EVERY = 1024  # positions between looks at the clock
SYMMETRY_UP_TO = 4  # piles: beyond this, mirror images of a grid are rarely met again
BOX_SYMMETRY_UP_TO = 6  # the same in the new-piles search
COVERS_CHECKED = 16  # up to this many spare cards, check that the lines can still agree
BOX_COVERS = 1  # up to this many cards on piles, search in a fixed box
STARTS = (0, 1, 5)

if kernel.COMPILED:
    import numba

    @kernel.jit_with_objmode
    def now() -> float:
        with numba.objmode(seconds="float64"):
            seconds = time.perf_counter()
        return seconds

else:  # pragma: no cover
    now = time.perf_counter


@jit
def tick(counters: Any, limits: Any) -> int:
    """Count a position: ``OUT`` or ``RESTART`` when a budget runs out, else 0."""
    if counters[NODES] >= counters[STOP]:
        return OUT
    counters[NODES] += 1
    if counters[NODES] % CHECK_EVERY == 0 and now() > limits[DEADLINE]:
        return OUT
    if counters[NODES] > counters[CAP]:
        return RESTART
    return 0


@jit
def extent(occupied: int) -> tuple[int, int]:
    """Height and width of the grid's bounding box (its top-left corner at 0, 0)."""
    height = width = 1
    for i in range(16):
        if occupied >> i & 1:
            height = max(height, i // 4 + 1)
            width = max(width, i % 4 + 1)
    return height, width


@jit
def image(
    ranks: int, up: int, occupied: int, heights: int, symmetry: int, height: int, width: int
) -> tuple[int, int, int, int]:
    """The grid turned or mirrored by ``symmetry`` (0..7; 0 the identity) in its box."""
    r2 = u2 = o2 = h2 = 0
    rest = occupied
    while rest:
        low = rest & -rest
        rest ^= low
        i = count(low - 1)
        r, c = i // 4, i % 4
        if symmetry & 1:
            r = height - 1 - r
        if symmetry & 2:
            c = width - 1 - c
        if symmetry & 4:
            r, c = c, r
        j = r * 4 + c
        r2 |= ((ranks >> 4 * i) & 15) << 4 * j
        h2 |= ((heights >> 4 * i) & 15) << 4 * j
        u2 |= (up >> i & 1) << j
        o2 |= 1 << j
    return kernel.wrap(r2), u2, o2, h2


@jit
def box_moves(occupied: int) -> int:
    """The empty cells of a fixed box next to a pile."""
    near = (occupied << 4) | (occupied >> 4)
    near |= ((occupied << 1) & ~FIRST_COLUMN) | ((occupied >> 1) & ~LAST_COLUMN)
    return near & ALL & ~occupied


@jit
def settled(occupied: int) -> int:
    """The piles whose row and column are full: their ranks are never compared again."""
    rows = cols = 0
    for k in range(4):
        if (occupied >> 4 * k) & 15 == 15:
            rows |= 15 << 4 * k
        if (occupied >> k) & FIRST_COLUMN == FIRST_COLUMN:
            cols |= FIRST_COLUMN << k
    return rows & cols


@jit
def box_key(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, order: Any
) -> tuple[int, int, int]:
    """The new-piles memo's key: each rank only as its order among the ranks to come.

    Two ranks that compare alike with each rank still to come (until the last card
    that may be placed) are interchangeable: per pile, the key holds how many distinct
    ranks to come are below its rank plus how many are not above it, ``order[rank]``.
    With no cover left, a pile whose row and column are full is never compared again;
    with a cover left, any pile may be compared (the cover may go in its row), and the
    key holds which piles are full (with one cover left, a pile's height only matters
    as "may it take a card").
    """
    keep = occupied & ~settled(occupied) if covers == 0 else occupied
    low = high = 0
    while keep:
        bit = keep & -keep
        keep ^= bit
        i = count(bit - 1)
        rank = (ranks >> 4 * i) & 15
        seen = order[rank]
        if i < 8:
            low |= seen << 5 * i
        else:
            high |= seen << 5 * (i - 8)
    if covers:
        high |= (kernel.full(heights) | covers << 16) << 40
    return low | placed << 40, high, up | occupied << 16


@jit
def box_search(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, deal: Any,
    coming: Any, failed: Any, cells: Any, work: Any, counters: Any, limits: Any,
) -> int:  # fmt: skip
    """A win from this fixed-box position with new piles and at most ``covers`` cards on
    piles; ``cells[placed]`` on is the box cell of each card (when ``FOUND``; the
    line ends at ``counters[END]``)."""
    piles = count(occupied)
    order = coming[placed * 41 + placed + 16 - piles + covers]
    key = box_key(ranks, up, occupied, heights, placed, covers, order)
    if piles <= BOX_SYMMETRY_UP_TO:  # a mirror image fails alike
        for symmetry in range(1, 8):
            r, u, o, h = image(ranks, up, occupied, heights, symmetry, 4, 4)
            other = box_key(r, u, o, h, placed, covers, order)
            if other < key:
                key = other
    if memo.get(failed, key[0], key[1], key[2]) != memo.EMPTY:
        return NOTHING
    code = tick(counters, limits)
    if code:
        return code
    rank = deal[placed]
    children = work[placed]
    n = 0
    options = box_moves(occupied)
    if covers:
        options |= occupied & ~kernel.full(heights)
    while options:
        bit = options & -options
        options ^= bit
        cell = count(bit - 1)
        turned = (up ^ kernel.turns(ranks, up, occupied, cell, rank)) | bit
        grown = occupied | bit
        down = count(grown ^ turned)
        if down > MAX_DOWN:
            continue
        if grown == ALL and down == 0:
            cells[placed] = cell
            counters[END] = placed + 1
            return FOUND
        on_pile = 1 if occupied & bit else 0
        left = covers - on_pile  # covers after this card
        if left == 0:
            if not kernel.lines_agree(grown, turned):
                continue
        elif kernel.covers_needed(grown, turned, heights + (1 << 4 * cell), left) > left:
            continue
        child = (on_pile * 128 + down * 16 + cell) << 16 | turned
        at = n  # insertion sort: new piles first, the fewest face down, then by cell
        n += 1
        while at > 0 and children[at - 1, 0] > child:
            children[at, 0] = children[at - 1, 0]
            at -= 1
        children[at, 0] = child
    for k in range(n):
        child = children[k, 0]
        cell, turned = (child >> 16) & 15, child & ALL
        bit = 1 << cell
        code = box_search(
            kernel.wrap((ranks & ~(15 << 4 * cell)) | rank << 4 * cell), turned, occupied | bit,
            heights + (1 << 4 * cell), placed + 1, covers - (1 if occupied & bit else 0),
            deal, coming, failed, cells, work, counters, limits,
        )  # fmt: skip
        if code == FOUND:
            cells[placed] = cell
        if code != NOTHING:
            return code
    memo.put(failed, key[0], key[1], key[2], 1)
    return NOTHING


@jit
def box_to_moves(cells: Any, first: int, end: int, top: int, left: int, line: Any) -> None:
    """The board's moves, into ``line[first:end]``, for new piles in the box ``cells``
    there; ``top, left`` is the box's cell of the window's corner (``-1, -1``: no pile)."""
    for n in range(first, end):
        row, col = cells[n] // 4, cells[n] % 4
        if top < 0:
            top, left = row, col
            line[n] = 0
        elif row < top:
            line[n] = UP + col - left
            top = row
        elif col < left:
            line[n] = LEFT + row - top
            left = col
        else:
            line[n] = (row - top) * 4 + col - left


@jit
def new_piles(
    ranks: int, up: int, occupied: int, heights: int, placed: int, covers: int, deal: Any,
    coming: Any, failed: Any, cells: Any, line: Any, work: Any, counters: Any, limits: Any,
) -> int:  # fmt: skip
    """A win with the next ``16 - piles`` cards each on a new pile, and at most
    ``covers`` more on piles: its moves in ``line[placed:END]``."""
    need = 16 - count(occupied)
    if placed + need > len(deal):
        return NOTHING
    covers = min(covers, len(deal) - placed - need)
    if occupied == 0:
        for cell in STARTS:
            code = box_search(
                kernel.wrap(deal[placed] << 4 * cell), 1 << cell, 1 << cell, 1 << 4 * cell,
                placed + 1, covers, deal, coming, failed, cells, work, counters, limits,
            )  # fmt: skip
            if code == FOUND:
                cells[placed] = cell
                box_to_moves(cells, placed, counters[END], -1, -1, line)
            if code != NOTHING:
                return code
        return NOTHING
    if need == 0 and up == ALL:
        counters[END] = placed
        return FOUND
    height, width = extent(occupied)
    for dr in range(5 - height):
        for dc in range(5 - width):
            step = dr * 4 + dc
            code = box_search(
                kernel.wrap(ranks << 4 * step), up << step, occupied << step,
                heights << 4 * step, placed, covers, deal, coming, failed, cells, work,
                counters, limits,
            )  # fmt: skip
            if code == FOUND:
                box_to_moves(cells, placed, counters[END], dr, dc, line)
            if code != NOTHING:
                return code
    return NOTHING


@jit
def least_image(ranks: int, up: int, occupied: int, heights: int) -> tuple[int, int, int]:
    """The least of the grid's 8 images (turned and mirrored in its box), as
    ``(ranks, up | occupied << 16, heights)``: equal for grids that are images of each
    other."""
    least = (ranks, up | occupied << 16, heights)
    height, width = extent(occupied)
    for symmetry in range(1, 8):
        r, u, o, h = image(ranks, up, occupied, heights, symmetry, height, width)
        other = (r, u | o << 16, h)
        if other < least:
            least = other
    return least


@jit
def grid_key(ranks: int, up: int, occupied: int, heights: int, placed: int) -> tuple[int, int, int]:
    """The memo's key: the grid, the least of its images while it has few piles."""
    if count(occupied) <= SYMMETRY_UP_TO:
        r, packed, h = least_image(ranks, up, occupied, heights)
        return r, packed | placed << 32, h
    return ranks, up | occupied << 16 | placed << 32, heights


@jit
def random_unit(counters: Any) -> float:
    """A number in [0, 1) from the search's own generator (a 64-bit LCG)."""
    counters[RANDOM] = counters[RANDOM] * 6364136223846793005 + 1442695040888963407
    return float((counters[RANDOM] >> 11) & 0xF_FFFF_FFFF_FFFF) / 4503599627370496.0


@jit
def within(
    ranks: int, up: int, occupied: int, heights: int, placed: int, limit: int, deal: Any,
    coming: Any, failed: Any, box_failed: Any, cells: Any, line: Any, work: Any,
    counters: Any, limits: Any,
) -> int:  # fmt: skip
    """A win by the time ``limit`` cards are placed: its moves in ``line[placed:END]``."""
    code = tick(counters, limits)
    if code:
        return code
    piles = count(occupied)
    need = 16 - piles  # new piles still to make, one card each
    if limit - placed - need <= BOX_COVERS:  # few cards left to go on piles: fix the box
        return new_piles(
            ranks, up, occupied, heights, placed, limit - placed - need, deal, coming,
            box_failed, cells, line, work, counters, limits,
        )  # fmt: skip
    key = grid_key(ranks, up, occupied, heights, placed)
    known = memo.get(failed, key[0], key[1], key[2])
    if known >= limit:
        return NOTHING
    rank = deal[placed]
    room = limit - placed - 1  # cards that may follow this one
    noise = limits[NOISE]
    children = work[placed]
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
            if down > MAX_DOWN:
                continue
            if o == ALL and down == 0:
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
            at = n  # insertion sort
            n += 1
            while at > 0 and children[at - 1, 0] > rank_key:
                children[at] = children[at - 1]
                at -= 1
            children[at, 0], children[at, 1], children[at, 2] = rank_key, r, u
            children[at, 3], children[at, 4] = o, h
    for k in range(n):
        move = children[k, 0] & 31
        r, u, o, h = children[k, 1], children[k, 2], children[k, 3], children[k, 4]
        code = within(
            r, u, o, h, placed + 1, limit, deal, coming, failed, box_failed, cells, line, work,
            counters, limits,
        )  # fmt: skip
        if code == FOUND:
            line[placed] = move
        if code != NOTHING:
            return code
    if memo.get(failed, key[0], key[1], key[2]) < limit:
        memo.put(failed, key[0], key[1], key[2], limit)
    return NOTHING
