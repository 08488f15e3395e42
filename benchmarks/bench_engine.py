"""Engine speed: random playouts per second, and the cost of one legal-moves + apply step.

Run on demand: ``python benchmarks/bench_engine.py [--seconds S]``. Prints figures only.
Union Square's random player takes a foundation move when it has one, else a random
tableau move with probability 1/2 (at most 20 between deals), else deals: pure random
play would shuffle cards between piles for ever.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from squares.games import get_game
from squares.games.base import Game, Status


def foursquare_playout(game: Game[Any, Any], deal: int, rng: random.Random) -> int:
    state, steps = game.new(deal), 0
    while game.status(state) is Status.PLAYING:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        steps += 1
    return steps


def union_square_playout(game: Game[Any, Any], deal: int, rng: random.Random) -> int:
    state, steps, shuffles = game.new(deal), 0, 0
    while game.status(state) is Status.PLAYING:
        moves = game.legal_moves(state)
        home = [m for m in moves if str(m).endswith("-f")]
        builds = [m for m in moves if not str(m).endswith("-f") and str(m) != "s"]
        if home:
            move = home[0]
        elif builds and (shuffles < 20 or "s" not in map(str, moves)) and rng.random() < 0.5:
            move, shuffles = rng.choice(builds), shuffles + 1
        elif "s" in map(str, moves):
            move, shuffles = game.parse_move("s"), 0
        else:
            break  # only rearrangements are left and the coin said stop
        state = game.apply(state, move)
        steps += 1
    return steps


PLAYOUTS = {"foursquare": foursquare_playout, "union-square": union_square_playout}


def measure(name: str, seconds: float) -> None:
    game, rng = get_game(name), random.Random(2026)
    start, games, steps = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        steps += PLAYOUTS[name](game, games, rng)
        games += 1
    elapsed = time.perf_counter() - start
    print(
        f"{name:13} {games / elapsed:9.1f} playouts/s  {elapsed / steps * 1e6:8.1f} µs per "
        f"legal-moves + apply step  ({games} games, {steps} steps, {elapsed:.1f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    args = parser.parse_args()
    for name in PLAYOUTS:
        measure(name, args.seconds)


if __name__ == "__main__":
    main()
