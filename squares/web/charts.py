"""The statistics page's charts, drawn on the server as SVG with pygal.

No script and no outside address in the SVG: it is shown as an image, offline.
"""

from __future__ import annotations

import math
import re
from datetime import date

import pygal
from babel.dates import format_skeleton
from pygal.style import Style

from squares.games import get_game
from squares.i18n import _, current
from squares.store import stats
from squares.store.db import Database

_STYLE = Style(
    background="#fbf8ef",
    plot_background="#fbf8ef",
    foreground="#1b1b1b",
    foreground_strong="#1b1b1b",
    foreground_subtle="#666",
    colors=("#1d6b3a", "#c62828", "#2b4ea2"),
    font_family='system-ui, "Noto Sans", "DejaVu Sans", "Noto Sans Telugu", "Lohit Telugu", '
    '"Nirmala UI", Gautami, "Kohinoor Telugu", sans-serif',
    # the chart is drawn 480 wide and shown 300 to 500 px wide: these stay 12 px or more
    title_font_size=22,
    label_font_size=19,
    major_label_font_size=19,
    legend_font_size=19,
    value_font_size=19,
    tooltip_font_size=19,
)
_SIZE = {"width": 480, "height": 330}
MAX_TICKS = 5
"""At most this many dates on the time axis, so that they never run into each other."""


_SCRIPT = re.compile(r"<script.*?</script>", re.DOTALL)


def _render(chart: pygal.Graph) -> str:
    """The SVG without pygal's inline script (an image runs none anyway)."""
    return _SCRIPT.sub("", str(chart.render(is_unicode=True)))


def _chart(kind: type[pygal.Graph], title: str) -> pygal.Graph:
    return kind(
        js=[],
        style=_STYLE,
        title=title,
        disable_xml_declaration=True,
        show_legend=True,
        legend_at_bottom=True,
        truncate_label=-1,
        truncate_legend=-1,
        y_labels_major_count=6,
        show_minor_y_labels=False,
        **_SIZE,
    )


def date_labels(starts: list[str], size: str) -> tuple[list[str], list[str]]:
    """The axis labels of periods starting on ``starts`` (ISO dates) and the at most
    ``MAX_TICKS`` of them shown, evenly spread, first and last included: a day or a week
    as "Jan 5" (with the year when the span crosses one), a month as "Jan 2026", a year
    as "2026", in the current language's words.

    >>> date_labels(["2026-01-05", "2026-01-06"], "day")
    (['Jan 5', 'Jan 6'], ['Jan 5', 'Jan 6'])
    """
    days = [date.fromisoformat(start) for start in starts]
    years = {d.year for d in days}
    skeleton = {"month": "yMMM", "year": "y"}.get(size, "MMMd" if len(years) == 1 else "yMMMd")
    locale = current().replace("uz", "uz_Latn")
    labels = [format_skeleton(skeleton, d, locale=locale) for d in days]
    if len(labels) <= MAX_TICKS:
        return labels, labels
    step = (len(labels) - 1) / (MAX_TICKS - 1)
    shown = sorted({round(i * step) for i in range(MAX_TICKS)})
    return labels, [labels[i] for i in shown]


def count_ticks(top: int) -> list[int]:
    """Whole-number ticks from 0 to at least ``top`` (a count has no fractions), at most
    six of them.

    >>> count_ticks(3), count_ticks(12)
    ([0, 1, 2, 3], [0, 3, 6, 9, 12])
    """
    step = max(1, math.ceil(top / MAX_TICKS))
    return list(range(0, max(top, 1) + step, step))[: MAX_TICKS + 2]


def _over_time(db: Database, game: str, title: str) -> tuple[pygal.Graph, list[stats.Period]]:
    """A line chart of ``game``'s periods (a day, week or month each, whichever keeps the span
    to at most ``stats.MAX_PERIODS`` points, so its size is bounded whatever the history),
    dated on the time axis, and the periods."""
    size = stats.period_size(db, game)
    periods = stats.results_by_period(db, game, size)
    chart = _chart(pygal.Line, title)
    chart.show_legend = False  # one line, named by the title
    chart.x_labels, chart.x_labels_major = date_labels([p.start for p in periods], size)
    chart.show_minor_x_labels = False
    chart.allow_interruptions = True
    return chart, periods


def results_over_time(db: Database, game: str) -> str:
    """The running win percentage, period by period, on an axis of its own from 0 to 100
    (the average score has its chart: ``scores_over_time``)."""
    chart, periods = _over_time(db, game, _("Win rate so far (%)"))
    chart.range = (0, 100)
    chart.y_labels = list(range(0, 101, 20))
    chart.add(_("win rate so far (%)"), [p.win_rate_so_far for p in periods])
    return _render(chart)


def scores_over_time(db: Database, game: str) -> str:
    """The average score per period, on an axis over the game's score range. A period whose
    games have no score (a Foursquare loss has none) has no point: it is not a score of 0."""
    chart, periods = _over_time(db, game, _("Average score over time"))
    low, top = get_game(game).info.score_range
    chart.range = (low, top)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100) if s * MAX_TICKS >= top - low)
    chart.y_labels = list(range(low, top + 1, step))
    chart.add(_("average score"), [p.average_score for p in periods])
    return _render(chart)


MAX_BARS = 25


def score_distribution(db: Database, game: str) -> str:
    """How many games ended with each score (over the games that have one), in at most
    ``MAX_BARS`` bars across the game's score range."""
    low, top = get_game(game).info.score_range
    step = -(-(top - low + 1) // MAX_BARS)
    counts = stats.score_counts(db, game, step, top)
    chart = _chart(pygal.Bar, _("Score distribution"))
    buckets = range(0, top // step + 1)
    chart.x_labels = [
        str(b) if step == 1 else f"{b * step}-{min(b * step + step - 1, top)}" for b in buckets
    ]
    chart.y_labels = count_ticks(max(counts.values(), default=0))
    every = math.ceil(len(chart.x_labels) / 7)
    chart.x_labels_major = chart.x_labels[::every]
    chart.show_minor_x_labels = False
    chart.add(_("games"), [counts.get(b, 0) for b in buckets])
    return _render(chart)
