"""How long a hint takes in a game, from the hint player (``squares.ai.hint_player``)
side by side with another (the game's default player unless told), over every position
of many games.

The positions come from the games the game's default player plays on the deals
(710000..710029 by default: deals nobody tuned for); at each position still being played
both players are asked for a hint in turn, as a face asks it (``squares.ai.hint``), so
that other work on the machine weighs on both alike. It prints, for each, the 50th and
95th percentiles and the largest of the wall-clock and CPU milliseconds a hint took, and
how often the two hinted the same move. Run it under ``nice`` on a machine shared with
other work; a first hint is asked before timing, so that compiling (or loading) the
search is not timed.

    python benchmarks/bench_hints.py [--game GAME] [--deals A..B] [--against NAME]
        [--hinter NAME]           # another player in the hint player's place
        [--samples N --nodes N]   # Foursquare: the sampling player at another budget
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from typing import Any

from deal_runs import timed

from squares.ai import (
    Hint,
    UnknownPlayer,
    get_player,
    hint,
    hint_player,
    player_names,
    prepare,
)
from squares.ai.base import Resign
from squares.ai.foursquare import SamplingPlayer
from squares.cli.arguments import deal_range, positive_int
from squares.games import GAMES, get_game
from squares.games.base import Status
from squares.games.foursquare import Foursquare


def games(game: str, deals: range) -> list[list[Any]]:
    """Each deal's states as ``game``'s default player plays it, from the deal to the end
    (or to where it resigns)."""
    rules, player = get_game(game), get_player(game)
    played = []
    for deal in deals:
        states = [rules.new(deal)]
        while rules.status(states[-1]) is Status.PLAYING:
            try:
                move = player.choose(rules.observe(states[-1]))
            except Resign:
                break
            states.append(rules.apply(states[-1], move))
        played.append(states)
    return played


def percentiles(seconds: list[float]) -> str:
    """``p50 49.2 ms, p95 78.0 ms, max 85.3 ms``."""
    cuts = statistics.quantiles(seconds, n=100)
    most = max(seconds)
    return f"p50 {cuts[49] * 1000:.1f} ms, p95 {cuts[94] * 1000:.1f} ms, max {most * 1000:.1f} ms"


def asker(
    game: str, player: str | None, trial: SamplingPlayer | None
) -> Callable[[list[Any]], Hint]:
    """How a face asks ``player`` (the hint player when ``None``) for a hint, or ``trial``
    (a Foursquare player)."""

    def ask(states: list[Any]) -> Hint:
        if trial is not None:
            return trial.hint_after([Foursquare().observe(state) for state in states])
        return hint(game, states, player)

    return ask


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(GAMES), default="foursquare")
    parser.add_argument("--deals", type=deal_range, default=deal_range("710000..710029"))
    parser.add_argument("--against", help="the other player (the game's default unless told)")
    parser.add_argument("--hinter", help="a player asked in the hint player's place")
    parser.add_argument("--samples", type=positive_int)
    parser.add_argument("--nodes", type=positive_int, default=2_000)
    args = parser.parse_args()
    against = args.against or player_names(args.game)[0]
    try:
        for named in (against, args.hinter):
            if named is not None:
                get_player(args.game, named)
    except UnknownPlayer as err:
        parser.error(str(err))
    if args.samples is not None and args.game != "foursquare":
        parser.error("--samples and --nodes are Foursquare's sampling player's budget")
    if args.samples is None:
        name, trial = args.hinter or hint_player(args.game), None
    else:
        name = f"sampling({args.samples}x{args.nodes})"
        trial = SamplingPlayer(args.samples, args.nodes)
    if name == against:
        parser.error(f"the hint player is {name}: name another with --against")
    players = {name: asker(args.game, name, trial), against: asker(args.game, against, None)}
    prepare(args.game)  # compile or load the searches before timing
    played = games(args.game, args.deals)
    for ask in players.values():
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
    ratio = statistics.median(cpus[name]) / max(statistics.median(cpus[against]), 1e-9)
    print(f"median CPU ratio {name} / {against}: {ratio:.0f}x")
    print(f"the same move hinted at {same}/{positions} positions ({same / positions:.0%})")


if __name__ == "__main__":
    main()
