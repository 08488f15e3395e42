"""MkDocs hooks: the parts of the site that are made from the code when it is built, so that
they cannot drift from it.

A page asks for one with a marker on a line of its own:

- ``<!-- squares:rules GAME -->``: the rules of GAME, from ``squares.rules.rules_text``, the
  same source as ``squares rules`` and the app's rules pages;
- ``<!-- squares:summary GAME -->``: what the committed survey ``surveys/GAME.sqlite`` says,
  in plain sentences; ``<!-- squares:odds GAME -->``: its charts and tables; all of it from
  ``squares survey-report``;
- ``<!-- squares:players GAME -->``: the game's players, strongest first, as they describe
  themselves;
- ``<!-- squares:levels GAME -->``: how the deals of GAME are rated (its family of graded
  players), the share of the shipped ratings at each level and how often each player of
  both surveys won the deals of each level; ``<!-- squares:week -->``: the daily deals'
  level on each day of the week;
- ``<!-- squares:commands -->``: every command's ``--help``, from the argparse parsers.

The survey report is asked of the ``squares`` command itself (a program the site's build
runs), so the docs depend only on what it prints, wherever its code lives.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from odds_words import percent, sentences
from pycon_sessions import SessionsAsCode

ROOT = Path(__file__).resolve().parent.parent
SURVEYS = ROOT / "surveys"
CHARTS = "odds"  # the charts' folder in the site, beside odds.md
MARKER = re.compile(r"^<!-- squares:(\w+)(?: ([\w-]+))? -->$", re.M)
HELP_WIDTH = "78"  # fits the page's text column on a laptop


def squares(*args: str) -> str:
    """What ``squares ARGS`` prints, in English; a failure stops the build with its message."""
    env = {**os.environ, "LANG": "C.UTF-8", "NO_COLOR": "1"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    done = subprocess.run(
        [sys.executable, "-m", "squares", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"squares {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


@cache
def surveyed(game: str) -> tuple[dict[str, Any], str, dict[str, str]]:
    """The report of ``game``'s survey file: as data, as Markdown tables, and its SVG charts
    (by file name), from one run of ``squares survey-report --json --plots``, since a run
    reads the whole survey (seconds). The tables are what the command prints without
    ``--json``: the same function of the same data."""
    from squares.i18n import language
    from squares.survey.report import markdown

    with tempfile.TemporaryDirectory() as folder:
        printed = squares(
            "survey-report", str(SURVEYS / f"{game}.sqlite"), "--json", "--plots", folder
        )
        svgs = {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(folder).iterdir())}
    data: dict[str, Any] = json.loads(printed)
    with language("en"):
        text = markdown(data)
    return data, text, svgs


def tables(game: str) -> str:
    """The report's Markdown, without its title (the page has one)."""
    return re.sub(r"\A\s*#+ .*\n", "", surveyed(game)[1])


def charts(game: str) -> dict[str, str]:
    """The report's SVG charts of ``game``, by file name."""
    return surveyed(game)[2]


def summary(game: str) -> str:
    from squares.ai import player_names
    from squares.games import get_game

    return sentences(get_game(game).info.title, surveyed(game)[0], player_names(game)[0])


# What each of the report's charts shows, in the order a player reads them.
CHART_WORDS = {
    "best-scores.svg": "How many deals allow each best score: the solver's, over every deal.",
    "win-rates.svg": "How often each player wins, and the solver, with its 95% interval.",
    "against-best.svg": "Each player's score as a share of the best the deal allowed.",
    "time-per-deal.svg": "How long each took a deal: a player's thinking, the solver's search.",
}


def odds(game: str) -> str:
    """The report's charts of ``game``, each with what it shows, then its tables (a chart
    of class ``chart`` keeps a readable width on a phone: ``stylesheets/charts.css``)."""
    drawn = charts(game)
    unknown = set(drawn) - set(CHART_WORDS)
    if unknown:
        raise ValueError(
            f"squares survey-report drew charts the odds page does not know: {unknown}"
        )
    images = "\n\n".join(
        f"{words}\n\n![{words}]({CHARTS}/{game}/{name}){{ .chart }}"
        for name, words in CHART_WORDS.items()
        if name in drawn
    )
    return f"{images}\n\n{tables(game)}"


def players(game: str) -> str:
    """Each player of ``game``, strongest (the default) first, with its description."""
    from squares.ai import get_player, get_solver, player_names

    lines = []
    for name in player_names(game):
        player = get_player(game, name)
        lines.append(f"- `{name}`: {player.description}")
    solver = get_solver(game)
    lines.append(f"- the solver, `{solver.name}`: {solver.description}")
    return "\n".join(lines)


def difficulty_results(game: str) -> Path:
    """The survey file that holds the rows of ``game``'s difficulty family: its own
    difficulty survey, ``surveys/GAME-difficulty.sqlite``, where it has one (a family of
    players not in its survey), else its survey."""
    own = SURVEYS / f"{game}-difficulty.sqlite"
    return own if own.is_file() else SURVEYS / f"{game}.sqlite"


def wins_by_level(
    path: Path, rated: Mapping[int, str]
) -> dict[str, tuple[Counter[str], Counter[str]]]:
    """Of the survey file ``path``: for each player (or solver), the ``rated`` deals it
    played at each level and its wins among them."""
    from squares.survey.results import read_results
    from squares.survey.rows import WINS

    found: dict[str, tuple[Counter[str], Counter[str]]] = defaultdict(
        lambda: (Counter(), Counter())
    )
    results = read_results(str(path))
    try:
        for deal, who, outcome in results.outcomes():
            level = rated.get(deal)
            if level is not None:
                played, wins = found[who]
                played[level] += 1
                wins[level] += outcome in WINS
    finally:
        results.close()
    return found


