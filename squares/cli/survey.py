"""``squares survey``: every deal of a range played by the players and searched by the
solver, each result written to a results file as it comes in; and ``squares
survey-report``, the tables and plots of such a file.

    squares survey union-square --deals 0..999 --results us.sqlite
    squares survey foursquare --deals 0..99 --players greedy,random --no-solver --results f.sqlite
    squares survey foursquare --deals 0..9999 --results f.sqlite --again unproven
    squares survey foursquare --deals 0..9999 --results f.sqlite --again unproven --scores 22
    squares survey-report us.sqlite --plots plots/

Run the same survey again and it does only what the file lacks; with ``--again
unproven`` it searches again, and only, the deals whose best score the solver left
unproven (once per version of the solver and budget), replacing their rows; ``--again
unproven --max-nodes N`` gives them the larger budget N, ``--scores A..B`` takes only
those whose best score found is A to B. The solver's budget is in
positions (``--max-nodes``), so a row is the same on any machine; one file holds one budget.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squares.cards import is_ascii_number, shown
from squares.cli.ai import add_scheduler_option
from squares.cli.arguments import deal_range, positive_int, range_ends, results_file, workers
from squares.cli.exits import EXIT_OK
from squares.games import GAMES, either
from squares.i18n import N_, _, ngettext, number
from squares.survey.results import DEFAULT_MAX_NODES

if TYPE_CHECKING:
    from squares.survey.rows import Row
    from squares.survey.run import Seen, Work

MOST_SCORE = 999  # above every score of either game: a --scores bound beyond it is a typo
AGAIN_UNPROVEN = "unproven"
# TRANSLATORS: a progress bar's words while a survey runs; a result is one deal of one
# player or of the solver
_PROGRESS = N_("{done} of {total} results, {good} won or winnable, {seconds} s left")


def player_list(text: str) -> list[str]:
    """``keeper,greedy``: names, checked against the game once it is known."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(
            _("bad player list {text}: expected names separated by commas").format(text=shown(text))
        )
    return list(dict.fromkeys(names))


def score_range(text: str) -> range:
    """``A..B`` (both included) or a single best score ``N``, for ``--scores``.

    >>> score_range("22..24"), score_range("21")
    (range(22, 25), range(21, 22))
    """
    bounds = [end.strip() for end in range_ends(text)]
    if not all(is_ascii_number(b) and int(b) <= MOST_SCORE for b in bounds):
        raise argparse.ArgumentTypeError(
            _("bad score range {text}: expected A..B with whole numbers "
              "0 <= A <= B <= {most}, such as 22..24").format(text=shown(text), most=MOST_SCORE)
        )  # fmt: skip
    low, high = int(bounds[0]), int(bounds[1])
    if high < low:
        raise argparse.ArgumentTypeError(
            _("bad score range {text}: the first score is above the last (try {swapped})").format(
                text=shown(text), swapped=f"{high}..{low}"
            )
        )
    return range(low, high + 1)


