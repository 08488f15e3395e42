"""What a Dask cluster costs and gains for ``squares survey``: the same survey in this
process (``--workers 1``) and on a local cluster of K workers, wall-clock time of each, the
cluster's start, and whether both wrote the same rows.

    python benchmarks/bench_survey.py [GAME] [--deals 0..39] [--players greedy]
        [--max-nodes 20000] [--workers 2]

On a shared machine only the ratios travel; the rows never differ (the budget is in
positions).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from squares.cli.main import main
from squares.survey.cluster import open_pool
from squares.survey.results import read_results


def rows(path: Path) -> list[tuple[object, ...]]:
    results = read_results(path)
    try:
        return [(r.deal, r.who, r.outcome, r.score, r.nodes, r.moves) for r in results.rows()]
    finally:
        results.close()


def timed_survey(folder: Path, name: str, argv: list[str], workers: int) -> tuple[float, Path]:
    path = folder / f"{name}.sqlite"
    start = time.perf_counter()
    code = main([*argv, "--results", str(path), "--workers", str(workers)])
    assert code == 0
    return time.perf_counter() - start, path


def run() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="union-square")
    parser.add_argument("--deals", default="0..39")
    parser.add_argument("--players", default="greedy")
    parser.add_argument("--max-nodes", default="20000")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    argv = ["survey", args.game, "--deals", args.deals, "--players", args.players,
            "--max-nodes", args.max_nodes]  # fmt: skip
    start = time.perf_counter()
    with open_pool(args.workers, None):
        started = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        here, one = timed_survey(folder, "here", argv, 1)
        there, many = timed_survey(folder, "cluster", argv, args.workers)
        same = rows(one) == rows(many)
    print(f"{args.game} {args.deals}, players {args.players}, solver --max-nodes {args.max_nodes}")
    print(f"in this process:            {here:7.2f} s")
    print(f"local cluster of {args.workers} workers: {there:7.2f} s  ({here / there:.2f}x)")
    print(f"a cluster's start and stop: {started:7.2f} s")
    print(f"same rows: {same}")


if __name__ == "__main__":
    run()
