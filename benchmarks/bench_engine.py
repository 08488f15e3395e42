"""Engine speed: random playouts per second, and the cost of one legal-moves + apply step,
beside the plain reference models of ``tests/reference`` on the same games.

Run on demand: ``python benchmarks/bench_engine.py [--seconds S]``. Prints figures only.
The comparison replays the moves of recorded random games through the engine
(``legal_moves`` then ``apply``) and through the model (``legal`` then its move), one
after the other in this process, and prints the ratio.
Union Square's random player takes a foundation move when it has one, else a random
tableau move with probability 1/2 (at most 20 between deals), else deals: pure random
play would shuffle cards between piles for ever.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the models in tests/

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


def recorded(game: Game[Any, Any], games: int) -> list[tuple[Any, list[Any]]]:
    """Random games (the playouts' policy): each start and the moves played."""
    rng, out = random.Random(7), []
    for deal in range(games):
        moves: list[Any] = []
        state = game.new(deal)
        record = _Recorder(game, moves)
        PLAYOUTS[game.name](record, deal, rng)  # type: ignore[arg-type]
        out.append((state, moves))
    return out


class _Recorder:
    """The game, noting every move applied (for ``recorded``)."""

    def __init__(self, game: Game[Any, Any], moves: list[Any]) -> None:
        self.game, self.moves = game, moves

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def apply(self, state: Any, move: Any) -> Any:
        self.moves.append(move)
        return self.game.apply(state, move)


def engine_steps(game: Game[Any, Any], state: Any, moves: list[Any]) -> float:
    start = time.process_time()
    for move in moves:
        game.legal_moves(state)
        state = game.apply(state, move)
    return time.process_time() - start


def model_steps(game: Game[Any, Any], state: Any, moves: list[Any]) -> float:
    from tests.reference.test_foursquare_model import foursquare_model_of
    from tests.reference.union_square_model import union_square_model_of

    if game.name == "foursquare":
        model: Any = foursquare_model_of(state)
        step = model.place
    else:
        model = union_square_model_of(state)
        step = model.apply
    texts = [str(m) for m in moves]
    start = time.process_time()
    for text in texts:
        model.legal()
        step(text)
    return time.process_time() - start


def versus_model(name: str, count: int) -> None:
    game = get_game(name)
    games = recorded(game, count)
    steps = sum(len(moves) for _, moves in games)
    # Game by game, one then the other, so that a change in the machine's load falls on both.
    engine = model = 0.0
    for state, moves in games:
        engine += engine_steps(game, state, moves)
        model += model_steps(game, state, moves)
    print(
        f"{name:13} engine {engine / steps * 1e6:7.1f} µs, reference model "
        f"{model / steps * 1e6:7.1f} µs per legal-moves + apply step (CPU): the engine is "
        f"{model / engine:.2f}x the model  ({count} games, {steps} steps)"
    )


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
    for name, count in (("foursquare", 2000), ("union-square", 60)):
        versus_model(name, count)


if __name__ == "__main__":
    main()