def add_survey_commands(subparsers: Any, handler_key: str = "ai_command") -> None:
    """Add ``survey`` and ``survey-report`` to an ``add_subparsers()`` object."""
    p = subparsers.add_parser(
        "survey",
        help=_("play and solve a range of deals, keeping every result in a results file"),
        description=_(
            "Play deals A..B with each player and search them with the solver, writing "
            "each result to FILE as it comes in. Run the same command again to do only "
            "the results FILE still lacks. By default the work runs on a local Dask "
            "cluster of one process per core."
        ),
    )
    add_survey_arguments(p)
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--players",
        type=player_list,
        metavar="P,Q",
        help=_("the players, separated by commas (default: every player of the game)"),
    )
    who.add_argument("--no-players", action="store_true", help=_("only the solver"))
    p.add_argument(
        "--solver",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=_("search each deal with the solver too (default: yes)"),
    )
    p.add_argument(
        "--max-nodes",
        type=positive_int,
        metavar="N",
        help=_(
            "the solver's budget: N positions a deal (default {nodes} for a new file, "
            "else the file's own)"
        ).format(nodes=number(DEFAULT_MAX_NODES)),
    )
    p.add_argument(
        "--again",
        choices=[AGAIN_UNPROVEN],
        metavar="unproven",
        help=_(
            "search again only the deals of FILE whose best score the solver left "
            "unproven, replacing each row with the new answer (a deal this version of the "
            "solver already searched again is skipped, so a run stopped midway resumes); "
            "with --max-nodes, with that budget, at least the file's"
        ),
    )
    p.add_argument(
        "--scores",
        type=score_range,
        metavar="A..B",
        help=_(
            "with --again: only the rows whose best score found so far is A to B, "
            "e.g. 22..24 (the likeliest to be proven)"
        ),
    )
    add_cluster_options(p)
    p.set_defaults(**{handler_key: survey_command})

    p = subparsers.add_parser(
        "survey-report",
        help=_("the tables and plots of a results file of squares survey"),
        description=_(
            "Print the tables of a results file as Markdown: for each player and the "
            "solver the deals won, the win rate with its 95 percent Wilson interval, the "
            "mean score, the time per deal and the command that reproduces the row."
        ),
    )
    p.add_argument("file", metavar="FILE", help=_("the results file"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument(
        "--plots",
        metavar="DIR",
        help=_("also draw the plots, as SVG files in the folder DIR"),
    )
    p.add_argument(
        "--pack",
        metavar="OUT",
        help=_("also write the solver's verdicts as the compact file of deal results OUT"),
    )
    p.set_defaults(**{handler_key: report_command})


def add_survey_arguments(p: argparse.ArgumentParser) -> None:
    """The game, ``--deals A..B`` and ``--results FILE`` of a survey."""
    games = list(GAMES)
    p.add_argument("game", choices=games, metavar="GAME", help=either(games))
    p.add_argument(
        "--deals", type=deal_range, required=True, metavar="A..B", help=_("deals, e.g. 0..999")
    )
    p.add_argument(
        "--results",
        type=results_file,
        required=True,
        metavar="FILE",
        help=_("the results file (SQLite)"),
    )


def add_cluster_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--workers",
        type=workers,
        metavar="K",
        help=_("processes of the local cluster (default: one per core; 1 runs in this process)"),
    )
    add_scheduler_option(p)


def survey_command(args: argparse.Namespace) -> int:
    # Only a survey loads the players and the cluster (see cli/main.py).
    from squares.survey.run import NothingToSurvey, Where, survey

    if args.again:
        return again_command(args)
    if args.scores is not None:
        raise NothingToSurvey(_("--scores chooses among the rows of --again unproven: give both"))
    players = [] if args.no_players else args.players
    where = Where(args.workers, args.scheduler)
    work = survey(
        args.game, args.deals, args.results, players, args.solver, args.max_nodes, where, progress
    )
    written(args.results, work.todo, work.kept)
    return EXIT_OK


def again_command(args: argparse.Namespace) -> int:
    """``--again unproven``: the solver's unproven rows of an existing file, searched
    again (``squares.survey.run.search_again``)."""
    from squares.survey.run import NothingToSurvey, Where, search_again

    if not args.solver or args.players:
        raise NothingToSurvey(
            _("--again unproven searches the solver's rows again: leave the solver on "
              "and give no players")
        )  # fmt: skip
    where = Where(args.workers, args.scheduler)
    done = search_again(
        args.game, args.deals, args.results, args.max_nodes, args.scores, where, progress
    )
    print(
        ngettext(
            "{count} unproven result searched again in {path}",
            "{count} unproven results searched again in {path}",
            done,
        ).format(count=number(done), path=args.results)
    )
    return EXIT_OK


@contextmanager
def progress(work: Work) -> Iterator[Seen]:
    """A progress bar of the survey's results on a terminal; nothing elsewhere."""
    from squares.cli.progress import Progress

    bar = Progress(sys.stderr, work.todo, _(_PROGRESS)) if sys.stderr.isatty() else None
    done = good = 0

    def seen(rows: list[Row]) -> None:
        nonlocal done, good
        done, good = done + len(rows), good + sum(row.won for row in rows)
        if bar:
            bar.update(done, good)

    try:
        yield seen
    finally:
        if bar:
            bar.close()


def written(path: str, count: int, kept: int) -> None:
    print(
        ngettext(
            "{count} result written to {path} ({kept} there already)",
            "{count} results written to {path} ({kept} there already)",
            count,
        ).format(count=number(count), path=path, kept=number(kept))
    )


def report_command(args: argparse.Namespace) -> int:
    from squares.survey.report import markdown, pack_results, report
    from squares.survey.results import read_results

    results = read_results(args.file)
    try:
        rows, again = results.rows(), results.searched_again()
    finally:
        results.close()
    summary = report(results.survey, rows, Path(args.file).name, again)
    written = []
    if args.plots:
        from squares.survey.plots import draw  # pygal loads only for the plots

        written = draw(results.game, rows, summary["rows"], Path(args.plots))
    if args.pack:
        out = pack_results(results.game, results.max_nodes, rows, Path(args.pack))
    if args.json:
        print(json.dumps(summary))
    else:
        print(markdown(summary))
    for path in written:
        print(_("plot written to {path}").format(path=path), file=sys.stderr)
    if args.pack:
        print(_("deal results written to {path}").format(path=out), file=sys.stderr)
    return EXIT_OK
