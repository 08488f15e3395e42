"""How long a Foursquare hint takes, from the hint player (``squares.ai.hint_player``)
side by side with another (``expectimax`` by default), over every position of many games.

The positions come from the games ``expectimax`` plays on the deals (710000..710029 by
default: deals nobody tuned for); at each position still being played both players are
asked for a hint in turn, as a face asks it (``squares.ai.hint``), so that other work on
the machine weighs on both alike. It prints, for each, the 50th and 95th percentiles and
the largest of the wall-clock and CPU milliseconds a hint took, and how often the two
hinted the same placement. Run it under ``nice`` on a machine shared with other work; a
first hint is asked before timing, so that compiling (or loading) the search is not timed.

    python benchmarks/bench_hints.py [--deals A..B] [--against NAME]
        [--samples N --nodes N]   # the sampling player at another budget than the hint's
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from typing import Any

from deal_runs import timed

from squares.ai import Hint, UnknownPlayer, get_player, hint, hint_player
from squares.ai.foursquare import SamplingPlayer
from squares.cli.arguments import deal_range, positive_int
from squares.games import get_game
from squares.games.base import Status
from squares.games.foursquare import Foursquare

GAME = "foursquare"


def games(deals: range) -> list[list[Any]]:
    """Each deal's states as ``expectimax`` plays it, from the deal to the end."""
    rules, player = get_game(GAME), get_player(GAME, "expectimax")
    played = []
    for deal in deals:
        states = [rules.new(deal)]
        while rules.status(states[-1]) is Status.PLAYING:
            states.append(rules.apply(states[-1], player.choose(rules.observe(states[-1]))))
        played.append(states)
    return played


def percentiles(seconds: list[float]) -> str:
    """``p50 49 ms, p95 78 ms, max 85 ms``."""
    cuts = statistics.quantiles(seconds, n=100)
    most = max(seconds)
    return f"p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, max {most * 1000:.0f} ms"


def asker(player: str | None, trial: SamplingPlayer | None) -> Callable[[list[Any]], Hint]:
    """How a face asks ``player`` (the hint player when ``None``) for a hint, or ``trial``."""
    rules = Foursquare()

    def ask(states: list[Any]) -> Hint:
        if trial is not None:
            return trial.hint_after([rules.observe(state) for state in states])
        return hint(GAME, states, player)

    return ask


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("710000..710029"))
    parser.add_argument("--against", default="expectimax")
    parser.add_argument("--samples", type=positive_int)
    parser.add_argument("--nodes", type=positive_int, default=2_000)
    args = parser.parse_args()
    try:
        get_player(GAME, args.against)
    except UnknownPlayer as err:
        parser.error(str(err))
    if args.samples is None:
        name, trial = hint_player(GAME), None
    else:
        name = f"sampling({args.samples}x{args.nodes})"
        trial = SamplingPlayer(args.samples, args.nodes)
    players = {name: asker(None, trial), args.against: asker(args.against, None)}
    played = games(args.deals)
    for ask in players.values():  # compile or load the searches before timing
        ask(played[0][:2])
    walls: dict[str, list[float]] = {player: [] for player in players}
    cpus: dict[str, list[float]] = {player: [] for player in players}
    same = 0
    for states in played:
        for end in range(1, len(states)):
            moves = []
            for player, ask in players.items():
                given, wall, cpu = timed(lambda: ask(states[:end]))  # noqa: B023
                walls[player].append(wall)
                cpus[player].append(cpu)
                moves.append(given.move)
            same += moves[0] == moves[1]
    positions = len(walls[name])
    print(f"{positions} positions of {len(played)} games (deals {args.deals[0]}..{args.deals[-1]})")
    for player in players:
        print(
            f"{player:>22}: wall {percentiles(walls[player])}; CPU {percentiles(cpus[player])}; "
            f"mean CPU {statistics.mean(cpus[player]) * 1000:.1f} ms"
        )
    ratio = statistics.median(cpus[name]) / max(statistics.median(cpus[args.against]), 1e-9)
    print(f"median CPU ratio {name} / {args.against}: {ratio:.0f}x")
    print(f"the same placement hinted at {same}/{positions} positions ({same / positions:.0%})")


if __name__ == "__main__":
    main()
