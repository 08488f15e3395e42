"""Run a game's whole-deal solver on a range of deals and count the verdicts.

    python benchmarks/solve_range.py union-square 0..999 [--max-nodes N] [--max-seconds S]
        [--workers K] [--verbose]

Prints one line per deal that is not winnable (or every deal with ``--verbose``), then
the counts of winnable / unwinnable / undecided deals, how many winning lines replayed
to a win through the rules engine (every one should), and the time per deal. Generic
over games: it uses ``squares.ai.get_solver``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from squares.ai import Verdict, get_solver
from squares.games import get_game
from squares.games.base import Status


@dataclass(frozen=True)
class Row:
    deal: int
    verdict: str
    best_score: int | None
    nodes: int
    seconds: float
    replays: bool  # a winning line replays to a win through the rules engine


def solve_one(game: str, deal: int, max_nodes: int | None, max_seconds: float | None) -> Row:
    solution = get_solver(game).solve(
        get_game(game).new(deal), max_nodes=max_nodes, max_seconds=max_seconds
    )
    replays = False
    if solution.verdict == Verdict.WINNABLE:
        rules = get_game(game)
        state = rules.new(deal)
        for move in solution.line:
            state = rules.apply_text(state, move)
        replays = rules.status(state) is Status.WON
    return Row(
        deal, str(solution.verdict), solution.best_score, solution.nodes, solution.seconds, replays
    )


def parse_range(text: str) -> range:
    first, sep, last = text.partition("..")
    if not sep or not first.isdigit() or not last.isdigit() or int(last) < int(first):
        raise SystemExit(f"bad deal range {text!r}: expected A..B with A <= B, like 0..999")
    return range(int(first), int(last) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("deals", type=parse_range, help="A..B, both included")
    parser.add_argument("--max-nodes", type=int, default=None)
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="default 30 unless --max-nodes"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="a line for every deal")
    args = parser.parse_args()
    if args.max_seconds is None and args.max_nodes is None:
        args.max_seconds = 30.0
    start = time.perf_counter()
    rows: list[Row] = []
    jobs = [(args.game, d, args.max_nodes, args.max_seconds) for d in args.deals]
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(solve_one, *zip(*jobs, strict=True), chunksize=4):
            rows.append(row)
            if args.verbose or row.verdict != Verdict.WINNABLE:
                print(
                    f"deal {row.deal}: {row.verdict}, best score {row.best_score}, "
                    f"{row.nodes} nodes, {row.seconds:.2f} s",
                    flush=True,
                )
    counts = {v: sum(r.verdict == v for r in rows) for v in Verdict}
    seconds = [r.seconds for r in rows]
    replayed = sum(r.replays for r in rows)
    print(
        f"{args.game} deals {args.deals.start}..{args.deals.stop - 1}: "
        + ", ".join(f"{counts[v]} {v}" for v in Verdict)
        + f"; {replayed} winning lines replayed to a win through the rules engine"
    )
    print(
        f"time per deal: mean {statistics.mean(seconds):.3f} s, median "
        f"{statistics.median(seconds):.3f} s, max {max(seconds):.2f} s; "
        f"nodes per deal: mean {statistics.mean(r.nodes for r in rows):.0f}; "
        f"wall {time.perf_counter() - start:.0f} s with {args.workers} worker(s)"
    )
    budget = " ".join(
        f"--{name} {value}"
        for name, value in (("max-nodes", args.max_nodes), ("max-seconds", args.max_seconds))
        if value is not None
    )
    print(f"budget per deal: {budget}", file=sys.stderr)


if __name__ == "__main__":
    main()
