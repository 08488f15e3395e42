"""The plots of ``squares survey-report --plots DIR``, drawn as SVG files with pygal (already
a dependency, for the web's charts): the solver's best scores, the win rate of each player
and the solver with its interval, each player's score beside the best possible, and the
time per deal."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pygal

from squares.errors import SquaresError
from squares.games import get_game
from squares.i18n import _
from squares.survey.rows import Row

SOLVER = "solver"
_SIZE = {"width": 800, "height": 400}


class PlotsNotWritten(SquaresError):
    """The folder for the plots cannot be made or written to."""


def _chart(kind: type[pygal.Graph], title: str, **options: object) -> pygal.Graph:
    return kind(js=[], title=title, legend_at_bottom=True, truncate_label=-1, **_SIZE, **options)


DRAWN = 1_001
"""The most values a box is drawn from: a survey's 100,000 would each be written into the
file, the outliers as dots (megabytes of SVG, seconds to render)."""


def thinned(values: list[float], most: int = DRAWN) -> list[float]:
    """``values`` sorted and, past ``most``, taken at ``most`` evenly spaced ranks from the
    least to the greatest: the same box, whiskers and spread of outliers, drawn from
    fewer points.

    >>> thinned([5.0, 1.0, 3.0])
    [1.0, 3.0, 5.0]
    >>> thinned([float(v) for v in range(101)], most=5)
    [0.0, 25.0, 50.0, 75.0, 100.0]
    """
    ordered = sorted(values)
    if len(ordered) <= most:
        return ordered
    step = (len(ordered) - 1) / (most - 1)
    return [ordered[round(k * step)] for k in range(most)]


def _boxes(title: str, values: dict[str, list[float]]) -> pygal.Graph:
    """A box plot of each name's ``values``, in their order, each named under its box
    rather than by a colour in a legend."""
    chart = _chart(pygal.Box, title, box_mode="tukey", show_legend=False)
    chart.x_labels = list(values)
    for who, shown in values.items():
        chart.add(who, thinned(shown))
    return chart


def best_scores(game: str, rows: list[Row]) -> pygal.Graph | None:
    """How many deals have each best score (the solver's, where it found one)."""
    scores = Counter(r.score for r in rows if r.kind == SOLVER and r.score is not None)
    if not scores:
        return None
    low, top = get_game(game).info.score_range
    chart = _chart(pygal.Bar, _("Best score of each deal (the solver's)"))
    span = range(min(low, *scores), max(top, *scores) + 1)
    chart.x_labels = [str(score) for score in span]
    chart.x_labels_major_every = max(1, len(span) // 20)
    chart.show_minor_x_labels = False
    chart.add(_("deals"), [scores.get(score, 0) for score in span])
    return chart


def win_rates(lines: list[dict[str, Any]]) -> pygal.Graph | None:
    """Each player's win rate and the solver's, in percent, with the 95% interval of the
    report's ``lines`` (``survey_report.report``'s rows) as error bars."""
    if not lines:
        return None
    title = _("Win rate in percent, with its interval at 95%")
    # One series, each bar named on its axis (a legend of colours to match is easy to
    # misread), in the report's order from the top: pygal draws the first bar lowest.
    chart = _chart(pygal.HorizontalBar, title, show_legend=False)
    chart.range = (0, 100)
    chart.x_labels = [line["who"] for line in reversed(lines)]
    rates = []
    for line in reversed(lines):
        low, high = line["ci95"]
        rates.append(
            {"value": 100 * line["win_rate"], "ci": {"low": 100 * low, "high": 100 * high}}
        )
    chart.add(title, rates)
    return chart


def against_best(rows: list[Row]) -> pygal.Graph | None:
    """Each player's score as a share of the best score, over the deals the solver won."""
    best = {r.deal: r.score for r in rows if r.kind == SOLVER and r.won and r.score}
    shares: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        top = best.get(r.deal)
        if r.kind != SOLVER and top:
            shares[r.who].append(100 * (r.score or 0) / top)
    if not shares:
        return None
    title = _("Each player's score, in percent of the best score")
    return _boxes(title, {who: shares[who] for who in sorted(shares)})


def time_per_deal(rows: list[Row]) -> pygal.Graph:
    """Seconds per deal: the solver's search, each player's CPU time choosing moves."""
    seconds: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        seconds[r.who].append(r.seconds)
    slowest_first = sorted(seconds, key=lambda who: -statistics.fmean(seconds[who]))
    return _boxes(_("Time per deal (seconds)"), {who: seconds[who] for who in slowest_first})


def draw(game: str, rows: list[Row], lines: list[dict[str, Any]], folder: Path) -> list[Path]:
    """Write the plots of ``rows`` and of the report's ``lines`` into ``folder`` (made if need
    be); the files written."""
    charts = {
        "best-scores.svg": best_scores(game, rows),
        "win-rates.svg": win_rates(lines),
        "against-best.svg": against_best(rows),
        "time-per-deal.svg": time_per_deal(rows) if rows else None,
    }
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, chart in charts.items():
            if chart is not None:
                path = folder / name
                path.write_text(str(chart.render(is_unicode=True)), encoding="utf-8")
                written.append(path)
    except OSError as err:
        raise PlotsNotWritten(
            _("the plots cannot be written to {path}: {reason}").format(
                path=folder, reason=err.strerror
            )
        ) from None
    return written
