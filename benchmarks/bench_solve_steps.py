"""A whole-deal Foursquare solve, search by search: what each of its searches for a win
within N cards took.

    python benchmarks/bench_solve_steps.py --deals 4908 [--nodes 1000000000]
        [--memo-by-share]

The solver first finds any win, then searches upwards (a win within 16 cards, then 17,
then 18 ..., each with a share of what is left of the budget), then down from the best
found until a search ends without a win, which proves the best score. This prints one
line per search (its limit in cards, its answer: the cards of the win it found, none, or
"out of its share", its positions and seconds), then the solve's best score, whether it
is proven, and its positions and seconds. ``--memo-by-share`` sizes the new-piles memo
as the solver did before it read the whole budget: by the stop of the search running
(an upward search's share), for a side-by-side comparison in one run.
"""

from __future__ import annotations

import argparse
import time

from bench_unproven import parse_deals

from squares.ai.foursquare import perfect, solver
from squares.ai.foursquare.board import Board
from squares.ai.foursquare.budget import STOP
from squares.games.foursquare import Foursquare

GAME = Foursquare()
_within = solver._Search.within
_box_slots = perfect.box_slots


def traced(
    search: solver._Search, board: Board, limit: int, restarts: int | None = None
) -> list[int] | None:
    """``_Search.within``, printing what it took."""
    nodes, start = search.nodes, time.perf_counter()
    answer = "out of its share"
    try:
        line = _within(search, board, limit, restarts)
        answer = "none" if line is None else f"a win in {len(line)} cards"
        return line
    finally:
        took = search.nodes - nodes
        seconds = time.perf_counter() - start
        print(
            f"  within {limit:2} cards: {answer:18} {took:13,} positions {seconds:7.1f} s",
            flush=True,
        )


def by_share(budget: perfect.Budget) -> int:
    """The memo's most slots as the stop of the running search gives them."""
    stop = int(budget.counters[STOP])
    return _box_slots(perfect.Budget(None if stop >= perfect.UNLIMITED else stop))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", required=True, help="deals: 4908,559,100..104")
    parser.add_argument("--nodes", type=int, default=1_000_000_000, help="budget per deal")
    parser.add_argument("--memo-by-share", action="store_true", help="the memo as before")
    args = parser.parse_args()
    solver._Search.within = traced  # type: ignore[method-assign,assignment]
    if args.memo_by_share:
        perfect.box_slots = by_share
    whole = solver.WholeDealSolver()
    for deal in parse_deals(args.deals):
        print(f"deal {deal}:", flush=True)
        start = time.perf_counter()
        solution = whole.solve(GAME.new(deal), max_nodes=args.nodes)
        seconds = time.perf_counter() - start
        proven = "proven" if solution.best_proven else "not proven"
        print(
            f"deal {deal}: best score {solution.best_score} ({proven}), "
            f"{solution.nodes:,} positions, {seconds:.1f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
