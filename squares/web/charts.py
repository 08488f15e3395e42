"""The statistics page's charts, drawn on the server as SVG with pygal.

No script and no outside address in the SVG: it is shown as an image, offline.
"""

from __future__ import annotations

import re
from collections import Counter

import pygal
from pygal.style import Style

from squares.games import get_game
from squares.i18n import _
from squares.store.records import GameRecord

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


def results_over_time(game: str, finished: list[GameRecord]) -> str:
    """Each finished game's score, and the running win percentage, in the order played."""
    chart = _chart(pygal.Line, _("Results over time"))
    wins = 0
    running: list[float] = []
    for index, record in enumerate(finished, start=1):
        wins += record.won
        running.append(round(100 * wins / index, 1))
    chart.x_labels = [(r.finished_at or "")[:10] for r in finished]
    chart.x_labels_major_every = max(1, len(finished) // 8)
    chart.show_minor_x_labels = False
    chart.add(_("score"), [r.score if r.score is not None else 0 for r in finished])
    chart.add(_("win rate so far (%)"), running)
    return _render(chart)


MAX_BARS = 25


def score_distribution(game: str, finished: list[GameRecord]) -> str:
    """How many games ended with each score (over the games that have one), in at most
    ``MAX_BARS`` bars across the game's score range."""
    low, top = get_game(game).info.score_range
    step = -(-(top - low + 1) // MAX_BARS)
    counts = Counter(min(r.score // step, top // step) for r in finished if r.score is not None)
    chart = _chart(pygal.Bar, _("Score distribution"))
    buckets = range(0, top // step + 1)
    chart.x_labels = [
        str(b) if step == 1 else f"{b * step}-{min(b * step + step - 1, top)}" for b in buckets
    ]
    chart.add(_("games"), [counts.get(b, 0) for b in buckets])
    return _render(chart)
