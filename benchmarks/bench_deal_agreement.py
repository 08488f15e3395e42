"""Is a Foursquare deal hard for everyone, or only for a given player? Players that slip
play the same deals many times; their win rates are compared deal by deal, and by the
deal's shipped level.

A slip is a placement drawn at random among those that do not lose at once, with
probability ``--slip`` at each card (seeded by the run and the deal, never the rating's
seed). Each player plays each deal ``--runs`` times. The script prints:

- for each player, its win rate at each shipped level, with the 95% (Wilson) interval;
- for each player, how well its own runs agree with each other (the correlation, over
  deals, of the wins in the first half of the runs with those in the second half);
- for each pair of players, the correlation of their win rates over the deals.

If deals had a difficulty of their own, the players' rates would rise and fall
together; if each player's rate on a deal were its own, the pairs would not correlate.

Run on demand: ``python benchmarks/bench_deal_agreement.py [--per-level N] [--runs R]
[--slip P] [--players greedy,expectimax-2,expectimax]`` (the defaults: 100 deals a level,
8 runs, slip 0.1; about 3 minutes of CPU).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from squares.ai import Player, UnknownPlayer, get_player
from squares.ai.base import Resign
from squares.ai.confidence import wilson
from squares.ai.deal_levels import LEVELS, shipped_levels
from squares.cli.arguments import positive_int
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState, Placement

GAME = Foursquare()
SEED = 2_000_003  # run r of deal d is seeded (r + 1) * SEED + d: never the rating's seed d


def plays_to_a_win(player: Player[object, Placement], deal: int, slip: float, seed: int) -> bool:
    """One game of ``deal``: the player's placements, each replaced with probability
    ``slip`` by a random one that does not lose at once."""
    draw = random.Random(seed)
    state: FoursquareState = GAME.new(deal)
    while GAME.status(state) is Status.PLAYING:
        move = None
        if draw.random() < slip:
            safe = [m for m in GAME.legal_moves(state) if not GAME.loses(state, m)]
            move = draw.choice(safe) if safe else None
        if move is None:
            try:
                move = player.choose(GAME.observe(state))
            except Resign:
                return False
        state = GAME.apply(state, move)
    return GAME.status(state) is Status.WON


def agreement(a: list[int], b: list[int]) -> str:
    """Their correlation, or "none" when one of them never varies."""
    try:
        return f"{statistics.correlation(a, b):.2f}"
    except statistics.StatisticsError:
        return "none (no spread)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-level", type=positive_int, default=100, help="deals a level")
    parser.add_argument("--runs", type=positive_int, default=8, help="plays of each deal")
    parser.add_argument("--slip", type=float, default=0.1, help="the chance of a slip")
    parser.add_argument("--players", default="greedy,expectimax-2,expectimax")
    args = parser.parse_args()
    if not 0.0 <= args.slip <= 1.0:
        parser.error("--slip must be a probability, from 0 to 1")
    if args.runs < 2:
        parser.error("--runs must be at least 2, to compare a player's runs with each other")
    names = args.players.split(",")
    try:
        players = {name: get_player(GAME.name, name) for name in names}
    except UnknownPlayer as err:
        parser.error(str(err))
    table = shipped_levels(GAME.name)
    if table is None:
        parser.error("no levels are shipped for foursquare")
    levels = {level: table.deals(level)[: args.per_level] for level in LEVELS}
    deals = [deal for level in LEVELS for deal in levels[level]]
    print(f"foursquare: {len(deals)} deals, {args.runs} runs a deal, slip {args.slip:g}")
    wins: dict[str, dict[int, list[bool]]] = {}
    for name, player in players.items():
        start = time.process_time()
        wins[name] = {
            deal: [
                plays_to_a_win(player, deal, args.slip, (run + 1) * SEED + deal)
                for run in range(args.runs)
            ]
            for deal in deals
        }
        rates = []
        for level in LEVELS:
            won = sum(sum(wins[name][deal]) for deal in levels[level])
            games = len(levels[level]) * args.runs
            low, high = wilson(won, games)
            rates.append(f"{level} {won / max(games, 1):.1%} ({low:.1%}–{high:.1%})")
        half = args.runs // 2
        first = [sum(wins[name][deal][:half]) for deal in deals]
        second = [sum(wins[name][deal][half:]) for deal in deals]
        print(
            f"{name}: " + ", ".join(rates)
            + f"; its runs agree r = {agreement(first, second)}"
            + f" ({time.process_time() - start:.0f} s CPU)"
        )  # fmt: skip
    for one, other in itertools.combinations(names, 2):
        a = [sum(wins[one][deal]) for deal in deals]
        b = [sum(wins[other][deal]) for deal in deals]
        print(f"{one} against {other}: r = {agreement(a, b)} over the deals")


if __name__ == "__main__":
    main()
