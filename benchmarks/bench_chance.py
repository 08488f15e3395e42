"""How long "your chance of winning from here" takes to answer during play, per game.

Positions come from games a baseline player plays on numbered deals: the deal itself, and
a quarter and half way through the game. Each is asked ``squares.review.chance.from_here``
(at most the game's ``live_samples`` playouts by the strongest fast player), as every
face asks it.
The first answer of a game also compiles or loads the compiled search; one is asked before
timing (``--no-warm-up`` to time it too). The answers are the same on any machine; only the
times are this machine's (wall-clock, and the CPU time of this process, which a machine
shared with other work inflates less).

    python benchmarks/bench_chance.py                       # both games, deals 0..4
    python benchmarks/bench_chance.py --game union-square --deals 0..9
"""

from __future__ import annotations

import statistics
from typing import Any

from deal_runs import deal_arguments, timed

from squares.ai import get_hindsight, get_player
from squares.ai.base import Resign
from squares.games import get_game
from squares.games.base import Status
from squares.review.chance import from_here

SHARES = (0.0, 0.25, 0.5)  # how far through the baseline's game each position lies


def positions(game_name: str, player_name: str, deal: int) -> list[tuple[int, Any]]:
    """(moves played, state) at each of ``SHARES`` of the player's game on ``deal``."""
    game, player = get_game(game_name), get_player(game_name, player_name)
    states: list[Any] = [game.new(deal)]
    while game.status(states[-1]) is Status.PLAYING:
        try:
            move = player.choose(game.observe(states[-1]))
        except Resign:
            break
        states.append(game.apply(states[-1], move))
    last = len(states) - 2 if game.status(states[-1]) is not Status.PLAYING else len(states) - 1
    return [(int(share * last), states[int(share * last)]) for share in SHARES]


def main() -> None:
    args, deals = deal_arguments(__doc__, "0..4", "the player whose games give positions")
    for game_name in args.game:
        game = get_game(game_name)
        if not args.no_warm_up:
            from_here(game, game.new(deals[0]), 0)
        times: list[float] = []
        cpus: list[float] = []
        for deal in deals:
            for at, state in positions(game_name, args.player, deal):
                chance, wall, cpu = timed(lambda: from_here(game, state, at))  # noqa: B023
                times.append(wall)
                cpus.append(cpu)
                print(
                    f"{game_name} deal {deal} after {at} moves: {chance.wins}/{chance.samples} "
                    f"won, {wall:.2f} s ({cpu:.2f} s CPU)"
                )
        samples = get_hindsight(game_name).live_samples
        print(
            f"{game_name}: at most {samples} orders of the unseen cards an answer; per answer "
            f"median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"(CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s), "
            f"{len(times)} answers"
        )


if __name__ == "__main__":
    main()
