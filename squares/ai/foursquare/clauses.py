"""A Foursquare win after exactly ``cards`` more cards, written as clauses for a SAT solver.

A win fills a 4 × 4 grid, so every card of a winning line goes into one 4 × 4 box; given
that box (``boxes``: where it may lie around the piles standing), the rules become
propositional, one step per card:

- ``place[s][x]``: the ``s``-th card to place goes on cell ``x`` (row-major in the box);
  exactly one cell a card, a new pile beside a pile standing before it, at most four
  cards a pile;
- a pile's top rank and side after each step: the placed card is face up, and each
  other pile of its row (column) turns over when the card's rank is strictly above, or
  strictly below, every face-up top among the row's (column's) other piles, or when none
  is face up (the card ranks are known, so "above" and "below" are fixed per step);
- after every card but the last, at most four face-down tops (more loses the game);
  after the last, 16 piles, all face up.

A line the formula allows is a game the rules allow, and the other way round, so a
formula without a model proves that no win takes exactly ``cards`` cards. The empty grid
is symmetric under the box's eight rotations and reflections, which the rules respect:
its first card goes in one of three cells (a corner, an edge, a middle one).

>>> from squares.games.foursquare import Foursquare
>>> state = Foursquare().new(2)
>>> formula = win_formula(state.grid, [card.rank for card in state.remaining], 16, None)
>>> len(formula.place), len(formula.place[0]), formula.variables > 1000
(16, 16, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from squares.games.foursquare import MAX_FACE_DOWN
from squares.games.foursquare_grid import MAX_HEIGHT, NEIGHBOURS, SIZE, Cell, Grid

CELLS = [(r, c) for r in range(SIZE) for c in range(SIZE)]
_FIRST_CELLS = (0, 1, SIZE + 1)  # one cell of each kind under the box's symmetries


@dataclass
class ClauseWriter:
    """Fresh variables and clauses, with definitions of AND, OR and "at most k"."""

    variables: int = 0
    clauses: list[list[int]] = field(default_factory=list)

    def new(self) -> int:
        self.variables += 1
        return self.variables

    def constant(self, value: bool) -> int:
        v = self.new()
        self.clauses.append([v if value else -v])
        return v

    def all_of(self, lits: Sequence[int]) -> int:
        v = self.new()
        self.clauses.extend([-v, a] for a in lits)
        self.clauses.append([v, *(-a for a in lits)])
        return v

    def any_of(self, lits: Sequence[int]) -> int:
        v = self.new()
        self.clauses.extend([v, -a] for a in lits)
        self.clauses.append([-v, *lits])
        return v

    def at_most(self, lits: Sequence[int], k: int) -> None:
        """At most ``k`` of ``lits`` true (a sequential counter)."""
        if k >= len(lits):
            return
        if k == 0:
            self.clauses.extend([-a] for a in lits)
            return
        # counts[j]: at least j + 1 of the literals so far are true
        counts = [self.new() for _ in range(k)]
        self.clauses.append([-lits[0], counts[0]])
        self.clauses.extend([-counts[j]] for j in range(1, k))
        for a in lits[1:]:
            after = [self.new() for _ in range(k)]
            self.clauses.append([-a, after[0]])
            for j in range(k):
                self.clauses.append([-counts[j], after[j]])
                if j > 0:
                    self.clauses.append([-a, -counts[j - 1], after[j]])
            self.clauses.append([-a, -counts[k - 1]])
            counts = after


@dataclass(frozen=True, slots=True)
class WinFormula:
    """The clauses, and the variable of "the ``s``-th card goes on cell ``x``"."""

    clauses: list[list[int]]
    variables: int
    place: list[list[int]]
    origin: Cell | None  # the game's cell at the box's 0,0; None: the grid was empty

    def cells(self, model: set[int]) -> list[Cell]:
        """The game's cells of a model's line (the first card at 0,0 on an empty grid)."""
        line = [CELLS[next(x for x, v in enumerate(step) if v in model)] for step in self.place]
        origin = self.origin if self.origin is not None else (-line[0][0], -line[0][1])
        return [(r + origin[0], c + origin[1]) for r, c in line]


def boxes(grid: Grid) -> list[Cell | None]:
    """The game's cells at the top left of each 4 × 4 box that holds the grid (``None``
    for the empty grid: its first card may go anywhere in the box)."""
    if not grid:
        return [None]
    rows = [r for (r, _), _ in grid]
    cols = [c for (_, c), _ in grid]
    return [
        (top, left)
        for top in range(max(rows) - SIZE + 1, min(rows) + 1)
        for left in range(max(cols) - SIZE + 1, min(cols) + 1)
    ]


def _lines(x: int) -> tuple[list[int], list[int]]:
    """The other cells of ``x``'s row, and of its column."""
    r, c = CELLS[x]
    row = [y for y, (r2, c2) in enumerate(CELLS) if r2 == r and c2 != c]
    col = [y for y, (r2, c2) in enumerate(CELLS) if c2 == c and r2 != r]
    return row, col


