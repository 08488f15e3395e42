"""``squares solve`` and ``squares simulate``: the solvers and the players, for any game.

Wiring into a parser: ``add_ai_commands(subparsers)`` adds both commands, each setting
``args.ai_command``; ``run_ai_command(args)`` runs it and turns bad input into a
message on stderr and exit code 2. ``main_ai(argv)`` does both, for tests and tools.

    squares solve foursquare --deal 7 --json
    squares simulate foursquare --player greedy --deals 0..999 --workers 2
    squares simulate foursquare --deals 0..999 --scheduler tcp://10.0.0.5:8786

Many deals run on a local Dask cluster (one process per core), or on the cluster of
``--scheduler``; ``--workers 1`` plays them in this process.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from squares.cards import parse_deal_number, shown
from squares.cli import argparse_words
from squares.cli.arguments import deal_range, positive_int, scheduler_address, workers
from squares.cli.exits import EXIT_BAD_INPUT, EXIT_OK
from squares.errors import SquaresError
from squares.games import GAMES, get_game
from squares.i18n import _, ngettext, number, percent

if TYPE_CHECKING:
    from squares.survey.deals import Budget

# The players, the process pool and the progress bar load in the commands that use them:
# every other command builds this parser too, and should start without them.

DEFAULT_SOLVE_SECONDS = 60.0


# -- argument types: argparse turns their errors into a usage message and exit code 2 --------
def deal_number(text: str) -> int:
    try:
        return parse_deal_number(text)
    except SquaresError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def positive_float(text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not number > 0 or math.isinf(number):
        raise argparse.ArgumentTypeError(
            _("expected a number of seconds above 0, not {text}").format(text=shown(text))
        )
    return number


def add_ai_commands(subparsers: Any) -> None:
    """Add ``solve`` and ``simulate`` to an ``add_subparsers()`` object."""
    games = list(GAMES)
    either = _("{first} or {second}").format(first=games[0], second=games[1])
    p = subparsers.add_parser(
        "solve",
        help=_("decide whether a deal can be won, seeing the whole deal"),
        description=_(
            "Search a deal with the solver, which SEES THE WHOLE DEAL (the stock's order): "
            "winnable (with a winning line and the best score), unwinnable (the search was "
            "exhausted) or undecided (the budget ran out first; never a guess)."
        ),
    )
    p.add_argument("game", choices=games, metavar="GAME", help=either)
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=deal_number, help=_("deal number"))
    which.add_argument(
        "--deals",
        type=deal_range,
        metavar="A..B",
        help=_("many deals (both ends included): a summary, and with --json every deal's answer"),
    )
    p.add_argument("--max-nodes", type=positive_int, metavar="N", help=_("stop after N positions"))
    p.add_argument(
        "--max-seconds",
        type=positive_float,
        metavar="S",
        help=_(
            "stop after S seconds (default {seconds} unless --max-nodes); with --deals, per deal"
        ).format(seconds=number(DEFAULT_SOLVE_SECONDS)),
    )
    p.add_argument(
        "--workers",
        type=workers,
        metavar="K",
        help=_("with --deals: processes (default: one per core)"),
    )
    add_scheduler_option(p)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(ai_command=solve_command)

    p = subparsers.add_parser(
        "simulate",
        help=_("let a player play many deals: the win rate and its confidence interval"),
        description=_(
            "Play deals A..B (both included) with a player, which sees only what a person "
            "sees, and report the win rate with its 95 percent Wilson interval, the mean "
            "score and the time per move."
        ),
    )
    p.add_argument("game", choices=games, metavar="GAME", help=either)
    p.add_argument("--player", metavar="NAME", help=_("the player (default: the strongest)"))
    p.add_argument(
        "--deals", type=deal_range, required=True, metavar="A..B", help=_("deals, e.g. 0..999")
    )
    p.add_argument(
        "--workers",
        type=workers,
        metavar="K",
        help=_("processes (default: one per core; 1 plays in this process)"),
    )
    add_scheduler_option(p)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(ai_command=simulate_command)


def add_scheduler_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--scheduler",
        type=scheduler_address,
        metavar="tcp://HOST:PORT",
        help=_(
            "run on this Dask cluster instead of a local one (its workers need squares installed)"
        ),
    )


def run_ai_command(args: argparse.Namespace) -> int:
    """Run the command chosen by ``add_ai_commands``; bad input: stderr and exit code 2."""
    command: Callable[[argparse.Namespace], int] = args.ai_command
    try:
        return command(args)
    except SquaresError as err:
        print(_("squares: error: {problem}").format(problem=err), file=sys.stderr)
        return EXIT_BAD_INPUT


def main_ai(argv: Sequence[str] | None = None) -> int:
    """``squares solve ...`` / ``squares simulate ...`` on their own (tests, tools)."""
    argparse_words.install()
    parser = argparse.ArgumentParser(prog="squares")
    add_ai_commands(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    return run_ai_command(parser.parse_args(argv))


# -- solve ---------------------------------------------------------------------------------
def solve_command(args: argparse.Namespace) -> int:
    from squares.ai import get_solver
    from squares.survey.deals import Budget, solve_deal

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
    print(
        _("{game}, deal {deal}: solver {solver} ({description})").format(
            game=_(game.title),
            deal=args.deal,
            solver=solver.name,
            description=_(solver.description),
        )
    )
    score = result["best_score"]
    if result["verdict"] == "winnable":
        verdict = {
            True: _("winnable, best score {score} (proven best)"),
            False: _("winnable, best score found {score} (not proven best)"),
            None: _("winnable, score {score}"),
        }[result["best_proven"]].format(score=score)
    elif result["verdict"] == "unwinnable":
        verdict = _("unwinnable: no line wins; the search was exhausted")
    else:
        verdict = _("undecided: the budget ran out before a win or a proof")
    print(verdict)
    print(_searched(result["nodes"], result["seconds"]))
    if result["conflicts"]:
        print(
            ngettext(
                "the proof by clauses: {count} conflict",
                "the proof by clauses: {count} conflicts",
                result["conflicts"],
            ).format(count=number(result["conflicts"]))
        )
    if result["line"]:
        count = len(result["line"])
        label = (
            ngettext("winning line, {count} move:", "winning line, {count} moves:", count)
            if result["verdict"] == "winnable"
            else ngettext(
                "best line found, {count} move:", "best line found, {count} moves:", count
            )
        )
        print(label.format(count=number(count)), " ".join(result["line"]))
    return EXIT_OK


def _searched(nodes: int, seconds: float) -> str:
    return ngettext(
        "searched {count} position in {seconds} s",
        "searched {count} positions in {seconds} s",
        nodes,
    ).format(count=number(nodes), seconds=number(seconds, 2))


def _solve_many(args: argparse.Namespace, budget: Budget) -> int:
    from squares.cli.progress import Progress
    from squares.survey.deals import run_deals, summarize_solves

    game = get_game(args.game)
    workers = args.workers or os.cpu_count() or 1
    # TRANSLATORS: a progress bar's words while many deals are solved
    template = _("{done} of {total} deals, {good} winnable, {seconds} s left")
    progress = Progress(sys.stderr, len(args.deals), template) if sys.stderr.isatty() else None
    results: list[dict[str, Any]] = []
    for result in run_deals("solve", game.name, budget, args.deals, workers, args.scheduler):
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
    print(
        _("{game}, solver {solver}, deals {deals}").format(
            game=_(game.title), solver=summary["solver"], deals=_span(args.deals)
        )
    )
    print(
        _("winnable {winnable}, unwinnable {unwinnable}, undecided {undecided} of {deals}").format(
            winnable=number(summary["winnable"]),
            unwinnable=number(summary["unwinnable"]),
            undecided=number(summary["undecided"]),
            deals=number(summary["deals"]),
        )
    )
    # TRANSLATORS: the share of winnable deals; {level} is "95%", {low} and {high} percentages
    print(_interval(_("winnable share: {level} confidence interval {low} to {high}"), low, high))
    labels = {"unwinnable": _("unwinnable deals:"), "undecided": _("undecided deals:")}
    for verdict, label in labels.items():
        if summary[f"{verdict}_deals"]:
            print(label, " ".join(map(str, summary[f"{verdict}_deals"])))
    mean = summary["mean_best_score"]
    if mean is not None:
        proven = summary["best_proven"]
        print(
            ngettext(
                "mean best score {score} over the winnable deals ({count} proven best)",
                "mean best score {score} over the winnable deals ({count} proven best)",
                proven,
            ).format(score=number(mean, 2), count=number(proven))
        )
    print(_searched(summary["nodes"], summary["seconds"]))
    return EXIT_OK


def _interval(template: str, low: float, high: float) -> str:
    return template.format(level=percent(0.95, 0), low=percent(low), high=percent(high))


# -- simulate ------------------------------------------------------------------------------
def simulate_command(args: argparse.Namespace) -> int:
    from squares.ai import get_player, player_names
    from squares.cli.progress import Progress
    from squares.survey.deals import Played, run_deals, summarize_plays

    game = get_game(args.game)
    name = args.player or player_names(args.game)[0]
    get_player(args.game, name)  # an unknown name fails here, before any work
    workers = args.workers or os.cpu_count() or 1
    # TRANSLATORS: a progress bar's words while a player plays many deals
    template = _("{done} of {total} deals, {good} won, {seconds} s left")
    progress = Progress(sys.stderr, len(args.deals), template) if sys.stderr.isatty() else None
    results: list[Played] = []
    for result in run_deals("play", game.name, name, args.deals, workers, args.scheduler):
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
    print(
        _("{game}, player {player}, deals {deals}").format(
            game=_(game.title), player=name, deals=_span(args.deals)
        )
    )
    print(
        _("won {wins} of {deals}: {rate}").format(
            wins=number(summary["wins"]),
            deals=number(summary["deals"]),
            rate=percent(summary["win_rate"]),
        )
    )
    # TRANSLATORS: {level} is "95%", {low} and {high} percentages
    print(_interval(_("win rate: {level} confidence interval {low} to {high}"), low, high))
    if mean is not None:
        print(
            ngettext(
                "mean score {score} over the {count} game with a score",
                "mean score {score} over the {count} games with a score",
                summary["scored"],
            ).format(score=number(mean, 2), count=number(summary["scored"]))
        )
    print(
        _("{milliseconds} ms of CPU time per move").format(
            milliseconds=number(1000 * summary["seconds_per_move"], 2)
        )
    )
    return EXIT_OK


def _span(deals: range) -> str:
    return f"{deals.start}..{deals.stop - 1}"
