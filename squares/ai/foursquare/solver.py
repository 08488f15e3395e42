"""The whole-deal solver: it sees the stock's order, so it is never used for hints.

It answers "could this deal be won, and with how many cards left at best?". The search
is a depth-first search for a win within ``limit`` cards; each win found lowers the
limit by one, so the last exhausted search proves the best score. A position that
failed within some limit fails within every smaller one, so the memo of failures
(keyed on the grid up to rotation and reflection, and on the number of cards placed)
stays valid while the limit falls. Where the cards left are just enough to fill the
grid (each must start a new pile), or up to ``box.BOX_COVERS`` more, that question goes
to the faster search in a fixed box of ``box.new_piles`` (a proof that no win uses only
16, 17 or 18 cards is all of that kind); so does the search from the position the solve
starts from with ``box.ROOT_BOX_COVERS`` more (a win within 19 cards from the empty
grid, the proof a best score of 20 waits on).
The search runs compiled (``search``); this module holds its budget and plan.

What the search leaves unproven within its budget goes to the proof by clauses
(``clause_proof``): a SAT solver asked, for each number of cards fewer than the best
found, whether a win of exactly that many exists. It has a budget in conflicts a
formula, ``max_nodes // _NODES_PER_CONFLICT`` (a conflict takes about the time of that
many positions); with ``max_seconds``, the search has the first half of the time and the
clauses the rest. A budget below ``_CLAUSES_FROM_NODES`` positions (the after-game
review's, which asks about many positions of one game) leaves the proof to the search:
there each formula would cost more to write than its few conflicts could settle.

>>> from squares.games.foursquare import Foursquare
>>> solution = WholeDealSolver().solve(Foursquare().new(2), max_nodes=200_000)
>>> solution.verdict, solution.best_score, solution.best_proven, len(solution.line)
(<Verdict.WINNABLE: 'winnable'>, 24, True, 16)
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

from squares.ai.base import Solution, Solver, Verdict, luby
from squares.ai.foursquare import search
from squares.ai.foursquare.board import Board, from_grid, next_origin, to_cell
from squares.ai.foursquare.box import ROOT_BOX_COVERS
from squares.ai.foursquare.clause_proof import shortest_win
from squares.ai.foursquare.memo import memo
from squares.ai.foursquare.perfect import FIRST_SLOTS, GRID_SLOTS, UNLIMITED, Budget, Perfect, room
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState, Placement
from squares.i18n import N_

_GAME = Foursquare()
_PROBE_NODES = 1000  # node cap of the shortest probe
_NOISE = 2.0  # how far the shuffle may move a move in the order (in face-down piles)
_UPWARD_SHARE = 0.3  # of what is left, for each search upwards from 16 cards
_RESTART_NODES = 100_000  # nodes of restarts before a search for a shorter win runs on
_NODES_PER_CONFLICT = 100  # of a budget in positions, the clause proof's conflicts a formula
_CLAUSES_FROM_NODES = 1_000_000  # smaller budgets in positions leave the proof to the search
_SEARCH_SHARE = 0.5  # of a budget in seconds, the search's before the clause proof


class _OutOfBudget(Exception):
    """The whole solve's budget ran out."""