def member_words(player: str, haste: float) -> str:
    """A member of a difficulty family, as the page names it.

    >>> member_words("keeper", 0.2)
    '`keeper` made hasty (at each move, with probability 0.2, it deals from the stock)'
    """
    if not haste:
        return f"`{player}`"
    return (
        f"`{player}` made hasty (at each move, with probability {haste:g}, it deals from the stock)"
    )


def levels(game: str) -> str:
    """How ``game``'s deals are rated, and a table: each level's deals among the shipped
    ratings, and the share of them each player of the game's surveys won."""
    from squares.ai.deal_levels import LEVELS, shipped_levels
    from squares.survey.difficulty import family

    table = shipped_levels(game)
    if table is None:
        raise RuntimeError(f"the package ships no deal levels of {game}")
    rated = {deal: level for deal in table.rated() if (level := table.get(deal))}
    members = family(game)
    names = [member.who for member in members]
    weakest, second, strongest = (member_words(m.player, m.haste) for m in members)
    said = [
        f"A deal is **easy** if {weakest} wins it, **medium** if {second} wins it and the "
        f"first does not, **hard** if only {strongest} wins it, and **expert** if none of "
        "them does. Each plays a deal once, and need play it only when the weaker ones "
        "lost it; each player's row below counts its wins among the deals of a level it "
        "played."
    ]
    if any(member.haste for member in members):
        said.append(
            "The hasty players draw their haste from a generator seeded with the deal, so "
            "every rating can be played again and comes out the same."
        )
    first, last = min(rated), max(rated)
    scope = f"Deals {first:,} to {last:,} are rated ({len(rated):,} deals)"
    if len(rated) < 100_000:
        scope += "; so far no other deal is, and a deal outside them says *not rated*"
    said.append(scope + ".")
    wins = wins_by_level(difficulty_results(game), rated)
    if difficulty_results(game).name != f"{game}.sqlite":
        wins.update(wins_by_level(SURVEYS / f"{game}.sqlite", rated))
    players = [row for row in surveyed(game)[0]["rows"] if row["who"] not in names]
    others = [row["who"] for row in players if row["kind"] != "solver"]
    solvers = [row["who"] for row in players if row["kind"] == "solver"]
    counts = Counter(rated.values())
    # a column a level, a row a player: as narrow as the page, however many players
    rows = [
        ["deals", *(f"{counts[level]:,}" for level in LEVELS)],
        ["share of the rated deals", *(percent(counts[level] / len(rated)) for level in LEVELS)],
    ]
    named = [(f"`{who}` wins", who) for who in [*names, *others]]
    named += [(f"the solver, `{who}`, wins", who) for who in solvers]
    for label, who in named:
        played, won_at = wins[who]
        won = [percent(won_at[lv] / played[lv]) if played[lv] else "–" for lv in LEVELS]
        rows.append([label, *won])
    lines = ["| | " + " | ".join(LEVELS) + " |", "|---|" + "---:|" * len(LEVELS)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return " ".join(said) + "\n\n" + "\n".join(lines)


def week(_: str) -> str:
    """The daily deals' level on each day of the week, Monday first, and how many rated
    deals of each game that day's deal is picked from."""
    from squares.difficulty import rated_deals
    from squares.games import GAMES
    from squares.share import WEEK

    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    head = ["day", "level", *(f"{game.info.title}: picked from" for game in GAMES.values())]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * len(GAMES)]
    for day, level in zip(days, WEEK, strict=True):
        counts = [f"{len(rated_deals(name, level)):,} deals" for name in GAMES]
        lines.append("| " + " | ".join([day, level, *counts]) + " |")
    return "\n".join(lines)


def command_reference() -> str:
    """Every command's help as ``squares COMMAND --help`` prints it, in English."""
    from squares.cli.main import build_parser
    from squares.i18n import DEFAULT, language

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH  # argparse wraps to the terminal's width
    try:
        with language(DEFAULT):
            parser = build_parser()
            parts = [f"## squares\n\n```text\n{parser.format_help()}```"]
            for action in parser._actions:
                if isinstance(action, argparse._SubParsersAction):
                    for name, sub in action.choices.items():
                        parts.append(f"## squares {name}\n\n```text\n{sub.format_help()}```")
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return "\n\n".join(parts)


def rules(game: str) -> str:
    from squares.rules import rules_text

    # Light Markdown, its sections headed ##: its title becomes a line under the page's own.
    return re.sub(r"\A# (.*)", r"**\1**", rules_text(game, "en"))


def commands(_: str) -> str:
    return command_reference()


MAKERS: dict[str, Callable[[str], str]] = {
    "rules": rules,
    "summary": summary,
    "odds": odds,
    "players": players,
    "levels": levels,
    "week": week,
    "commands": commands,
}


@event_priority(100)  # before mkdocstrings reads the extensions for its own Markdown
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Doctests shown as code, in the pages and in the docstrings mkdocstrings renders."""
    config.markdown_extensions.append(SessionsAsCode())  # type: ignore[arg-type]
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """The survey's charts, as files of the site."""
    from squares.games import GAMES

    for game in GAMES:
        for name, svg in charts(game).items():
            files.append(File.generated(config, f"{CHARTS}/{game}/{name}", content=svg))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Each marker replaced by what it asks for."""

    def made(match: re.Match[str]) -> str:
        kind, argument = match.group(1), match.group(2) or ""
        if kind not in MAKERS:
            raise ValueError(f"{page.file.src_uri}: unknown marker {match.group(0)}")
        return MAKERS[kind](argument)

    return MARKER.sub(made, markdown)
