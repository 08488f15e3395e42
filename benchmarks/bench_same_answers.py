"""The same answers at the same speed: today's players and solvers against those of an
older commit, side by side in one process.

    python benchmarks/bench_same_answers.py [--before COMMIT] [--deals 0..99]
        [--solver-deals 100] [--nodes 20000] [--game G] [--player P] [--no-solver]

Each player of each game plays deals A..B with the old code and with today's (every move
checked by the rules engine); the moves must be the same, move for move. The solver of
each game searches ``--solver-deals`` deals drawn from the committed survey
(``surveys/<game>.sqlite``) within ``--nodes`` positions, old and new; the verdicts, the
best scores and whether they are proven must be the same. It prints, per player, the
milliseconds of CPU a move, old and new, and their ratio; per solver, positions a
second, old and new, and their ratio. Exits 1 on any difference.

The old package is ``squares/ai/<game>/`` of ``--before`` (``before.load_package``):
its compiled code is compiled once into a temporary folder, then loaded from there.

The speed ratios of a search that Python hands a named tuple of arrays (Foursquare's
solver, and so its ``sampling`` player) are not fair in one process: numba's dispatcher
knows a tuple's type by a fingerprint of its fields, not of its class, so the package
whose tuple it meets second misses its fast path on every call (the same code measures
1.5× slower a move for ``sampling``, 0.8× the positions a second, in whichever order the
two run). For those, time old and new in separate processes.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from before import load_package

from squares.ai import get_player, get_solver, player_names
from squares.ai.base import Resign
from squares.games import GAMES, get_game
from squares.games.base import Status

BEFORE = "66a2c5a"
"""The commit before players were given the game's observation instead of the state."""
ROOT = Path(__file__).resolve().parent.parent
SLOW = {"expectimax": 10}  # players that take seconds a game play only this many deals


def old_package(game: str, commit: str) -> Any:
    package = GAMES[game].info.ai_package.rsplit(".", 1)[1]
    listing = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{commit}:squares/ai/{package}/"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    modules = tuple(name[:-3] for name in listing if name.endswith(".py"))
    return load_package(package, commit, modules, alias=f"{package}_{commit[:7]}")


def play(game_name: str, choose: Callable[[Any], Any], deal: int) -> tuple[list[str], float]:
    """The moves of one game, and the CPU seconds spent choosing them."""
    game = get_game(game_name)
    state, moves, seconds = game.new(deal), [], 0.0
    while game.status(state) is Status.PLAYING:
        start = time.process_time()
        try:
            move = choose(state)
        except Resign:
            break
        finally:
            seconds += time.process_time() - start
        state = game.apply(state, move)
        moves.append(str(move))
    return moves, seconds


def seeing(game: Any, player: Any) -> Callable[[Any], Any]:
    """Today's way to ask ``player`` for a move: it sees what a person sees."""

    def choose(state: Any) -> Any:
        return player.choose(game.observe(state))

    return choose


def observes(commit: str) -> bool:
    """Whether the players of ``commit`` are given the observation, as today's are."""
    ancestor = ["git", "merge-base", "--is-ancestor", BEFORE, commit]
    later = subprocess.run(ancestor, cwd=ROOT, check=False).returncode == 0
    same = subprocess.run(["git", "rev-parse", BEFORE, commit], cwd=ROOT, capture_output=True)
    return later and len(set(same.stdout.split())) == 2