class _Search:
    """One solve: the deal's ranks in drawing order, the memos and the budget; the
    search itself is compiled (``search.within``)."""

    def __init__(self, ranks: list[int], max_nodes: int | None, deadline: float | None) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.budget = Budget(max_nodes, deadline)
        self.perfect = Perfect(ranks, self.budget)
        self.failed = memo(min(FIRST_SLOTS, GRID_SLOTS))  # grid key -> largest limit failed
        self.shortest_proven = False

    @property
    def nodes(self) -> int:
        return self.budget.nodes

    def exhausted(self) -> bool:
        """Whether the whole solve's budget has run out."""
        return (self.max_nodes is not None and self.nodes >= self.max_nodes) or (
            self.deadline is not None and time.perf_counter() >= self.deadline
        )

    @contextmanager
    def allowance(self, share: float) -> Iterator[None]:
        """Within the block, stop (``_OutOfBudget``) after ``share`` of what is left."""
        counters, limits = self.budget.counters, self.budget.limits
        if self.max_nodes is not None:
            counters[search.STOP] = self.nodes + max(1, int(share * (self.max_nodes - self.nodes)))
        if self.deadline is not None:
            now = time.perf_counter()
            limits[search.DEADLINE] = now + share * max(0.0, self.deadline - now)
        try:
            yield
        finally:
            counters[search.STOP] = UNLIMITED if self.max_nodes is None else self.max_nodes
            limits[search.DEADLINE] = math.inf if self.deadline is None else self.deadline

    def make_room(self, positions: int) -> None:
        """Memos with room for ``positions`` more positions than searched so far: small
        while the search is, so that a deal decided in a few positions never touches
        (and so never zeroes) the memory of big ones."""
        self.failed = room(self.failed, self.nodes + positions, GRID_SLOTS)
        self.perfect.make_room(positions)

    def within(self, board: Board, limit: int, restarts: int | None = None) -> list[int] | None:
        """A winning line (first move first) using at most ``limit`` cards, or ``None`` if none.

        Probes with growing node caps (Luby restarts), each after the first shuffling
        the order of equally good moves: a depth-first search otherwise gets lost for
        ages under one bad early move. Failures proven by any probe are kept. After
        ``restarts`` nodes (when given) one last probe runs without a cap: a proof that
        no win exists visits every node anyway, and a probe cut short wastes the nodes
        it spent in subtrees it did not finish.
        """
        counters, limits = self.budget.counters, self.budget.limits
        perfect = self.perfect
        covers = limit - (16 - board[2].bit_count())  # cards that would go on piles
        if covers == ROOT_BOX_COVERS:
            return self._in_the_box(board, covers)
        probe = 0
        start = self.nodes
        while True:
            probe += 1
            if restarts is not None and self.nodes - start >= restarts:
                counters[search.CAP] = UNLIMITED
            else:
                counters[search.CAP] = self.nodes + _PROBE_NODES * luby(probe)
            limits[search.NOISE] = 0.0 if probe == 1 else _NOISE
            counters[search.RANDOM] = probe
            self.make_room(int(min(counters[search.CAP], counters[search.STOP])) - self.nodes)
            code = search.within(*board, 0, limit, perfect.arrays(self.failed))
            if code == search.RESTART:
                continue
            if code == search.OUT:
                raise _OutOfBudget
            if code == search.NOTHING:
                return None
            return [int(m) for m in perfect.line_found[: counters[search.END]]]

    def _in_the_box(self, board: Board, covers: int) -> list[int] | None:
        """A win with ``covers`` cards on piles and new piles otherwise, by the search in a
        fixed box, with no restarts: it has none of the free-form search's blind alleys
        (one early card in a bad cell), and no shuffle changes its order."""
        self.budget.counters[search.CAP] = UNLIMITED
        try:
            return self.perfect.line(board, 0, covers)
        except RuntimeError as err:
            raise _OutOfBudget from err


def placements(state: FoursquareState, line: list[int]) -> list[Placement]:
    """The moves of an internal line from ``state`` as the game's placements."""
    origin = from_grid(state.grid)[1]
    cells = []
    for move in line:
        cells.append(Placement(*to_cell(move, origin)))
        origin = next_origin(origin, move)
    return cells


