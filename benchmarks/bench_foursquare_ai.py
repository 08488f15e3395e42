"""Foursquare AI speed, the compiled kernel side by side with the code before it.

Run on demand: ``python benchmarks/bench_foursquare_ai.py [--seconds S] [--deals N]
[--solver-nodes N] [--solver-rounds R] [--warm-up]``. In one process it measures random
playouts (the rules engine, the old pure-Python board, the kernel called from Python, and
a compiled playout loop on the kernel), each player's time per move on the same deals
with the old search and the new (and whether they choose the same moves), and the
whole-deal solver's positions per second, old and new, on the same deals and node budget
(each round over the deals, and all rounds together; each solver in a process of its own
that this run starts). The
old code is imported from git history (``foursquare_before``). ``--warm-up`` also times
the first move of a fresh process, once compiling (an empty numba cache) and once from
the cache. Times are CPU seconds of this process (``time.process_time``), so other
work on the machine inflates them less; the ratios are what to quote.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import foursquare_before
import numpy

from squares.ai.foursquare import PLAYERS, WholeDealSolver, kernel
from squares.ai.foursquare import board as fast
from squares.games.base import Status
from squares.games.foursquare import Foursquare

GAME = Foursquare()


@kernel.jit
def compiled_playouts(deals: Any, games: int, seed: int) -> int:
    """Random playouts of ``games`` deals (rows of ``deals``, cycled) on the kernel: the
    placements made. Each move is drawn uniformly from the legal ones."""
    state = seed
    steps = 0
    for game in range(games):
        ranks = up = occupied = heights = 0
        for k in range(40):
            piles = kernel.open_piles(occupied, heights)
            fresh = kernel.new_piles(occupied)
            count = kernel.popcount(piles) + kernel.popcount(fresh)
            state = state * 6364136223846793005 + 1442695040888963407
            pick = ((state >> 33) & 0x7FFF_FFFF) % count
            options = piles  # the pick-th legal move, piles first
            if pick >= kernel.popcount(piles):
                pick -= kernel.popcount(piles)
                options = fresh
            for _ in range(pick):
                options &= options - 1  # drop the lowest
            move = kernel.popcount((options & -options) - 1)
            ranks, up, occupied, heights = kernel.play(
                ranks, up, occupied, heights, move, deals[game % deals.shape[0], k]
            )
            steps += 1
            down = kernel.popcount(occupied ^ up)
            if down > kernel.MAX_DOWN or (occupied == kernel.ALL and down == 0):
                break
    return steps


def deal_ranks() -> list[list[int]]:
    return [[card.rank for card in GAME.new(deal).remaining] for deal in range(1000)]


def timed(seconds: float, run: Callable[[int], int]) -> tuple[float, float]:
    """Playouts per second and placements per second of ``run(games) -> placements``."""
    games, steps = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += run(games)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed


def engine_playout(rng: random.Random) -> Callable[[int], int]:
    def run(game: int) -> int:
        state, steps = GAME.new(game), 0
        while GAME.status(state) is Status.PLAYING:
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
            steps += 1
        return steps

    return run


def board_playout(board: Any, deals: list[list[int]], rng: random.Random) -> Callable[[int], int]:
    """Random playouts through a board module's ``play`` and ``moves``, from Python."""

    def run(game: int) -> int:
        position, steps = board.EMPTY, 0
        for rank in deals[game % 1000]:
            position = board.play(position, rng.choice(board.moves(position)), rank)
            steps += 1
            if board.is_lost(position) or board.is_won(position):
                break
        return steps

    return run


def playouts(seconds: float) -> None:
    deals = deal_ranks()
    old = foursquare_before.module("board")
    table = numpy.array(deals, dtype=numpy.int64)
    compiled_playouts(table, 10, 1)  # compile (or load) before timing
    rows = {
        "rules engine": timed(seconds, engine_playout(random.Random(2026))),
        "old board (Python)": timed(seconds, board_playout(old, deals, random.Random(2026))),
        "kernel from Python": timed(seconds, board_playout(fast, deals, random.Random(2026))),
        "kernel, compiled loop": timed(
            seconds, lambda game: int(compiled_playouts(table, 1000, game + 1)) // 1000
        ),
    }
    base = rows["old board (Python)"]
    for name, (games, steps) in rows.items():
        if name == "kernel, compiled loop":
            games *= 1000  # each call plays 1000 games
            steps *= 1000
        print(
            f"{name:22} {games:11.0f} playouts/s {1e6 / steps:8.3f} µs/placement"
            f"  {steps / base[1]:7.1f}× the old board"
        )


def player_run(player: Any, deals: range) -> tuple[float, list[str], int]:
    spent, moves, wins = 0.0, [], 0
    for deal in deals:
        state = GAME.new(deal)
        while GAME.status(state) is Status.PLAYING:
            start = time.process_time()
            move = player.choose(GAME.observe(state))
            spent += time.process_time() - start
            state = GAME.play(state, move)
            moves.append(str(move))
        wins += GAME.status(state) is Status.WON
    return spent / len(moves), moves, wins


