"""The proof by clauses (``clause_proof``, ``clauses``): its shortest wins agree with
brute force by the rules near the end of a deal, with the best scores the survey proved
by search from the empty grid, and the solver proves with it what its search leaves
unproven."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from pysat.solvers import Solver as SatSolver

from squares.ai import Verdict
from squares.ai.deal_results import best_known
from squares.ai.foursquare import WholeDealSolver
from squares.ai.foursquare.clause_proof import SAT_SOLVER, shortest_win
from squares.ai.foursquare.clauses import ClauseWriter, boxes
from squares.cards import foursquare_deck
from squares.games.base import Status
from squares.games.foursquare import FoursquareState, Placement
from tests.ai.foursquare_helpers import FIFTEEN, GAME, position, random_games
from tests.ai.test_foursquare_solver import brute_best, replay

SOLVER = WholeDealSolver()


def clause_best(state: FoursquareState) -> int | None:
    """The best score by clauses (``None``: no win), checked to replay to that score."""
    ranks = [card.rank for card in state.remaining]
    answer = shortest_win(state.grid, ranks, 16 - len(state.grid), len(ranks) + 1)
    assert answer.proven
    if answer.cells is None:
        return None
    end = state
    for cell in answer.cells:
        end = GAME.apply(end, Placement(*cell))  # checked: an illegal move raises
    assert GAME.status(end) is Status.WON
    return GAME.score(end)


def cut_positions(seed: int, piles: range, most_cards: int) -> list[FoursquareState]:
    """Positions of random games with a number of ``piles``, the stock cut to the cards
    that fill the grid and up to two more, at most ``most_cards``."""
    rng = random.Random(seed)
    found = []
    for states in random_games(range(24), seed=seed):
        for state in states:
            if len(state.grid) not in piles or GAME.status(state) is not Status.PLAYING:
                continue
            cards = min(len(state.remaining), 16 - len(state.grid) + rng.randint(0, 2), most_cards)
            found.append(replace(state, remaining=tuple(rng.sample(state.remaining, cards))))
    return found


@pytest.mark.long
def test_a_win_by_clauses_is_the_shortest_by_brute_force_near_the_end() -> None:
    wins = 0
    for state in cut_positions(7, range(13, 16), 5):
        expected = brute_best(state)
        assert clause_best(state) == expected
        wins += expected is not None
    assert wins >= 5


def short_grids(count: int) -> list[FoursquareState]:
    """Twelve piles in three rows of four (or four rows of three), two of them face
    down, and the four cards that fill a fourth line and up to three more."""
    rng = random.Random(12)
    found = []
    for n in range(count):
        cards = rng.sample(foursquare_deck(), 19)
        cells = [(r, c) if n % 2 else (c, r) for r in range(3) for c in range(4)]
        down = set(rng.sample(cells, 2))
        grid = tuple(
            sorted((cell, ((cards[i], cell not in down),)) for i, cell in enumerate(cells))
        )
        found.append(FoursquareState(n, grid, tuple(cards[12 : 16 + n % 4])))
    return found


@pytest.mark.long
def test_a_win_by_clauses_may_fill_either_box_the_piles_leave_room_for() -> None:
    # Three rows of piles: the win may add the fourth above them or below. The search
    # (checked against brute force in tests/ai/test_foursquare_solver.py) is the reference.
    outcomes = []
    for state in short_grids(20):
        assert len(boxes(state.grid)) == 2
        expected = SOLVER.solve(state)
        assert expected.best_proven is True
        assert clause_best(state) == expected.best_score
        outcomes.append(expected.best_score is not None)
    assert 3 <= sum(outcomes) < len(outcomes)


@pytest.mark.parametrize(
    ("hand", "stock", "best"),
    [("5H", "AH TH", 2), ("TH", "5H AH", 0), ("TH", "5H", None), ("AH", "TH TS", None)],
)
def test_a_tie_blocks_the_flip_in_the_clauses_as_in_the_rules(
    hand: str, stock: str, best: int | None
) -> None:
    # The last cell of FIFTEEN: row 3 shows 4, 7, 2 and column 3 shows 3, 8, 5.
    assert clause_best(position(FIFTEEN, hand, stock)) == best


# Deals whose best score the search proved from the empty grid, at 12 million to a
# billion positions (the shipped survey): 24s, 23s, 22s, 21s and lower.
PROVEN_DEALS = [0, 2, 11, 30, 55, 95, 186, 1013, 4908, 15665, 36300]


@pytest.mark.long
@pytest.mark.parametrize("deal", PROVEN_DEALS)
def test_the_shortest_win_by_clauses_is_the_best_score_the_search_proved(deal: int) -> None:
    known = best_known("foursquare", deal)
    assert known is not None and known.proven
    assert clause_best(GAME.new(deal)) == known.score


@pytest.mark.long
def test_a_best_score_the_search_leaves_unproven_is_proven_by_clauses() -> None:
    # Deal 30's 21 took the search 391 million positions to prove; here it has 2 million.
    solution = SOLVER.solve(GAME.new(30), max_nodes=2_000_000)
    assert solution.verdict is Verdict.WINNABLE
    assert solution.best_score == 21 and solution.best_proven is True
    assert GAME.score(replay(GAME.new(30), solution.line)) == 21
    timed = SOLVER.solve(GAME.new(30), max_seconds=8)
    assert timed.best_score == 21 and timed.best_proven is True


def test_a_proof_by_clauses_out_of_conflicts_claims_nothing() -> None:
    ranks = [card.rank for card in GAME.new(16220).remaining]
    answer = shortest_win((), ranks, 16, 19, conflicts=50)
    assert answer.cells is None and answer.proven is False
    # A budget below 1,000,000 positions (the after-game review's) leaves the proof to
    # the search: its best stands, unproven.
    solution = SOLVER.solve(GAME.new(16220), max_nodes=300_000)
    assert solution.best_proven is False and solution.conflicts == 0


@pytest.mark.parametrize("most", [0, 1, 2, 4, 6])
def test_at_most_k_allows_exactly_the_assignments_with_k_or_fewer_true(most: int) -> None:
    # The counter behind "more than four face-down tops loses" and "four cards a pile".
    writer = ClauseWriter()
    lits = [writer.new() for _ in range(6)]
    writer.at_most(lits, most)
    for bits in itertools.product([False, True], repeat=6):
        assumptions = [v if bit else -v for v, bit in zip(lits, bits, strict=True)]
        with SatSolver(name=SAT_SOLVER, bootstrap_with=writer.clauses) as sat:
            assert sat.solve(assumptions=assumptions) == (sum(bits) <= most)
