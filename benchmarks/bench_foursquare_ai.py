"""Foursquare AI speed: the fast board against the rules engine, each player's time per
move, and the whole-deal solver's positions per second.

Run on demand: ``python benchmarks/bench_foursquare_ai.py [--seconds S] [--deals N]``.
Times are CPU seconds of this process (``time.process_time``), so other work on the
machine does not inflate them. Prints figures only; strength is measured by
``squares simulate`` (see docs/strength.md), not here.
"""

from __future__ import annotations

import argparse
import random
import time

from squares.ai import get_player, get_solver, player_names
from squares.ai.foursquare import board as fast
from squares.games.base import Status
from squares.games.foursquare import Foursquare

GAME = Foursquare()


def public_playouts(seconds: float) -> tuple[float, float]:
    """Random playouts per second and placements per second with the rules engine."""
    rng, games, steps = random.Random(2026), 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = GAME.new(games)
        while GAME.status(state) is Status.PLAYING:
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
            steps += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed


def fast_playouts(seconds: float) -> tuple[float, float]:
    """The same random playouts on the fast board (the deals' ranks read up front)."""
    deals = [[card.rank for card in GAME.new(deal).remaining] for deal in range(1000)]
    rng, games, steps = random.Random(2026), 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        ranks, board = deals[games % 1000], fast.EMPTY
        for rank in ranks:
            board = fast.play(board, rng.choice(fast.moves(board)), rank)
            steps += 1
            if fast.is_lost(board) or fast.is_won(board):
                break
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed


def player_speed(name: str, deals: range) -> tuple[float, int, int]:
    """CPU seconds per move of one player over whole games, the moves and the wins."""
    player = get_player("foursquare", name)
    spent, moves, wins = 0.0, 0, 0
    for deal in deals:
        state = GAME.new(deal)
        while GAME.status(state) is Status.PLAYING:
            start = time.process_time()
            move = player.choose(state)
            spent += time.process_time() - start
            state = GAME.play(state, move)
            moves += 1
        wins += GAME.status(state) is Status.WON
    return spent / moves, moves, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine measurement")
    parser.add_argument("--deals", type=int, default=5, help="deals per player and for the solver")
    args = parser.parse_args()
    deals = range(100_000, 100_000 + args.deals)  # not the deals of docs/strength.md

    public, public_steps = public_playouts(args.seconds)
    quick, quick_steps = fast_playouts(args.seconds)
    print(
        f"rules engine  {public:9.0f} random playouts/s  {1e6 / public_steps:6.1f} µs per placement"
    )
    print(
        f"fast board    {quick:9.0f} random playouts/s  {1e6 / quick_steps:6.1f} µs per placement"
    )
    print(
        f"ratio         {quick / public:9.1f}× playouts/s"
        f"  {quick_steps / public_steps:6.1f}× placements/s"
    )

    for name in player_names("foursquare"):
        per_move, moves, wins = player_speed(name, deals)
        print(
            f"player {name:13} {1000 * per_move:8.2f} ms per move  "
            f"({moves} moves, {wins}/{len(deals)} won)"
        )

    solver = get_solver("foursquare")
    nodes = 0
    start = time.process_time()
    for deal in deals:
        solution = solver.solve(GAME.new(deal), max_seconds=10)
        nodes += solution.nodes
        print(
            f"solver deal {deal}: {solution.verdict}, best score {solution.best_score} "
            f"({'proven' if solution.best_proven else 'not proven'}), {solution.nodes} positions"
        )
    elapsed = time.process_time() - start
    print(f"solver        {nodes / elapsed:9.0f} positions/s  ({nodes} in {elapsed:.1f} s CPU)")


if __name__ == "__main__":
    main()
