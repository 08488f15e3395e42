"""Do the shipped levels measure the deal? A player the rating did not use plays deals of
each level, and its win rate should fall from easy to expert.

The rating of a deal is the weakest of a family of players that won it, each playing it
once (``squares difficulty``). Against the same family its tables are right by
construction; this asks someone else. For Foursquare the natural judge is the
``sampling`` player, not in the family. For Union Square the family is ``keeper`` dealing
too early with a probability drawn from a generator seeded with the deal, so the judge is
the same hasty ``keeper`` with other seeds: if the level were the luck of the rating's
draws rather than the deal, every level would be won alike.

Run on demand: ``python benchmarks/bench_levels.py GAME [--player NAME] [--haste H]
[--runs R] [--per-level N]``. It plays the first ``N`` rated deals of each level (every
one where a level holds fewer), ``R`` times each with seeds the rating never used, and
prints the win rate of each level with its 95% (Wilson) interval and CPU seconds.
"""

from __future__ import annotations

import argparse
import time

from squares.ai.confidence import wilson
from squares.ai.deal_levels import LEVELS, shipped_levels
from squares.cli.arguments import positive_int
from squares.survey.deals import play_deal

JUDGES = {"foursquare": ("sampling", 0.0), "union-square": ("keeper", 0.2)}
SEED = 1_000_003  # run r of deal d is seeded (r + 1) * SEED + d: never the rating's seed d


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(JUDGES))
    parser.add_argument("--player", help="the judge (default: sampling, or keeper)")
    parser.add_argument("--haste", type=float, help="its haste (default: 0, or 0.2)")
    parser.add_argument("--runs", type=positive_int, default=1, help="plays of each deal")
    parser.add_argument("--per-level", type=positive_int, default=100, help="deals a level")
    args = parser.parse_args()
    player, haste = JUDGES[args.game]
    player = args.player or player
    haste = haste if args.haste is None else args.haste
    table = shipped_levels(args.game)
    if table is None:
        parser.error(f"no levels are shipped for {args.game}")
    print(f"{args.game}: {player} haste {haste:g}, {args.runs} run(s) a deal")
    print(f"{'level':8} {'deals':>6} {'games':>6} {'won':>7}  95% interval   CPU s")
    for level in LEVELS:
        deals = table.deals(level)[: args.per_level]
        start, won, games = time.process_time(), 0, 0
        for run in range(args.runs):
            for deal in deals:
                seed = (run + 1) * SEED + deal
                won += play_deal(args.game, player, deal, haste, seed).won
                games += 1
        low, high = wilson(won, games)
        share = won / games if games else 0.0
        print(
            f"{level:8} {len(deals):>6} {games:>6} {share:>7.1%}  {low:5.1%}–{high:5.1%}"
            f"  {time.process_time() - start:7.1f}"
        )


if __name__ == "__main__":
    main()
