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
from collections.abc import Callable, Sequence
from typing import Any

from squares.ai import get_player, get_solver, player_names
from squares.cards import MAX_DEAL, parse_deal_number
from squares.cli.ai_runs import (
    Budget,
    Played,
    Progress,
    run_deals,
    solve_deal,
    summarize_plays,
    summarize_solves,
)
from squares.errors import SquaresError
from squares.games import GAMES, get_game

EXIT_OK = 0
EXIT_BAD_INPUT = 2
DEFAULT_SOLVE_SECONDS = 60.0


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
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=deal_number, help="deal number")
    which.add_argument(
        "--deals",
        type=deal_range,
        metavar="A..B",
        help="many deals (both ends included): a summary, and with --json every deal's answer",
    )
    p.add_argument("--max-nodes", type=positive_int, metavar="N", help="stop after N positions")
    p.add_argument(
        "--max-seconds",
        type=positive_float,
        metavar="S",
        help=f"stop after S seconds (default {DEFAULT_SOLVE_SECONDS:g} unless --max-nodes); "
        "with --deals, per deal",
    )
    p.add_argument(
        "--workers",
        type=positive_int,
        metavar="K",
        help="with --deals: processes (default: one per core)",
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
    budget = Budget(args.max_nodes, max_seconds)
    if args.deals is not None:
        return _solve_many(args, budget)
    result = solve_deal(game.name, budget, args.deal)
    if args.json:
        print(json.dumps(result))
        return EXIT_OK
    print(f"{game.title} deal {args.deal}, solver {solver.name} ({solver.description})")
    searched = f"{result['nodes']:,} positions in {result['seconds']:.2f} s"
    if result["verdict"] == "winnable":
        note = {True: " (proven best)", False: " (the best found; not proven best)", None: ""}
        print(
            f"winnable: score {result['best_score']}{note[result['best_proven']]}, "
            f"{len(result['line'])} moves ({searched})"
        )
        print("line: " + " ".join(result["line"]))
    elif result["verdict"] == "unwinnable":
        print(f"unwinnable: no line wins; the search was exhausted ({searched})")
    else:
        print(f"undecided: the budget ran out before a win or a proof ({searched})")
    return EXIT_OK


def _solve_many(args: argparse.Namespace, budget: Budget) -> int:
    game = get_game(args.game)
    workers = args.workers or os.cpu_count() or 1
    progress = Progress(sys.stderr, len(args.deals), "winnable") if sys.stderr.isatty() else None
    results: list[dict[str, Any]] = []
    for result in run_deals("solve", game.name, budget, args.deals, workers):
        results.append(result)
        if progress:
            progress.update(len(results), sum(r["verdict"] == "winnable" for r in results))
    if progress:
        progress.close()
    summary = summarize_solves(game.name, results)
    if args.json:
        print(json.dumps(summary))
        return EXIT_OK
    low, high = summary["ci95"]
    print(f"{game.title}, solver {summary['solver']}, deals {_span(args.deals)}")
    print(
        f"winnable {summary['winnable']}, unwinnable {summary['unwinnable']}, undecided "
        f"{summary['undecided']} of {summary['deals']} (winnable: 95% interval "
        f"{100 * low:.1f}% to {100 * high:.1f}%)"
    )
    for verdict in ("unwinnable", "undecided"):
        if summary[f"{verdict}_deals"]:
            print(f"{verdict}: " + " ".join(map(str, summary[f"{verdict}_deals"])))
    mean = summary["mean_best_score"]
    print(
        f"mean best score {'-' if mean is None else f'{mean:.2f}'} over the winnable deals "
        f"({summary['best_proven']} proven best); {summary['nodes']:,} positions in "
        f"{summary['seconds']:.1f} s"
    )
    return EXIT_OK


# -- simulate ------------------------------------------------------------------------------
def simulate_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    name = args.player or player_names(args.game)[0]
    get_player(args.game, name)  # an unknown name fails here, before any work
    workers = args.workers or os.cpu_count() or 1
    progress = Progress(sys.stderr, len(args.deals), "won") if sys.stderr.isatty() else None
    results: list[Played] = []
    for result in run_deals("play", game.name, name, args.deals, workers):
        results.append(result)
        if progress:
            progress.update(len(results), sum(r.won for r in results))
    if progress:
        progress.close()
    summary = summarize_plays(game.name, name, results)
    if args.json:
        print(json.dumps(summary))
        return EXIT_OK
    low, high = summary["ci95"]
    mean = summary["mean_score"]
    print(f"{game.title}, player {name}, deals {_span(args.deals)}")
    print(
        f"won {summary['wins']} of {summary['deals']}: {100 * summary['win_rate']:.1f}% "
        f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%)"
    )
    print(
        f"mean score {'-' if mean is None else f'{mean:.2f}'} over the {summary['scored']} games "
        f"with a score; {1000 * summary['seconds_per_move']:.2f} ms (CPU) per move"
    )
    return EXIT_OK


def _span(deals: range) -> str:
    return f"{deals.start}..{deals.stop - 1}"
