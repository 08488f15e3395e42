"""The Foursquare solver's fixed-box memo made small on purpose, so that a proof forgets
as much as the billion-position proofs do, against the same at an earlier commit, side
by side in one process: positions and CPU seconds per deal and memo size.

    python benchmarks/bench_memo_forgets.py [--deals 15981,50815] [--slots 18,19] \\
        [--found 21] [--commit HEAD]

``--slots`` are powers of two (2^18 slots hold 262,144 failures); each solve has a
budget of 16,000,000 positions, and starts from the best score ``--found``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from before import load_package
from bench_unproven import modules_at, parse_deals

from squares.ai.foursquare import WholeDealSolver, perfect
from squares.games.foursquare import Foursquare

GAME = Foursquare()
NODES = 16_000_000


def run(solver: Any, memo: Any, deal: int, bits: int, found: int) -> tuple[int, bool, float]:
    memo.BOX_SLOTS = 1 << bits
    start = time.process_time()
    solution = solver.solve(GAME.new(deal), max_nodes=NODES, found=found)
    return solution.nodes, bool(solution.best_proven), time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", default="15981,50815")
    parser.add_argument("--slots", default="18,19", help="memo sizes, as powers of two")
    parser.add_argument("--found", type=int, default=21, help="the best score found before")
    parser.add_argument("--commit", default="HEAD", help="the solver before")
    args = parser.parse_args()
    old = load_package("foursquare", args.commit, modules_at(args.commit), alias="fs_memo_old")
    solvers = (("before", old.WholeDealSolver(), old.perfect), ("now", WholeDealSolver(), perfect))
    for _, solver, _ in solvers:
        solver.solve(GAME.new(0), max_nodes=1000)  # compiled before anything is timed
    print(f"{'deal':>6} {'slots':>5} {'positions before':>17} {'now':>11} {'ratio':>6} "
          f"{'seconds before':>15} {'now':>6} {'ratio':>6}")  # fmt: skip
    for deal in parse_deals(args.deals):
        for bits in (int(b) for b in args.slots.split(",")):
            (n0, p0, s0), (n1, p1, s1) = (
                run(solver, memo, deal, bits, args.found) for _, solver, memo in solvers
            )
            flag = "" if p0 and p1 else f"  (proven: {p0}, {p1})"
            print(f"{deal:>6} {'2^' + str(bits):>5} {n0:>17,} {n1:>11,} {n1 / n0:>6.2f} "
                  f"{s0:>15.1f} {s1:>6.1f} {s1 / s0:>6.2f}{flag}")  # fmt: skip


if __name__ == "__main__":
    main()
