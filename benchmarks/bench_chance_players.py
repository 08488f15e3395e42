"""The Foursquare chance of winning as it was estimated and as it is, side by side in one
run: how long one answer during play and one whole review take, and how wide the estimate
at the start of a game is.

Three ways of estimating, each played in turn on the same positions so that other work on
the machine weighs on them alike:

- ``before``: ``expectimax-2``, a fixed 16 orders of the unseen cards for each position of
  a review and 80 for an answer during play;
- ``now``: ``expectimax-2``, rounds of 40 orders until the 95% interval is within ±5
  points, 400 at most (``squares.review.chance``);
- ``expectimax``: the same rule with ``expectimax``, the default player, for one answer
  only (a review with it takes minutes).

Positions: the start of each deal and a quarter and half way through ``expectimax``'s game
on it; reviews: ``greedy``'s games on the same deals (``squares.review.compute``). It
prints, for each way, the median and largest CPU seconds of an answer and of a review,
and how far the interval of the first estimate reaches, at its widest and on average.

    python benchmarks/bench_chance_players.py [--deals A..B]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bench_review import play
from deal_runs import timed

import squares.review.chance as chance_module
from squares.ai import get_player
from squares.ai.foursquare.hindsight import HINDSIGHT, FoursquareHindsight
from squares.ai.foursquare.players import FoursquarePlayer
from squares.cli.arguments import deal_range
from squares.games import get_game
from squares.games.base import Status
from squares.review import compute
from squares.review.chance import Chance, from_here

GAME = "foursquare"
SHARES = (0.0, 0.25, 0.5)
WAYS: dict[str, tuple[str, int, int, float]] = {
    # name: (player, most for a review, most for an answer, margin; 0: no early stop)
    "before": ("expectimax-2", 16, 80, 0.0),
    "now": ("expectimax-2", 400, 400, chance_module.MARGIN),
    "expectimax": ("expectimax", 400, 400, chance_module.MARGIN),
}


@contextmanager
def estimated(way: str) -> Iterator[None]:
    """The game's chance estimated the ``way`` named, for the time of the block."""
    player, samples, live, margin = WAYS[way]
    kind = type(HINDSIGHT)
    kept = (kind.chance_player, kind.samples, kind.live_samples, chance_module.MARGIN)
    kept_player = HINDSIGHT._player
    chosen = get_player(GAME, player)
    assert isinstance(chosen, FoursquarePlayer)
    kind.chance_player, kind.samples, kind.live_samples = player, samples, live
    chance_module.MARGIN, HINDSIGHT._player = margin, chosen
    try:
        yield
    finally:
        kind.chance_player, kind.samples, kind.live_samples, chance_module.MARGIN = kept
        HINDSIGHT._player = kept_player


def positions(deal: int) -> list[tuple[int, Any]]:
    """(moves played, state) at each of ``SHARES`` of ``expectimax``'s game on ``deal``."""
    rules, player = get_game(GAME), get_player(GAME, "expectimax")
    states = [rules.new(deal)]
    while rules.status(states[-1]) is Status.PLAYING:
        states.append(rules.apply(states[-1], player.choose(rules.observe(states[-1]))))
    last = len(states) - 2
    return [(int(share * last), states[int(share * last)]) for share in SHARES]


def figures(cpus: list[float]) -> str:
    return f"median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("710000..710004"))
    args = parser.parse_args()
    rules = get_game(GAME)
    assert isinstance(HINDSIGHT, FoursquareHindsight)
    answers: dict[str, list[float]] = {way: [] for way in WAYS}
    reviews: dict[str, list[float]] = {way: [] for way in WAYS if way != "expectimax"}
    starts: dict[str, list[Chance]] = {way: [] for way in WAYS}
    for way in WAYS:  # compile or load every search before timing
        with estimated(way):
            from_here(rules, rules.new(0), 0, samples=2)
    for deal in args.deals:
        for at, state in positions(deal):
            for way in WAYS:
                with estimated(way):
                    found, _, cpu = timed(lambda: from_here(rules, state, at))  # noqa: B023
                answers[way].append(cpu)
                if at == 0:
                    starts[way].append(found)
        moves, resigned = play(GAME, "greedy", deal)
        for way in reviews:
            with estimated(way):
                review, _, cpu = timed(
                    lambda: compute(rules, deal, moves, resigned=resigned)  # noqa: B023
                )
            reviews[way].append(cpu)
            first = review["moves"][0]["win_chance"]
            print(
                f"deal {deal}, {way}: review of {len(moves)} moves {cpu:.2f} s CPU, first "
                f"estimate {first['value']:.0%} ({first['low']:.0%}..{first['high']:.0%}, "
                f"{first['samples']} orders)",
                flush=True,
            )
    print()
    for way, (player, samples, live, margin) in WAYS.items():
        rule = f"within ±{margin:.0%}, at most" if margin else "a fixed"
        reach = [chance.reach for chance in starts[way]]
        played = statistics.mean(chance.samples for chance in starts[way])
        line = (
            f"{way:>10} ({player}, {rule} {live} orders an answer, {samples} a review position): "
            f"an answer {figures(answers[way])}; at the start the interval reaches "
            f"±{max(reach):.1%} at most (mean ±{statistics.mean(reach):.1%}, "
            f"{played:.0f} orders on average)"
        )
        if way in reviews:
            line += f"; a review {figures(reviews[way])}"
        print(line)


if __name__ == "__main__":
    main()
