"""The whole-deal solver: winning lines replay to a win, "unwinnable" agrees with brute
force on small hand-built positions, and a budget that runs out says "undecided"."""

from __future__ import annotations

import random
from collections import deque

import pytest

from squares.ai import Verdict, get_solver
from squares.ai.base import luby
from squares.ai.union_square import SOLVER
from squares.ai.union_square.classes import settle
from squares.ai.union_square.fast import Position
from squares.ai.union_square.solver import RESTART_NODES, WholeDealSolver
from squares.cards import SUITS, Card
from squares.games.base import Status
from squares.games.union_square import UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION, WASTE, Move
from tests.ai.test_union_square_players import outputs_here_and_in_processes

GAME = UnionSquare()


def test_winning_lines_replay_to_a_win_through_the_rules_engine() -> None:
    for deal in range(6):
        solution = WholeDealSolver().solve(GAME.new(deal), max_nodes=100_000)
        assert solution.verdict is Verdict.WINNABLE
        assert solution.best_score == 104
        state = GAME.new(deal)
        for text in solution.line:
            state = GAME.apply_text(state, text)
        assert GAME.status(state) is Status.WON


def test_registry_gives_the_whole_deal_solver() -> None:
    assert SOLVER is WholeDealSolver
    assert get_solver("union-square").name == "whole-deal"


def test_a_budget_that_runs_out_says_undecided_never_a_guess() -> None:
    by_nodes = WholeDealSolver().solve(GAME.new(0), max_nodes=2)
    assert by_nodes.verdict is Verdict.UNDECIDED
    by_time = WholeDealSolver().solve(GAME.new(0), max_seconds=0.0)
    assert by_time.verdict in (Verdict.UNDECIDED, Verdict.WINNABLE)


def foundation(suit: int, length: int) -> tuple[Card, ...]:
    return tuple(Card(i + 1 if i < 13 else 26 - i, SUITS[suit]) for i in range(length))


def small_position(rng: random.Random) -> UnionSquareState:
    """Every suit home or in its second half, a few cards left, two or three piles."""
    while True:
        lengths = [rng.choice((26, 26, 23, 24, 25)) for _ in SUITS]
        left = [Card(rank, SUITS[s]) for s, n in enumerate(lengths) for rank in range(1, 27 - n)]
        if 4 <= len(left) <= 8:
            break
    rng.shuffle(left)
    piles = rng.randint(2, 3)
    stock = rng.randint(1, 3)
    lone = left[stock : stock + rng.randint(0, piles)]
    tableau: list[tuple[Card, ...]] = [(card,) for card in lone]
    tableau += [()] * (piles - len(tableau))
    waste = left[stock + sum(map(len, tableau)) :]
    return UnionSquareState(
        0,
        tuple(left[:stock]),
        tuple(waste),
        tuple(tableau),
        tuple(foundation(s, n) for s, n in enumerate(lengths)),
    )


def same_piles_in_any_order(state: UnionSquareState) -> tuple[object, ...]:
    """A position with its tableau's piles sorted: the rules name no pile, so two positions
    that differ only in the order of their piles have the same best score."""
    return state.stock, state.waste, tuple(sorted(state.tableau)), state.foundations


def brute_force(state: UnionSquareState) -> tuple[bool, int]:
    """Every reachable position, by the rules engine alone, each order of the same piles
    searched once: (winnable, best score)."""
    seen = {same_piles_in_any_order(state)}
    queue = deque([state])
    best = state.score
    while queue:
        here = queue.popleft()
        best = max(best, here.score)
        for move in GAME.legal_moves(here):
            after = GAME.play(here, move)
            key = same_piles_in_any_order(after)
            if key not in seen:
                seen.add(key)
                queue.append(after)
    return best == 104, best


@pytest.mark.long
def test_unwinnable_agrees_with_brute_force_on_small_positions() -> None:
    rng = random.Random(2026)
    verdicts = set()
    for _ in range(120):
        state = small_position(rng)
        winnable, best = brute_force(state)
        solution = WholeDealSolver().solve(state)
        verdicts.add(solution.verdict)
        assert solution.verdict is (Verdict.WINNABLE if winnable else Verdict.UNWINNABLE)
        assert solution.best_score == best
        assert solution.best_proven is True
        replay = state
        for text in solution.line:
            replay = GAME.apply_text(replay, text)
        assert replay.score == best
    assert verdicts == {Verdict.WINNABLE, Verdict.UNWINNABLE}


def test_second_half_foundation_moves_are_played_at_once() -> None:
    state = UnionSquareState(
        0,
        (),
        (Card(3, SUITS[0]),),
        ((Card(2, SUITS[0]),), (Card(1, SUITS[0]),)),
        (foundation(0, 23), foundation(1, 26), foundation(2, 26), foundation(3, 26)),
    )
    moves, after = settle(Position.of(state))
    assert moves == (Move(WASTE, FOUNDATION), Move(0, FOUNDATION), Move(1, FOUNDATION))
    assert after.won


def test_first_half_foundation_moves_are_left_to_the_search() -> None:
    state = GAME.new(0)
    position = Position.of(state)
    ace = Card(1, SUITS[0])
    piles = ((ace,), *state.tableau[1:])
    position = Position.of(UnionSquareState(0, state.stock, (), piles, state.foundations))
    assert settle(position)[0] == ()


def test_the_best_score_is_proven_unless_the_budget_ran_out() -> None:
    assert WholeDealSolver().solve(GAME.new(2), max_nodes=50_000).best_proven is True
    assert WholeDealSolver().solve(GAME.new(2), max_nodes=2).best_proven is False


def test_deal_437_is_winnable_with_a_line_that_replays_to_a_win() -> None:
    """Keeping a pile free leaves deal 437 a waste it can never unwind: the first run of
    the class search goes down that subtree; a restart in another order gets through."""
    solution = WholeDealSolver().solve(GAME.new(437), max_nodes=50_000)
    assert solution.verdict is Verdict.WINNABLE and solution.nodes > RESTART_NODES
    state = GAME.new(437)
    for text in solution.line:
        state = GAME.apply_text(state, text)
    assert GAME.status(state) is Status.WON


def test_restarts_follow_the_luby_sequence() -> None:
    assert [luby(run) for run in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@pytest.mark.long
def test_a_solution_is_the_same_in_every_process() -> None:
    """Rows reproduce by nodes: the restarts' orders hang on their seeds alone."""
    script = (
        "from squares.ai.union_square.solver import WholeDealSolver\n"
        "from squares.games.union_square import UnionSquare\n"
        "s = WholeDealSolver().solve(UnionSquare().new(437), max_nodes=50_000)\n"
        "print(s.nodes, s.line)"
    )
    assert len(outputs_here_and_in_processes(script, ("1",))) == 1
