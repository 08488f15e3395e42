"""The Foursquare solver from the best score found before (``solve(found=...)``, what
``squares survey --again unproven`` does) against the same solver from nothing, side by
side in one process, deal by deal: positions, CPU seconds and the best scores.

    python benchmarks/bench_found.py [--score 21] [--count 6] [--nodes 1000000000]
    python benchmarks/bench_found.py --deals 50815,15981 --score 21

Without ``--deals``: the ``--count`` deals of the committed survey
(``surveys/foursquare.sqlite``) proven at ``--score`` in the fewest positions. Positions
are the same on any machine; the seconds are CPU time, and compare only within a run.
"""

from __future__ import annotations

import argparse
import sqlite3
import time

from bench_unproven import SURVEY, parse_deals

from squares.ai.foursquare import WholeDealSolver
from squares.games.foursquare import Foursquare

GAME = Foursquare()


def quickest(score: int, count: int) -> list[int]:
    """The ``count`` deals of the survey proven at ``score`` in the fewest positions."""
    with sqlite3.connect(SURVEY) as db:
        rows = db.execute(
            "select deal from results where kind = 'solver' and proven = 1 and score = ?"
            " order by nodes, deal limit ?",
            (score, count),
        ).fetchall()
    return [deal for (deal,) in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", help="deals: 55,804,1000..1009 (default: from the survey)")
    parser.add_argument("--score", type=int, default=21, help="the best score found before")
    parser.add_argument("--count", type=int, default=6, help="deals taken from the survey")
    parser.add_argument("--nodes", type=int, default=1_000_000_000, help="budget per deal")
    args = parser.parse_args()
    deals = parse_deals(args.deals) if args.deals else quickest(args.score, args.count)
    solver = WholeDealSolver()
    solver.solve(GAME.new(0), max_nodes=100_000)  # compiled before anything is timed
    print(f"{'deal':>6} {'best':>9} {'positions from nothing':>23} {'from found':>11} "
          f"{'ratio':>6} {'seconds':>8} {'from found':>10}")  # fmt: skip
    totals = [0, 0, 0.0, 0.0]
    for deal in deals:
        answers = []
        for found in (None, args.score):
            start = time.process_time()
            solution = solver.solve(GAME.new(deal), max_nodes=args.nodes, found=found)
            answers.append((solution, time.process_time() - start))
        (plain, plain_s), (started, started_s) = answers
        best = f"{plain.best_score}{'' if plain.best_proven else '?'}"
        if (plain.best_score, plain.best_proven) != (started.best_score, started.best_proven):
            best += f" BUT {started.best_score}"
        ratio = started.nodes / plain.nodes
        print(f"{deal:>6} {best:>9} {plain.nodes:>23,} {started.nodes:>11,} {ratio:>6.2f} "
              f"{plain_s:>8.1f} {started_s:>10.1f}")  # fmt: skip
        totals = [totals[0] + plain.nodes, totals[1] + started.nodes,
                  totals[2] + plain_s, totals[3] + started_s]  # fmt: skip
    print(f"{'all':>6} {'':>9} {totals[0]:>23,} {totals[1]:>11,} "
          f"{totals[1] / totals[0]:>6.2f} {totals[2]:>8.1f} {totals[3]:>10.1f}"
          f"  (time ratio {totals[3] / totals[2]:.2f})")  # fmt: skip


if __name__ == "__main__":
    main()
