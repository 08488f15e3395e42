"""The whole-deal solver: its wins replay through the rules engine, its "unwinnable" and
best scores agree with brute force near the end of a deal, and a budget that runs out
says "undecided"."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from squares.ai import Verdict, get_solver
from squares.ai.foursquare import WholeDealSolver
from squares.ai.foursquare import board as fast
from squares.ai.foursquare.perfect import Perfect
from squares.games.base import Status
from squares.games.foursquare import FoursquareState
from tests.ai.foursquare_helpers import GAME, at, position, random_games

SOLVER = WholeDealSolver()


def replay(state: FoursquareState, line: list[str]) -> FoursquareState:
    for text in line:
        state = GAME.apply(state, at(text))  # checked: an illegal move raises
    return state


def brute_best(state: FoursquareState) -> int | None:
    """The best score reachable from ``state`` by trying every line (``None``: no win).

    A position reached again by another order (the same grid, the same cards to come) is
    not searched twice: its best is the one found the first time."""
    found: dict[tuple[object, object], int | None] = {}

    def best(state: FoursquareState) -> int | None:
        if GAME.status(state) is not Status.PLAYING:
            return GAME.score(state)
        key = (state.grid, state.remaining)
        if key not in found:
            scores = [best(GAME.play(state, move)) for move in GAME.legal_moves(state)]
            found[key] = max((s for s in scores if s is not None), default=None)
        return found[key]

    return best(state)


@pytest.mark.long
@pytest.mark.parametrize("deal", [0, 1, 2, 7, 9, 11, 42])
def test_winning_line_replays_to_a_win_with_the_claimed_score(deal: int) -> None:
    start = GAME.new(deal)
    solution = SOLVER.solve(start, max_nodes=30_000)
    assert solution.verdict is Verdict.WINNABLE
    end = replay(start, solution.line)
    assert GAME.status(end) is Status.WON
    assert GAME.score(end) == solution.best_score
    assert solution.nodes <= 30_000


def near_the_end(cards_left: int) -> list[FoursquareState]:
    """States from careful and random games with at most ``cards_left`` cards to place."""
    found = []
    for states in random_games(range(40)):
        playing = [s for s in states if GAME.status(s) is Status.PLAYING]
        late = [s for s in playing if len(s.remaining) <= cards_left]
        if late:
            found.append(late[0])
        elif len(playing) > 20:
            found.append(playing[20])  # a lost game's late state: usually no win is left
    return found


def test_verdict_and_best_score_agree_with_brute_force_near_the_end() -> None:
    verdicts = set()
    for state in near_the_end(cards_left=3):
        if len(state.remaining) > 3:
            continue
        solution = SOLVER.solve(state)
        expected = brute_best(state)
        verdicts.add(solution.verdict)
        if expected is None:
            assert solution.verdict is Verdict.UNWINNABLE
            assert solution.line == [] and solution.best_score is None
        else:
            assert solution.verdict is Verdict.WINNABLE
            assert solution.best_score == expected and solution.best_proven
            assert GAME.score(replay(state, solution.line)) == expected
    assert verdicts == {Verdict.WINNABLE, Verdict.UNWINNABLE}


# Fifteen face-up piles, three cards to come. The last cell is 3,3: row 3 shows 4, 7, 2
# and column 3 shows 3, 8, 5.
FIFTEEN = {(0, 0): "AC", (0, 1): "2C", (0, 2): "3C", (0, 3): "3D",
           (1, 0): "5C", (1, 1): "6C", (1, 2): "9C", (1, 3): "8C",
           (2, 0): "9D", (2, 1): "TC", (2, 2): "AD", (2, 3): "5D",
           (3, 0): "4D", (3, 1): "7D", (3, 2): "2D"}  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "stock", "best"),
    [
        ("5H", "AH TH", 2),  # the 5 fits between at 3,3 at once: 2 cards left
        ("TH", "5H AH", 0),  # the 10 must wait on a pile; the ace can still end it
        ("TH", "5H", None),  # two cards: no way to a full grid all face up
        ("TH", "AH AS", None),
        ("AH", "TH TS", None),
    ],
)
def test_hand_built_endings_agree_with_brute_force(hand: str, stock: str, best: int | None) -> None:
    state = position(FIFTEEN, hand, stock)
    assert brute_best(state) == best
    solution = SOLVER.solve(state)
    assert solution.best_score == best
    assert solution.verdict is (Verdict.UNWINNABLE if best is None else Verdict.WINNABLE)


# Sixteen piles all face up but the 6♣ at 1,1: a 7 on it turns nothing (row 1 shows 5,
# 9, 8, column 1 shows 2, 10, 7) and wins; on a pile of four it cannot go.
ONE_DOWN = {**FIFTEEN, (1, 1): "2H 3H ~6C", (3, 3): "5H"}


@pytest.mark.parametrize("pile", ["2H 3H ~6C", "2H 3H 4H ~6C"])
@pytest.mark.parametrize(("hand", "stock"), [("7H", "AH TS"), ("TS", "7H AH"), ("TS", "AH 7H")])
def test_a_pile_of_four_takes_no_card_and_the_solver_agrees_with_brute_force(
    pile: str, hand: str, stock: str
) -> None:
    state = position({**ONE_DOWN, (1, 1): pile}, hand, stock)
    expected = brute_best(state)
    if hand == "7H" and pile.count(" ") == 2:
        assert expected == 2  # the 7 on the 6♣ wins at once
    solution = SOLVER.solve(state)
    assert solution.best_score == expected and solution.best_proven


@pytest.mark.long
@pytest.mark.parametrize("covers", [1, 2, 3])
def test_cards_more_than_the_empty_cells_agree_with_brute_force(covers: int) -> None:
    # Late positions of random games, cut to the cards that fill the grid and one to
    # three more (which may go on a pile, all on one, on several, or some left in the
    # stock): the search in a fixed box with that many covers decides these (three only
    # from the position the solve starts from, which these are).
    rng = random.Random(16 + covers)
    answers = {True: 0, False: 0}
    for states in random_games(range(20), seed=16 + covers):
        for state in states:
            piles = len(state.grid)
            if not 14 <= piles <= 15 or GAME.status(state) is not Status.PLAYING:
                continue
            cards = rng.sample(state.remaining, min(len(state.remaining), 16 + covers - piles))
            cut = replace(state, remaining=tuple(cards))
            expected = brute_best(cut)
            solution = SOLVER.solve(cut)
            assert solution.best_score == expected
            assert solution.best_proven is True
            if expected is not None:
                assert GAME.score(replay(cut, solution.line)) == expected
            answers[expected is not None] += 1
    assert answers[True] > 5 and answers[False] > 20


def test_a_budget_that_runs_out_says_undecided_never_a_guess() -> None:
    solution = SOLVER.solve(GAME.new(21), max_nodes=5)
    assert solution.verdict is Verdict.UNDECIDED
    assert solution.line == [] and solution.best_score is None
    assert solution.nodes <= 6
    timed = SOLVER.solve(GAME.new(21), max_seconds=1e-9)
    assert timed.verdict in (Verdict.UNDECIDED, Verdict.WINNABLE)


def test_a_best_score_found_before_the_budget_ran_out_is_not_claimed_proven() -> None:
    solution = SOLVER.solve(GAME.new(11), max_nodes=3_000)
    if solution.verdict is Verdict.WINNABLE and solution.best_score != 24:
        assert solution.best_proven is False


def test_solver_is_registered_and_says_it_sees_the_whole_deal() -> None:
    solver = get_solver("foursquare")
    assert isinstance(solver, WholeDealSolver)
    assert solver.name == "whole-deal"
    assert "whole deal" in solver.description


def test_pruning_when_only_new_piles_can_follow_agrees_with_brute_force() -> None:
    # Positions where exactly the cards to fill the grid are left, so a win must put each
    # on a new pile, where the solver prunes hardest: from the solver's own 16-card wins
    # (winnable), and the same with the last cards in another order (often not).
    verdicts = set()
    for deal in (1, 2, 6):
        line = SOLVER.solve(GAME.new(deal), max_nodes=100_000).line
        assert len(line) == 16
        state = replay(GAME.new(deal), line[:13])
        for order in ((0, 1, 2), (2, 1, 0), (1, 0, 2), (2, 0, 1)):
            cut = replace(state, remaining=tuple(state.remaining[i] for i in order))
            solution = SOLVER.solve(cut)
            assert solution.best_score == brute_best(cut)
            verdicts.add(solution.verdict)
    assert verdicts == {Verdict.WINNABLE, Verdict.UNWINNABLE}


def new_piles_win(board: fast.Board, ranks: tuple[int, ...]) -> bool:
    """Brute force: whether ``ranks`` in order, each on a new pile, win from ``board``."""
    if fast.is_won(board):
        return True
    if not ranks:
        return False
    for move in fast.moves(board):
        if move < fast.UP and board[2] & fast.BIT[move]:
            continue
        child = fast.play(board, move, ranks[0])
        if not fast.is_lost(child) and new_piles_win(child, ranks[1:]):
            return True
    return False


@pytest.mark.long
def test_new_piles_search_agrees_with_brute_force() -> None:
    # Late positions of random games, random cards to come: one search (one memo) per
    # list of ranks answers for several starting points along it, as in a solve.
    rng = random.Random(3)
    answers = {True: 0, False: 0}
    for states in random_games(range(50), seed=5):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if not 9 <= fast.piles(board) <= 15 or fast.is_lost(board):
                continue
            ranks = [rng.randint(1, 10) for _ in range(20)]
            search = Perfect(ranks)
            for placed in (3, 0, 1, 3):
                need = 16 - fast.piles(board)
                line = search.line(board, placed)
                won = new_piles_win(board, tuple(ranks[placed : placed + need]))
                assert (line is not None) == won
                answers[won] += 1
                if line is not None:
                    assert len(line) == need
                    for move, rank in zip(line, ranks[placed:], strict=False):
                        assert move >= fast.UP or not board[2] & fast.BIT[move]
                        board = fast.play(board, move, rank)
                        assert not fast.is_lost(board)
                    assert fast.is_won(board)
                    break
    assert answers[True] > 20 and answers[False] > 200


@pytest.mark.parametrize("deal", [1, 2, 6])
def test_new_piles_search_from_the_empty_grid_finds_a_sixteen_card_win(deal: int) -> None:
    ranks = [card.rank for card in GAME.new(deal).remaining]
    line = Perfect(ranks).line(fast.EMPTY, 0)
    assert line is not None and len(line) == 16
    board = fast.EMPTY
    for move, rank in zip(line, ranks, strict=False):
        board = fast.play(board, move, rank)
    assert fast.is_won(board)