def players(deals: range) -> None:
    old = foursquare_before.load().PLAYERS
    for name, player in PLAYERS.items():
        if name == "random":
            continue
        player().choose(GAME.observe(GAME.new(0)))  # compile (or load) before timing
        before, old_moves, old_wins = player_run(old[name](), deals)
        after, new_moves, new_wins = player_run(player(), deals)
        same = sum(a == b for a, b in zip(old_moves, new_moves, strict=False))
        print(
            f"player {name:13} old {1000 * before:8.2f} ms/move, new {1000 * after:7.3f} ms/move"
            f"  {before / after:6.1f}×  (wins {old_wins} and {new_wins} of {len(deals)}; "
            f"{same} of {len(old_moves)} moves alike, in order)"
        )


def solver(deals: range, nodes: int, rounds: int) -> None:
    """Both solvers on the same deals, ``rounds`` times over, each in a process of its
    own started by this run (``--solver-only``): in one process, one solver's garbage
    and memory (the old one's memos are millions of Python objects) would be the other's
    cost. The first round is a process's first searches (the memos' memory fresh from
    the system), the later ones a long run's, as in a survey."""
    answers = {}
    for label in ("old", "new"):
        command = [sys.executable, __file__, "--solver-only", label, "--deals", str(len(deals))]
        command += ["--solver-nodes", str(nodes), "--solver-rounds", str(rounds)]
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        answers[label] = json.loads(done.stdout.splitlines()[-1])
    for k, deal in enumerate(deals):
        old, new = (tuple(answers[label]["found"][k]) for label in ("old", "new"))
        print(f"solver deal {deal}: old {old}, new {new} (best, proven, nodes)")
    for round_ in range(rounds):
        this = {label: answer["rounds"][round_] for label, answer in answers.items()}
        _rates(f"round {round_ + 1}", this)
    totals = {
        label: [sum(n for n, _ in answer["rounds"]), sum(s for _, s in answer["rounds"])]
        for label, answer in answers.items()
    }
    _rates(f"all {rounds} rounds", totals)


def solver_rounds(label: str, deals: range, nodes: int, rounds: int) -> dict[str, Any]:
    """One solver (``old``: commit 63cbfb4's; ``new``: today's) on ``deals``, ``rounds``
    times over, after a first short search (loaded or compiled before the clock): its
    positions and CPU seconds each round, and its answers."""
    make = foursquare_before.module("solver").WholeDealSolver if label == "old" else WholeDealSolver
    engine = make()
    engine.solve(GAME.new(deals[0]), max_nodes=1000)
    found: list[tuple[int | None, bool | None, int]] = []
    per_round = []
    for _ in range(rounds):
        positions, seconds = 0, 0.0
        for deal in deals:
            start = time.process_time()
            solution = engine.solve(GAME.new(deal), max_nodes=nodes)
            seconds += time.process_time() - start
            positions += solution.nodes
            if len(found) < len(deals):
                found.append((solution.best_score, solution.best_proven, solution.nodes))
        per_round.append((positions, seconds))
    return {"found": found, "rounds": per_round}


def _rates(label: str, totals: dict[str, list[float]]) -> None:
    rates = {who: n / s for who, (n, s) in totals.items()}
    print(
        f"solver positions/s, {label}: old {rates['old']:9.0f}, new {rates['new']:9.0f}"
        f"  {rates['new'] / rates['old']:6.1f}×"
    )


_FIRST_MOVE = """
import time
start = time.perf_counter()
from squares.ai import get_player
from squares.games.foursquare import Foursquare
loaded = time.perf_counter()
game = Foursquare()
get_player("foursquare").choose(game.observe(game.new(5)))
print(f"{loaded - start:.3f} {time.perf_counter() - loaded:.3f}")
"""


def warm_up() -> None:
    """The first move of a fresh process: compiling, then from numba's cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("cold (compiles)", "cached"):
            out = subprocess.run(
                [sys.executable, "-c", _FIRST_MOVE], env=env, check=True, capture_output=True
            )
            imported, first = map(float, out.stdout.split())
            print(f"first move, {label:16} import {imported:6.2f} s, first move {first:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per playout measurement")
    parser.add_argument("--deals", type=int, default=5, help="deals per player and for the solver")
    parser.add_argument("--solver-nodes", type=int, default=200_000, help="budget per deal")
    parser.add_argument("--solver-rounds", type=int, default=3, help="times over the deals")
    parser.add_argument("--warm-up", action="store_true", help="also time a fresh process")
    parser.add_argument("--solver-only", choices=("old", "new"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    deals = range(100_000, 100_000 + args.deals)  # not the surveyed deals of docs/odds.md
    if args.solver_only:  # one solver's rounds, for ``solver`` in the process that runs them
        rounds = solver_rounds(args.solver_only, deals, args.solver_nodes, args.solver_rounds)
        print(json.dumps(rounds))
        return
    print(f"kernel compiled: {kernel.COMPILED}")
    if args.warm_up:
        warm_up()
    playouts(args.seconds)
    players(deals)
    solver(deals, args.solver_nodes, args.solver_rounds)


if __name__ == "__main__":
    main()
