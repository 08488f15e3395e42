"""``squares solve`` and ``squares simulate``: the solvers and the players, for any game.

Wiring into a parser: ``add_ai_commands(subparsers)`` adds both commands, each setting
``args.ai_command``; ``run_ai_command(args)`` runs it and turns bad input into a
message on stderr and exit code 2. ``main_ai(argv)`` does both, for tests and tools.

    squares solve foursquare --deal 7 --json
    squares simulate foursquare --player greedy --deals 0..999 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TextIO

from squares.ai import get_player, get_solver, player_names
from squares.cards import MAX_DEAL, parse_deal_number
from squares.errors import SquaresError
from squares.games import GAMES, get_game
from squares.games.base import Status

EXIT_OK = 0
EXIT_BAD_INPUT = 2
DEFAULT_SOLVE_SECONDS = 60.0
Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


# -- argument types: argparse turns their errors into a usage message and exit code 2 --------
def deal_number(text: str) -> int:
    try:
        return parse_deal_number(text)
    except SquaresError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def deal_range(text: str) -> range:
    """``A..B`` (both included) or a single deal ``N``."""
    first, dots, last = text.partition("..")
    try:
        low = parse_deal_number(first)
        high = parse_deal_number(last) if dots else low
    except SquaresError:
        raise argparse.ArgumentTypeError(
            f"bad deal range {text!r}: expected A..B with whole numbers 0 <= A <= B <= {MAX_DEAL},"
            " such as 0..999"
        ) from None
    if high < low:
        raise argparse.ArgumentTypeError(
            f"bad deal range {text!r}: the first deal comes after the last (try {high}..{low})"
        )
    return range(low, high + 1)


def positive_int(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return number


def positive_float(text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not number > 0 or math.isinf(number):
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return number


def add_ai_commands(subparsers: Any) -> None:
    """Add ``solve`` and ``simulate`` to an ``add_subparsers()`` object."""
    games = list(GAMES)
    p = subparsers.add_parser(
        "solve",
        help="decide whether a deal can be won, seeing the whole deal",
        description="Search a deal with the solver, which SEES THE WHOLE DEAL (the stock's order): "
        "winnable (with a winning line and the best score), unwinnable (the search was exhausted) "
        "or undecided (the budget ran out first; never a guess).",
    )
    p.add_argument("game", choices=games, metavar="GAME", help=" or ".join(games))
    p.add_argument("--deal", type=deal_number, required=True, help="deal number")
    p.add_argument("--max-nodes", type=positive_int, metavar="N", help="stop after N positions")
    p.add_argument(
        "--max-seconds",
        type=positive_float,
        metavar="S",
        help=f"stop after S seconds (default {DEFAULT_SOLVE_SECONDS:g} unless --max-nodes)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(ai_command=solve_command)

    p = subparsers.add_parser(
        "simulate",
        help="let a player play many deals; win rate with its 95%% interval",
        description="Play deals A..B (both included) with a player, which sees only what a person "
        "sees, and report the win rate with its 95%% Wilson interval, the mean score and the "
        "time per move.",
    )
    p.add_argument("game", choices=games, metavar="GAME", help=" or ".join(games))
    p.add_argument("--player", metavar="NAME", help="the player (default: the strongest)")
    p.add_argument(
        "--deals", type=deal_range, required=True, metavar="A..B", help="deals, e.g. 0..999"
    )
    p.add_argument(
        "--workers",
        type=positive_int,
        metavar="K",
        help="processes (default: one per core; 1 plays in this process)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(ai_command=simulate_command)


def run_ai_command(args: argparse.Namespace) -> int:
    """Run the command chosen by ``add_ai_commands``; bad input: stderr and exit code 2."""
    command: Callable[[argparse.Namespace], int] = args.ai_command
    try:
        return command(args)
    except SquaresError as err:
        print(f"squares: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def main_ai(argv: Sequence[str] | None = None) -> int:
    """``squares solve ...`` / ``squares simulate ...`` on their own (tests, tools)."""
    parser = argparse.ArgumentParser(prog="squares")
    add_ai_commands(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    return run_ai_command(parser.parse_args(argv))


# -- solve ---------------------------------------------------------------------------------
def solve_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    solver = get_solver(args.game)
    max_seconds = args.max_seconds
    if max_seconds is None and args.max_nodes is None:
        max_seconds = DEFAULT_SOLVE_SECONDS
    solution = solver.solve(game.new(args.deal), max_nodes=args.max_nodes, max_seconds=max_seconds)
    result = {
        "game": game.name,
        "deal": args.deal,
        "solver": solver.name,
        "verdict": str(solution.verdict),
        "line": solution.line,
        "best_score": solution.best_score,
        "best_proven": solution.best_proven,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 3),
    }
    if args.json:
        print(json.dumps(result))
        return EXIT_OK
    print(f"{game.title} deal {args.deal}, solver {solver.name} ({solver.description})")
    searched = f"{solution.nodes:,} positions in {solution.seconds:.2f} s"
    if solution.verdict == "winnable":
        proven = {True: "proven best", False: "best found, not proven best", None: ""}
        note = proven[solution.best_proven]
        print(
            f"winnable: score {solution.best_score}{f' ({note})' if note else ''}, "
            f"{len(solution.line)} moves ({searched})"
        )
        print("line: " + " ".join(solution.line))
    elif solution.verdict == "unwinnable":
        print(f"unwinnable: no line wins; the search was exhausted ({searched})")
    else:
        print(f"undecided: the budget ran out before a win or a proof ({searched})")
    return EXIT_OK


# -- simulate ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealResult:
    deal: int
    won: bool
    score: int | None
    moves: int
    seconds: float  # CPU time spent choosing moves


_PLAYERS: dict[tuple[str, str | None], Any] = {}  # one player per process and name


def play_deal(game_name: str, player_name: str | None, deal: int) -> DealResult:
    """Play one deal to its end with the player (moves checked by the rules engine)."""
    key = (game_name, player_name)
    if key not in _PLAYERS:
        _PLAYERS[key] = get_player(game_name, player_name)
    player, game = _PLAYERS[key], get_game(game_name)
    state = game.new(deal)
    moves, seconds = 0, 0.0
    while game.status(state) is Status.PLAYING:
        start = time.process_time()
        move = player.choose(state)
        seconds += time.process_time() - start
        state = game.apply(state, move)
        moves += 1
    return DealResult(deal, game.status(state) is Status.WON, game.score(state), moves, seconds)


def _play_chunk(task: tuple[str, str | None, list[int]]) -> list[DealResult]:
    game_name, player_name, deals = task
    return [play_deal(game_name, player_name, deal) for deal in deals]


def play_deals(
    game_name: str, player_name: str | None, deals: range, workers: int
) -> Iterator[DealResult]:
    """Every deal's result, as they finish (a process pool unless ``workers`` is 1)."""
    if workers == 1 or len(deals) == 1:
        for deal in deals:
            yield play_deal(game_name, player_name, deal)
        return
    chunk = max(1, min(20, len(deals) // (workers * 8)))
    tasks = [
        (game_name, player_name, list(deals[i : i + chunk])) for i in range(0, len(deals), chunk)
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for results in pool.map(_play_chunk, tasks):
            yield from results


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(game_name: str, player_name: str, results: list[DealResult]) -> dict[str, Any]:
    n = len(results)
    wins = sum(r.won for r in results)
    scores = [r.score for r in results if r.score is not None]
    moves = sum(r.moves for r in results)
    low, high = wilson(wins, n)
    return {
        "game": game_name,
        "player": player_name,
        "deals": n,
        "wins": wins,
        "win_rate": round(wins / n, 6) if n else 0.0,
        "ci95": [round(low, 6), round(high, 6)],
        "mean_score": round(sum(scores) / len(scores), 4) if scores else None,
        "scored": len(scores),
        "seconds_per_move": round(sum(r.seconds for r in results) / moves, 6) if moves else 0.0,
        "first_deal": results[0].deal if results else None,
        "last_deal": results[-1].deal if results else None,
    }


def simulate_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    names = player_names(args.game)
    name = args.player or names[0]
    get_player(args.game, name)  # an unknown name fails here, before any work
    workers = args.workers or os.cpu_count() or 1
    progress = _Progress(sys.stderr, len(args.deals)) if sys.stderr.isatty() else None
    results: list[DealResult] = []
    for result in play_deals(args.game, name, args.deals, workers):
        results.append(result)
        if progress:
            progress.update(len(results), sum(r.won for r in results))
    if progress:
        progress.close()
    results.sort(key=lambda r: r.deal)
    summary = summarize(game.name, name, results)
    if args.json:
        print(json.dumps(summary))
        return EXIT_OK
    low, high = summary["ci95"]
    mean = summary["mean_score"]
    print(f"{game.title}, player {name}, deals {args.deals.start}..{args.deals.stop - 1}")
    print(
        f"won {summary['wins']} of {summary['deals']}: {100 * summary['win_rate']:.1f}% "
        f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%)"
    )
    print(
        f"mean score {'-' if mean is None else f'{mean:.2f}'} over the {summary['scored']} games "
        f"with a score; {1000 * summary['seconds_per_move']:.1f} ms (CPU) per move"
    )
    return EXIT_OK


class _Progress:
    """A one-line progress bar, redrawn in place (only ever shown on a terminal)."""

    def __init__(self, out: TextIO, total: int) -> None:
        self.out, self.total, self.start = out, total, time.monotonic()

    def update(self, done: int, wins: int) -> None:
        width = 30
        filled = width * done // self.total
        elapsed = time.monotonic() - self.start
        eta = elapsed / done * (self.total - done)
        self.out.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} deals, "
            f"{wins} won, {eta:.0f} s left "
        )
        self.out.flush()

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()
