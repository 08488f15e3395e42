"""The statistics page's charts, drawn on the server as SVG with pygal.

No script and no outside address in the SVG: it is shown as an image, offline.
"""

from __future__ import annotations

import re

import pygal
from pygal.style import Style

from squares.games import get_game
from squares.i18n import N_, _
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
)
_SIZE = {"width": 640, "height": 320}


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
        **_SIZE,
    )


def results_over_time(db: Database, game: str) -> str:
    """The average score and the running win percentage, per day, week or month (whichever
    keeps the span to at most ``stats.MAX_PERIODS`` points), so the chart's size is bounded
    whatever the length of the history."""
    size = stats.period_size(db, game)
    periods = stats.results_by_period(db, game, size)
    titles = {
        "day": N_("Results over time (by day)"),
        "week": N_("Results over time (by week)"),
        "month": N_("Results over time (by month)"),
        "year": N_("Results over time (by year)"),
    }
    chart = _chart(pygal.Line, _(titles[size]))
    chart.x_labels = [p.start[:7] if size in ("month", "year") else p.start for p in periods]
    chart.x_labels_major_every = max(1, len(periods) // 8)
    chart.show_minor_x_labels = False
    chart.add(_("average score"), [p.average_score for p in periods])
    chart.add(_("win rate so far (%)"), [p.win_rate_so_far for p in periods])
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
    chart.add(_("games"), [counts.get(b, 0) for b in buckets])
    return _render(chart)
