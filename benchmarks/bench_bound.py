"""The upper bound by information relaxation with a penalty on the last few cards of
Foursquare games, against the exact best chance of a player who cannot see the order.

Run on demand: ``python benchmarks/bench_bound.py [--deals A..B] [--player NAME]
[--cards K]`` (by default deals 710000..710199 played by greedy, K = 3: about a
minute; K = 4 takes many minutes). Each deal is played by ``--player`` until 2..K cards
are left to come after the one in hand; for each such position it computes, by exact
enumeration, the best non-peeking chance to win (expectimax over the unseen cards), the
clairvoyant chance (the bound that charges nothing) and the bound charged with the
clairvoyant chance as the estimate (``bound.clairvoyant_estimate``), and prints their
means with the seconds each took,
and for each the one-sided 95% upper limit of the mean over such positions (the mean plus
1.645 standard errors).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from functools import partial

from squares.ai import UnknownPlayer, get_player
from squares.ai.foursquare.board import Board
from squares.ai.foursquare.bound import (
    Counts,
    best_chance,
    bound,
    clairvoyant_estimate,
    no_estimate,
)
from squares.ai.foursquare.observation import Observation
from squares.cli.arguments import deal_range, positive_int
from squares.games.base import Status
from squares.games.foursquare import Foursquare

GAME = Foursquare()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("710000..710199"))
    parser.add_argument("--player", default="greedy")
    parser.add_argument("--cards", type=positive_int, default=3)
    args = parser.parse_args()
    try:
        player = get_player("foursquare", args.player)
    except UnknownPlayer as err:
        parser.error(str(err))
    found: dict[int, list[tuple[Board, int, Counts]]] = {k: [] for k in range(2, args.cards + 1)}
    for deal in args.deals:
        state = GAME.new(deal)
        while GAME.status(state) is Status.PLAYING:
            seen = Observation.of(GAME.observe(state))
            if seen.left in found:
                found[seen.left].append((seen.board, seen.hand.rank, seen.counts))
            state = GAME.apply(state, player.choose(GAME.observe(state)))
    for cards, positions in found.items():
        if not positions:
            continue
        figures = []
        for name, value in (
            ("exact non-peeking", best_chance),
            ("clairvoyant", partial(bound, estimate=no_estimate)),
            ("bound, clairvoyant estimate", partial(bound, estimate=clairvoyant_estimate)),
        ):
            start = time.process_time()
            values = [value(*position) for position in positions]
            mean = statistics.fmean(values)
            upper = mean + 1.645 * statistics.pstdev(values) / math.sqrt(len(values))
            figures.append(
                f"{name} {mean:.4f} (95% at most {upper:.4f}; {time.process_time() - start:.1f} s)"
            )
        print(f"{cards} cards to come, {len(positions)} positions: " + ", ".join(figures))


if __name__ == "__main__":
    main()
