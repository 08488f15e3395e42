"""Union Square AI speed: the solver, the compact position against the rules engine, players.

    python benchmarks/bench_union_square_ai.py [--deals N] [--seconds S]
    python benchmarks/bench_union_square_ai.py --play NAME --deals-range A..B [--workers K]

    python benchmarks/bench_union_square_ai.py --play NAME --deals-range A..B --dealt-out
    python benchmarks/bench_union_square_ai.py --compiled [--deals N] [--seconds S]

The first form prints figures only: solver decisions per second and nodes per second on
deals 0..N-1; the speed of ``Position.play`` (on the moves the engine lists) against
``UnionSquare`` (listing and playing them) on the same random lines, as a ratio; and
each player's time per move on a few deals. The second plays deals A..B with one player
and prints wins, the 95% Wilson interval, the mean score and the time per move (what
``squares simulate`` reports); the third only the mean score at the moment the stock ran
out. The fourth measures the compiled code against the Python it replaces, in one
process, and prints the ratio: the solver on deals 0..N-1 against the solver before its
compiled search (``union_square_before``, from git history), checking that both give the
same verdicts, scores and lines.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import union_square_before

from squares.ai import get_player, get_solver, player_names
from squares.ai.base import Resign
from squares.ai.confidence import wilson
from squares.ai.union_square import warm_up as warm_up_search
from squares.ai.union_square.fast import Position
from squares.games.base import Status
from squares.games.union_square import Move, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION

GAME = UnionSquare()
SOLVER_NODES = 100_000  # per deal, as the 0..999 solver row measured before the surveys
HARD_DEAL = 437  # the deal whose first search run goes down a subtree it cannot exhaust
MOVE_CAP = 5000  # a game still going after this many moves counts with its score so far


def bench_solver(deals: int) -> None:
    solver = get_solver("union-square")
    start = time.perf_counter()
    nodes = decided = 0
    for deal in range(deals):
        solution = solver.solve(GAME.new(deal), max_nodes=SOLVER_NODES)
        nodes += solution.nodes
        decided += solution.verdict != "undecided"
    elapsed = time.perf_counter() - start
    print(
        f"solver {solver.name}: {decided}/{deals} deals decided, "
        f"{deals / elapsed:.2f} deals/s, {nodes / elapsed:.0f} nodes/s "
        f"({elapsed / deals * 1000:.0f} ms per deal, line replay and realization included)"
    )
    start = time.perf_counter()
    solution = solver.solve(GAME.new(HARD_DEAL), max_nodes=SOLVER_NODES)
    print(
        f"deal {HARD_DEAL}: {solution.verdict}, {solution.nodes} nodes, {len(solution.line)} "
        f"moves, {time.perf_counter() - start:.2f} s"
    )


def random_states(count: int, rng: random.Random) -> list[UnionSquareState]:
    states: list[UnionSquareState] = []
    deal = 0
    while len(states) < count:
        state = GAME.new(deal)
        for _ in range(300):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            home = [m for m in moves if m.target == FOUNDATION]
            state = GAME.play(state, home[0] if home else rng.choice(moves))
            states.append(state)
        deal += 1
    return states[:count]


def _play_all(positions: list[Position], moves: list[list[Move]]) -> int:
    """Play each listed move from its position; how many were played."""
    steps = 0
    for position, listed in zip(positions, moves, strict=True):
        for move in listed:
            position.play(move)
            steps += 1
    return steps


def bench_position(seconds: float) -> None:
    """The same moves played by both representations: the rules engine generates and plays
    them, ``Position`` plays the moves the engine listed (the searches' moves come from
    ``classes.ordered_moves`` and the compiled kernel, not from ``Position``).

    "legal" includes the exact end-of-game test (the rules engine caches it); "search"
    is what a search does at each node (candidate moves, then play each).
    """
    states = random_states(2000, random.Random(7))
    positions = [Position.of(s) for s in states]
    legal = [GAME.legal_moves(state) for state in states]
    candidates = [GAME.candidate_moves(state) for state in states]

    def engine_legal() -> int:
        steps = 0
        for state in states:
            for move in GAME.legal_moves(state):
                GAME.play(state, move)
                steps += 1
        return steps

    def fast_legal() -> int:
        return _play_all(positions, legal)

    def engine_search() -> int:
        steps = 0
        for state in states:
            for move in GAME.candidate_moves(state):
                GAME.play(state, move)
                steps += 1
        return steps

    def fast_search() -> int:
        return _play_all(positions, candidates)

    pairs = (("legal", engine_legal, fast_legal), ("search", engine_search, fast_search))
    for label, engine, fast in pairs:
        rates = {}
        for name, run in (("rules engine", engine), ("Position", fast)):
            start, steps = time.perf_counter(), 0
            while time.perf_counter() - start < seconds:
                steps += run()
            rates[name] = steps / (time.perf_counter() - start)
        print(
            f"{label:6}: rules engine {rates['rules engine']:8.0f} moves/s, Position "
            f"{rates['Position']:8.0f} moves/s: {rates['Position'] / rates['rules engine']:.1f}x"
        )


def play_one(name: str, deal: int, dealt_out_only: bool = False) -> tuple[int, int, float, int]:
    """Score, moves and seconds of one game, and the score when the last card was dealt.

    With ``dealt_out_only`` the game stops there (the deal phase alone, which is fast). A
    player that resigns ends the game there, not won, with the score it has.
    """
    player = get_player("union-square", name)
    state = GAME.new(deal)
    moves = 0
    dealt_out = -1
    start = time.perf_counter()
    while GAME.status(state) is Status.PLAYING and moves < MOVE_CAP:
        if not state.stock and dealt_out < 0:
            dealt_out = state.score
            if dealt_out_only:
                break
        try:
            move: Move = player.choose(GAME.observe(state))
        except Resign:
            break  # the game ends here, not won, with the score it has
        state = GAME.apply(state, move)
        moves += 1
    if dealt_out < 0 and not state.stock:
        dealt_out = state.score  # the last card dealt ended the game
    return state.score, moves, time.perf_counter() - start, max(dealt_out, 0)


def strength(name: str, deals: range, workers: int, dealt_out_only: bool = False) -> None:
    with ProcessPoolExecutor(workers) as pool:
        flags = [dealt_out_only] * len(deals)
        rows = list(pool.map(play_one, [name] * len(deals), deals, flags, chunksize=4))
    if dealt_out_only:
        print(
            f"{name}: deals {deals.start}..{deals.stop - 1}: mean score when the stock ran out "
            f"{statistics.mean(row[3] for row in rows):.1f}"
        )
        return
    wins = sum(row[0] == 104 for row in rows)
    low, high = wilson(wins, len(rows))
    moves = sum(row[1] for row in rows)
    seconds = sum(row[2] for row in rows)
    print(
        f"{name}: deals {deals.start}..{deals.stop - 1}: {wins}/{len(rows)} won "
        f"({wins / len(rows):.1%}, 95% CI {low:.1%}..{high:.1%}), mean score "
        f"{statistics.mean(row[0] for row in rows):.1f} (when the stock ran out: "
        f"{statistics.mean(row[3] for row in rows):.1f}), "
        f"{seconds / moves * 1000:.2f} ms per move, {seconds / len(rows):.2f} s per game"
    )


def bench_players(deals: int) -> None:
    for name in player_names("union-square"):
        start, moves = time.perf_counter(), 0
        for deal in range(deals):
            moves += play_one(name, deal)[1]
        elapsed = time.perf_counter() - start
        print(
            f"player {name:8} {elapsed / moves * 1000:7.2f} ms per move "
            f"({moves} moves over {deals} deals)"
        )


def _solve_all(solver: Any, deals: int) -> tuple[list[tuple[str, Any, list[str]]], int, float]:
    start, nodes, answers = time.process_time(), 0, []
    for deal in range(deals):
        solution = solver.solve(GAME.new(deal), max_nodes=SOLVER_NODES)
        nodes += solution.nodes
        answers.append((str(solution.verdict), solution.best_score, solution.line))
    return answers, nodes, time.process_time() - start


def bench_compiled_solver(deals: int) -> None:
    """Today's solver against the one before its compiled search, on the same deals."""
    solver = get_solver("union-square")
    warm_up_search()  # compile or load first (the warm-up is measured apart)
    solver.solve(GAME.new(0), max_nodes=300)
    new, new_nodes, new_seconds = _solve_all(solver, deals)
    old_solver = union_square_before.module("solver").WholeDealSolver()
    old, old_nodes, old_seconds = _solve_all(old_solver, deals)
    old_rate, new_rate = old_nodes / old_seconds, new_nodes / new_seconds
    print(
        f"solver, deals 0..{deals - 1}, {SOLVER_NODES} nodes a deal, CPU seconds: before "
        f"({union_square_before.BEFORE[:7]}) {old_rate:.0f} positions/s ({old_seconds:.1f} s), "
        f"now {new_rate:.0f} positions/s ({new_seconds:.1f} s): {new_rate / old_rate:.1f}x; "
        f"the same answers: {old == new}"
    )


