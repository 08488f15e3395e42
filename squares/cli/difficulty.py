"""``squares difficulty``: each deal of a range played by the game's family of players of
graded strength (``squares.survey.difficulty``), every result kept in a results file;
then the share of deals at each level and how often each player won them, and with
``--pack`` the compact file of levels the package ships::

    squares difficulty union-square --deals 0..9999 --results surveys/union-square-difficulty.sqlite
    squares difficulty foursquare --deals 0..99999 --results surveys/foursquare.sqlite \\
        --pack squares/ai/data/foursquare.levels

Run the same command again and it plays only what the file lacks.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from squares.cli.exits import EXIT_OK
from squares.cli.survey import add_cluster_options, add_survey_arguments, progress
from squares.difficulty import difficulty_word
from squares.errors import SquaresError
from squares.i18n import _, ngettext, number, percent


def add_difficulty_command(subparsers: Any, handler_key: str = "ai_command") -> None:
    """Add ``difficulty`` to an ``add_subparsers()`` object."""
    p = subparsers.add_parser(
        "difficulty",
        help=_("rate deals easy, medium, hard or expert by how players of graded strength fare"),
        description=_(
            "Play deals A..B with the game's players of graded strength, writing each "
            "result to FILE as it comes in (run it again to do only what FILE lacks); "
            "then print the share of deals at each level and how often each player won "
            "the deals of each level it played. A deal is easy if the weakest player wins "
            "it, medium if the second does, hard if only the strongest does, expert if "
            "none of them does; a player plays a deal only when the weaker ones lost it."
        ),
    )
    add_survey_arguments(p)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument(
        "--pack",
        metavar="OUT",
        help=_("also write the levels of the deals rated from the first on as the file OUT"),
    )
    add_cluster_options(p)
    p.set_defaults(**{handler_key: difficulty_command})


def difficulty_command(args: argparse.Namespace) -> int:
    from squares.ai.deal_levels import pack
    from squares.survey.difficulty import measure, read_levels, summary
    from squares.survey.run import Where

    work = measure(
        args.game, args.deals, args.results, Where(args.workers, args.scheduler), progress
    )
    if not args.json:  # --json prints one object
        print(
            ngettext(
                "{count} deal rated in {path} ({kept} rated there already)",
                "{count} deals rated in {path} ({kept} rated there already)",
                work.todo,
            ).format(count=number(work.todo), path=args.results, kept=number(work.kept))
        )
    game, rated, rows = read_levels(args.results)
    shown = {deal: level for deal, level in rated.items() if deal in args.deals}
    figures = summary(game, shown, rows)
    if args.pack:
        from squares.survey.difficulty import rated_prefix

        out = Path(args.pack)
        try:
            out.write_bytes(pack(game, rated_prefix(rated)))
        except OSError as error:
            raise SquaresError(
                _("cannot write {path}: {reason}").format(path=out, reason=error.strerror)
            ) from None
        print(_("deal levels written to {path}").format(path=out), file=sys.stderr)
    print(json.dumps(figures) if args.json else _table(figures))
    return EXIT_OK


def _table(figures: dict[str, Any]) -> str:
    """The figures as a Markdown table: a line per level."""
    family = figures["family"]
    head = [_("level"), _("deals"), _("share"), *family]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for line in figures["levels"]:
        deals = line["deals"]
        played, won = line["played"], line["wins"]
        wins = [percent(won[who] / played[who]) if played[who] else "–" for who in family]
        cells = [difficulty_word(line["level"]), number(deals), percent(line["share"]), *wins]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
