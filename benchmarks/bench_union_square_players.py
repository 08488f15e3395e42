"""Union Square players side by side: keeper against lookahead on the same deals, one run.

    python benchmarks/bench_union_square_players.py --lost
    python benchmarks/bench_union_square_players.py --deals 0..1999 [--workers K]
    python benchmarks/bench_union_square_players.py --level expert --samples 16 --late 104

``--lost`` plays the deals of 0..99,999 that keeper loses (from the survey of
``surveys/union-square.sqlite``); ``--level L`` the deals the package rates L;
``--deals A..B`` plays deals A..B (B included). ``--samples`` and ``--late`` give
lookahead other settings than its own (``Lookahead(samples, late)``). For
each player it prints wins, the 95% Wilson interval, the mean score and the CPU time a
move, then the deals one player wins and the other loses, and the ratio of the two CPU
times. Every move is checked by the rules engine (``squares.survey.deals.play_with``).
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from squares.ai import get_player
from squares.ai.base import Player
from squares.ai.confidence import wilson
from squares.ai.deal_levels import LEVELS, shipped_levels
from squares.ai.union_square.lookahead import LATE, SAMPLES, Lookahead
from squares.survey.deals import Played, play_with

PLAYERS = ("keeper", "lookahead")
KEEPER_LOST = (
    437, 2252, 11452, 13919, 18242, 28797, 38376, 39882, 40265, 43279, 45092, 45221, 50959,
    55525, 57191, 58367, 62224, 62579, 67241, 69121, 74988, 75190, 77459, 83186, 84833,
    87344, 89144, 94315, 95986,
)  # fmt: skip


def play(job: tuple[str, int, int, int]) -> Played:
    name, deal, samples, late = job
    player: Player[Any, Any] = (
        Lookahead(samples, late) if name == "lookahead" else get_player("union-square", name)
    )
    return play_with("union-square", player, deal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lost", action="store_true", help="the deals keeper loses")
    parser.add_argument("--deals", default="0..199", help="A..B, both included")
    parser.add_argument("--level", choices=LEVELS, help="the deals rated this level")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="lookahead's orders")
    parser.add_argument("--late", type=int, default=LATE, help="lookahead's stock limit")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.lost:
        deals = list(KEEPER_LOST)
    elif args.level:
        table = shipped_levels("union-square")
        deals = table.deals(args.level) if table else []
    else:
        first, last = (int(end) for end in args.deals.split(".."))
        deals = list(range(first, last + 1))
    jobs = [(name, deal, args.samples, args.late) for name in PLAYERS for deal in deals]
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play, jobs, chunksize=4))
    results = {
        name: games[at * len(deals) : (at + 1) * len(deals)] for at, name in enumerate(PLAYERS)
    }
    which = "keeper lost" if args.lost else args.level or args.deals
    print(f"Union Square, {len(deals)} deals ({which}), lookahead {args.samples} x {args.late}")
    per_move = {}
    for name, played in results.items():
        wins = sum(game.won for game in played)
        low, high = wilson(wins, len(played))
        moves = sum(game.moves for game in played)
        per_move[name] = 1000 * sum(game.seconds for game in played) / max(1, moves)
        print(
            f"  {name:10} wins {wins:6} of {len(played)}  95% {low:.4f}..{high:.4f}"
            f"  mean score {statistics.fmean(game.score or 0 for game in played):6.2f}"
            f"  {per_move[name]:.3f} ms a move (CPU)"
        )
    keeper, lookahead = results["keeper"], results["lookahead"]
    gained = [a.deal for a, b in zip(keeper, lookahead, strict=True) if b.won and not a.won]
    lost = [a.deal for a, b in zip(keeper, lookahead, strict=True) if a.won and not b.won]
    print(f"  lookahead wins, keeper loses: {gained}")
    print(f"  keeper wins, lookahead loses: {lost}")
    print(f"  CPU a move, lookahead / keeper: {per_move['lookahead'] / per_move['keeper']:.2f}")


if __name__ == "__main__":
    main()