_WARM_UP = """
import time
start = time.perf_counter()
from squares.ai.union_square import warm_up
loaded = time.perf_counter()
warm_up()
print(f"{loaded - start:.3f} {time.perf_counter() - loaded:.3f}")
"""


def bench_warm_up() -> None:
    """``warm_up()`` in a fresh process: compiling, then from numba's cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("cold (compiles)", "cached"):
            out = subprocess.run(
                [sys.executable, "-c", _WARM_UP], env=env, check=True, capture_output=True
            )
            imported, ready = map(float, out.stdout.split())
            print(f"warm-up, {label:16} import {imported:6.2f} s, warm_up() {ready:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals for the speed figures")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--play", help="measure this player's strength instead")
    parser.add_argument("--deals-range", default="0..99", help="A..B, for --play")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--compiled", action="store_true", help="the compiled code against the Python it replaces"
    )
    parser.add_argument(
        "--dealt-out", action="store_true", help="with --play: stop each game as the stock runs out"
    )
    args = parser.parse_args()
    if args.play:
        first, _, last = args.deals_range.partition("..")
        strength(args.play, range(int(first), int(last) + 1), args.workers, args.dealt_out)
        return
    if args.compiled:
        bench_warm_up()
        bench_compiled_solver(args.deals)
        return
    bench_solver(args.deals)
    bench_position(args.seconds)
    bench_players(max(1, args.deals // 4))


if __name__ == "__main__":
    main()
