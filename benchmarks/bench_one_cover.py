"""The Foursquare proof most unproven best scores wait on, deal by deal: is there a win
within 17 cards from the empty grid (16 piles and one card on a pile)?

    python benchmarks/bench_one_cover.py --deals 30,7923 [--covers 1] [--slots 24]
        [--nodes 200000000]

A best score of 22 is proven once no win within 17 cards exists; the whole-deal solver
asks that of ``Perfect.line`` from the empty grid, and this runs that search alone,
with no budget but ``--nodes``: its answer (a win, none, or out of budget), the
positions it took and the seconds. ``--slots B`` lets the memo grow to 2**B slots (32
bytes each) instead of the solver's for the budget (``perfect.box_slots``); ``--covers
2`` asks for a win within 18 cards instead (the proof a best score of 21 waits on),
``--covers 3`` within 19 (a best score of 20).
"""

from __future__ import annotations

import argparse
import time

from bench_unproven import parse_deals

from squares.ai.foursquare import perfect
from squares.ai.foursquare.board import EMPTY
from squares.games.foursquare import Foursquare

GAME = Foursquare()


def prove(deal: int, covers: int, nodes: int) -> tuple[str, int, float]:
    """The search's answer for ``deal``, its positions and its seconds."""
    budget = perfect.Budget(nodes)
    search = perfect.Perfect([card.rank for card in GAME.new(deal).remaining], budget)
    start = time.perf_counter()
    try:
        answer = "a win" if search.line(EMPTY, 0, covers) else "none"
    except RuntimeError:
        answer = "out of budget"
    return answer, budget.nodes, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", required=True, help="deals: 30,7923,100..104")
    parser.add_argument("--covers", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--slots", type=int, help="the memo's most slots, as a power of two")
    parser.add_argument("--nodes", type=int, default=200_000_000, help="budget per deal")
    args = parser.parse_args()
    if args.slots:
        perfect.BOX_SLOTS = perfect.LARGE_BOX_SLOTS = 1 << args.slots
        perfect.LARGER_BOX_SLOTS = ()
    prove(0, args.covers, 1000)  # compiled (or loaded) before the clock
    most = perfect.box_slots(perfect.Budget(args.nodes))
    print(f"within {16 + args.covers} cards, memo of at most {most:,} slots")
    total_nodes, total_seconds = 0, 0.0
    for deal in parse_deals(args.deals):
        answer, nodes, seconds = prove(deal, args.covers, args.nodes)
        total_nodes += nodes
        total_seconds += seconds
        print(f"deal {deal:6}: {answer:13} {nodes:12,} positions {seconds:8.1f} s", flush=True)
    print(f"in all: {total_nodes:,} positions in {total_seconds:.1f} s")


if __name__ == "__main__":
    main()