def _beside(x: int) -> list[int]:
    """The cells next to ``x`` (rules: up, down, left or right), in the box's order."""
    r, c = CELLS[x]
    return sorted(
        CELLS.index((r + dr, c + dc)) for dr, dc in NEIGHBOURS if (r + dr, c + dc) in CELLS
    )


def win_formula(grid: Grid, ranks: Sequence[int], cards: int, origin: Cell | None) -> WinFormula:
    """A win with exactly the next ``cards`` of ``ranks`` (the cards to place, in drawing
    order), every card in the box at ``origin`` (one of ``boxes(grid)``)."""
    w = ClauseWriter()
    piles = dict(grid)
    at: list[Cell | None] = [
        None if origin is None else (r + origin[0], c + origin[1]) for r, c in CELLS
    ]
    ranks_used = sorted(set(ranks[:cards]) | {p[-1][0].rank for p in piles.values()})
    # the state before the first card: standing, face up, top rank, height
    standing = [w.constant(cell in piles) for cell in at]
    up = [w.constant(cell in piles and piles[cell][-1][1]) for cell in at]
    top = [
        {k: w.constant(cell in piles and piles[cell][-1][0].rank == k) for k in ranks_used}
        for cell in at
    ]
    height = [len(piles[cell]) if cell in piles else 0 for cell in at]
    empty = sum(1 for cell in at if cell not in piles)
    place: list[list[int]] = []
    covers: list[int] = []
    for step in range(cards):
        rank = ranks[step]
        here = [w.new() for _ in CELLS]
        place.append(here)
        w.clauses.append(here)
        w.clauses.extend([-here[a], -here[b]] for a in range(16) for b in range(a + 1, 16))
        if step == 0 and not piles:
            w.clauses.append([here[x] for x in _FIRST_CELLS])
        # a new pile goes beside a standing one (but the first card of all)
        if piles or step > 0:
            for x in range(16):
                w.clauses.append([-here[x], standing[x], *(standing[y] for y in _beside(x))])
        covers.extend(w.all_of([here[x], standing[x]]) for x in range(16))
        # which lines turn over: per cell, the piles of its row (column) that block
        # per cell: a face-up pile whose top blocks a flip from above (below)
        blocks_high, blocks_low = (
            [w.all_of([standing[y], up[y], w.any_of([top[y][k] for k in side])]) for y in range(16)]
            for side in ([k for k in ranks_used if k >= rank], [k for k in ranks_used if k <= rank])
        )
        turns: list[list[int]] = [[] for _ in CELLS]  # what turns the top of each cell
        for x in range(16):
            for others in _lines(x):
                high = w.any_of([blocks_high[y] for y in others])
                low = w.any_of([blocks_low[y] for y in others])
                line_turns = w.new()  # placed at x, and not blocked from above or below
                w.clauses.append([-line_turns, here[x]])
                w.clauses.append([-line_turns, -high, -low])
                w.clauses.append([line_turns, -here[x], high])
                w.clauses.append([line_turns, -here[x], low])
                for y in others:
                    turns[y].append(line_turns)
        new_standing, new_up, new_top = [], [], []
        for x in range(16):
            s = w.any_of([standing[x], here[x]])
            turned = w.any_of(turns[x])
            u = w.new()  # placed here: face up; else the side before, turned or not
            w.clauses.append([u, -here[x]])
            w.clauses.append([-u, here[x], up[x], turned])
            w.clauses.append([-u, here[x], -up[x], -turned])
            w.clauses.append([u, here[x], -up[x], turned])
            w.clauses.append([u, here[x], up[x], -turned])
            tops = {}
            for k in ranks_used:
                t = w.new()
                if k == rank:  # placed here, or already this rank and not covered
                    w.clauses.append([-t, here[x], top[x][k]])
                    w.clauses.append([t, -here[x]])
                    w.clauses.append([t, -top[x][k]])
                else:
                    w.clauses.append([-t, -here[x]])
                    w.clauses.append([-t, top[x][k]])
                    w.clauses.append([t, here[x], -top[x][k]])
                tops[k] = t
            new_standing.append(s)
            new_up.append(u)
            new_top.append(tops)
        standing, up, top = new_standing, new_up, new_top
        if step < cards - 1:
            w.at_most([w.all_of([standing[x], -up[x]]) for x in range(16)], MAX_FACE_DOWN)
    w.clauses.extend([v] for v in standing)
    w.clauses.extend([v] for v in up)
    for x in range(16):  # needed only where more cards than room could come
        if (height[x] == 0) + cards - empty > MAX_HEIGHT - height[x]:
            w.at_most([step[x] for step in place], MAX_HEIGHT - height[x])
    # implied, and a help to the solver: the cards beyond the empty cells go on piles
    w.at_most(covers, cards - empty)
    return WinFormula(w.clauses, w.variables, place, origin)