class WholeDealSolver(Solver[FoursquareState, Placement]):
    """Sees the whole deal, stock order included: for "can it be won?" and the best score."""

    name: ClassVar[str] = "whole-deal"
    description: ClassVar[str] = N_(
        "sees the whole deal (the stock's order): decides whether it can be won and the best score"
    )

    def solve(
        self,
        state: FoursquareState,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        found: int | None = None,
    ) -> Solution:
        """First any win (or the proof there is none), then the fewest cards that win.

        The second part asks for a win one card shorter than the best found, until a
        search ends without one: that proves the best score. With ``found``, a best score
        an earlier search of ``state`` reached, it asks first for a win of that score
        and goes on from there (``_shorten``): the same answer, proven the same way,
        whether ``found`` is right or not. A best score (or a verdict) the search leaves
        unproven goes to the proof by clauses, which may also find a shorter win.
        """
        start = time.perf_counter()
        status = _GAME.status(state)
        if status is not Status.PLAYING:
            verdict = Verdict.WINNABLE if status is Status.WON else Verdict.UNWINNABLE
            return Solution(verdict, [], _GAME.score(state), 0, 0.0, best_proven=True)
        board, _ = from_grid(state.grid)
        deadline = None if max_seconds is None else start + max_seconds
        ranks = [card.rank for card in state.remaining]
        search = _Search(
            ranks, max_nodes, None if max_seconds is None else start + _SEARCH_SHARE * max_seconds
        )
        best: list[int] | None = None
        proven = False
        try:
            best = search.within(board, len(state.remaining))
            proven = True
            if best is not None:
                cards = None if found is None else len(state.remaining) - found
                best = self._shorten(search, board, best, cards)
        except _OutOfBudget:
            pass
        line = placements(state, best) if best is not None else []
        shortest, spent = search.shortest_proven, 0
        conflicts = None if max_nodes is None else max_nodes // _NODES_PER_CONFLICT
        small = max_nodes is not None and max_nodes < _CLAUSES_FROM_NODES
        if not (shortest or (best is None and proven) or small):
            answer = shortest_win(
                state.grid, ranks, 16 - len(state.grid),
                len(best) if best is not None else len(ranks) + 1,
                conflicts=conflicts, deadline=deadline,
            )  # fmt: skip
            if answer.cells is not None:
                line = [Placement(*cell) for cell in answer.cells]
            proven = shortest = answer.proven
            spent = answer.conflicts
        end = state
        for placement in line:  # checked by the rules engine
            end = _GAME.apply(end, placement)
        seconds = time.perf_counter() - start
        if not line:
            verdict = Verdict.UNWINNABLE if proven else Verdict.UNDECIDED
            return Solution(
                verdict, [], None, search.nodes, seconds, best_proven=proven or None,
                conflicts=spent,
            )  # fmt: skip
        if _GAME.status(end) is not Status.WON:  # the fast board and the rules disagree
            raise RuntimeError(f"solver line {[str(p) for p in line]} does not win")
        return Solution(
            Verdict.WINNABLE,
            [str(p) for p in line],
            _GAME.score(end),
            search.nodes,
            seconds,
            best_proven=shortest,
            conflicts=spent,
        )

    @staticmethod
    def _shorten(
        search: _Search, board: Board, best: list[int], cards: int | None = None
    ) -> list[int]:
        """The shortest win found, and whether it is proven (``search.shortest_proven``).

        First upwards from 16 cards (or the fewest possible), each number of cards with a
        share of what is left: short wins are found fast when there are any. Then, with
        all that is left, a win one card shorter than the best found, until a search
        ends without one: that proves the best score, since a win within fewer cards
        would be a win within the limit searched.

        With ``cards``, the length of a win an earlier search found, upwards from there
        instead: a search within fewer cards than ``cards - 1`` fails wherever the one
        within ``cards - 1`` (the proof) fails, and shares none of its positions (for a
        best score of 21, the searches within 16 and 17 cards: 7% to 30% of the
        positions, docs/contributing/decisions.md). Whether ``cards`` is right does not matter
        to the answer: a win is a win, and the proof is the same.
        """
        floor = max(16 - board[2].bit_count(), 1)  # every empty cell takes a card
        limit, chain = floor, True  # chain: every smaller limit was searched to the end
        if cards is not None and cards > floor:
            limit, chain = cards, False
        while limit < len(best) - 1:
            try:
                with search.allowance(_UPWARD_SHARE):
                    line = search.within(board, limit)
            except _OutOfBudget:
                if search.exhausted():
                    return best
                chain = False
            else:
                if line is not None:
                    best = line
                    break
                chain = True  # no win within ``limit``, so none within fewer cards
            limit += 1
        while len(best) > floor and not (chain and limit >= len(best)):
            try:
                line = search.within(board, len(best) - 1, _RESTART_NODES)
            except _OutOfBudget:
                return best
            if line is None:
                break
            best = line
        search.shortest_proven = True
        return best