def compare_players(
    game_name: str, old: Any, names: list[str], deals: range, old_sees: bool
) -> bool:
    game, same = get_game(game_name), True

    def old_choose(player: Any) -> Callable[[Any], Any]:
        return seeing(game, player) if old_sees else player.choose

    for name in names:
        played = deals[: SLOW.get(name, len(deals))]
        moves, cpu = {"old": 0, "new": 0}, {"old": 0.0, "new": 0.0}
        differ = []
        for choose in (old_choose(old.PLAYERS[name]()), seeing(game, get_player(game_name, name))):
            play(game_name, choose, played[0])  # compiled, or loaded from the cache, untimed
        for turn, deal in enumerate(played):
            # Fresh players each deal, as a survey plays them; old and new in turn, each
            # first every other deal, so that neither pays for the other's traces alone.
            old_player, new_player = old.PLAYERS[name](), get_player(game_name, name)
            chooses = {"old": old_choose(old_player), "new": seeing(game, new_player)}
            order = ("old", "new") if turn % 2 == 0 else ("new", "old")
            result = {label: play(game_name, chooses[label], deal) for label in order}
            (before, old_seconds), (after, new_seconds) = result["old"], result["new"]
            moves["old"] += len(before)
            moves["new"] += len(after)
            cpu["old"] += old_seconds
            cpu["new"] += new_seconds
            if before != after:
                differ.append(deal)
        same &= not differ
        old_ms = 1000 * cpu["old"] / max(1, moves["old"])
        new_ms = 1000 * cpu["new"] / max(1, moves["new"])
        print(
            f"{game_name:13} {name:13} deals {played.start}..{played.stop - 1}: "
            f"{'same moves' if not differ else f'DIFFERENT moves on deals {differ}'}; "
            f"{moves['new']} moves, ms a move old {old_ms:.3f} new {new_ms:.3f} "
            f"(new/old {new_ms / old_ms if old_ms else float('nan'):.2f})"
        )
    return same


def survey_deals(game_name: str, count: int) -> list[int]:
    """``count`` deals drawn (seeded) from the solver's rows of the committed survey."""
    with sqlite3.connect(f"file:{ROOT / 'surveys' / game_name}.sqlite?mode=ro", uri=True) as db:
        deals = [deal for (deal,) in db.execute("SELECT deal FROM results WHERE kind='solver'")]
    return sorted(random.Random(44).sample(deals, min(count, len(deals))))


def compare_solver(game_name: str, old: Any, deals: list[int], nodes: int) -> bool:
    game = get_game(game_name)
    old_solver, new_solver = old.SOLVER(), get_solver(game_name)
    differ, searched, seconds = [], {"old": 0, "new": 0}, {"old": 0.0, "new": 0.0}
    for solver in (old_solver, new_solver):  # compiled, or loaded from the cache, untimed
        solver.solve(game.new(deals[0]), max_nodes=nodes)
    for turn, deal in enumerate(deals):
        answers = {}
        pairs = [("old", old_solver), ("new", new_solver)]
        for label, solver in pairs if turn % 2 == 0 else pairs[::-1]:
            start = time.process_time()
            solution = solver.solve(game.new(deal), max_nodes=nodes)
            seconds[label] += time.process_time() - start
            searched[label] += solution.nodes
            answers[label] = (str(solution.verdict), solution.best_score, solution.best_proven)
        if answers["old"] != answers["new"]:
            differ.append((deal, answers["old"], answers["new"]))
    rate = {label: searched[label] / max(seconds[label], 1e-9) for label in searched}
    print(
        f"{game_name:13} solver        {len(deals)} survey deals at {nodes} positions: "
        f"{'same verdicts, best scores and proofs' if not differ else f'DIFFERENT: {differ}'}; "
        f"positions a second old {rate['old']:,.0f} new {rate['new']:,.0f} "
        f"(new/old {rate['new'] / rate['old'] if rate['old'] else float('nan'):.2f})"
    )
    return not differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--deals", default="0..99", help="A..B, both ends included")
    parser.add_argument("--solver-deals", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--game", choices=list(GAMES), action="append")
    parser.add_argument("--player", action="append", help="only these players")
    parser.add_argument("--no-solver", action="store_true")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split(".."))
    same = True
    for game_name in args.game or list(GAMES):
        old = old_package(game_name, args.before)
        names = [n for n in player_names(game_name) if not args.player or n in args.player]
        deals = range(first, last + 1)
        same &= compare_players(game_name, old, names, deals, observes(args.before))
        if not args.no_solver:
            drawn = survey_deals(game_name, args.solver_deals)
            same &= compare_solver(game_name, old, drawn, args.nodes)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
