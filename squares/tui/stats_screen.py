"""The record of one game on its own screen: the numbers, a chart of results over time, and
the last games, all read from the same store as ``squares stats`` and the web page."""

from __future__ import annotations

import math
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from squares.games.base import status_name
from squares.i18n import N_, _, number, percent
from squares.store import records
from squares.store.db import Database
from squares.store.records import GameRecord
from squares.store.stats import finished_in_order, game_stats, last_games
from squares.wording import duration

STATS_CSS = """
#title { text-style: bold; padding: 0 1; }
#charts { height: 12; }
#charts.short { height: 9; }
#charts PlotextPlot { width: 1fr; }
"""
RATE_TICKS = [0, 25, 50, 75, 100]
CHART, SHORT_CHART = 12, 9  # lines of a chart, as the CSS above gives them
SHORT = 30  # lines of terminal below which the charts are shorter
TICKS = 6  # marks at most on an axis


def whole_ticks(low: float, high: float, most: int = TICKS) -> list[int]:
    """At most ``most`` whole numbers from ``low`` to ``high``, 1, 2 or 5 times a power of
    ten apart, for an axis in the player's units (games, points).

    >>> whole_ticks(1, 1), whole_ticks(1, 7), whole_ticks(0, 104), whole_ticks(3, 40)
    ([1], [2, 4, 6], [0, 20, 40, 60, 80, 100], [10, 20, 30, 40])
    """
    first, last = math.ceil(low), math.floor(high)
    if last <= first:
        return [first]
    step = 1
    while (last - first) // step + 1 > most:
        for factor in (2, 2.5, 2):
            step = round(step * factor)
            if (last - first) // step + 1 <= most:
                break
    start = -(-first // step) * step
    return list(range(start, last + 1, step))


def _axis(ticks: list[int]) -> tuple[list[float], list[str]]:
    """Ticks where plotext wants them, and their labels as whole numbers."""
    return [float(t) for t in ticks], [str(t) for t in ticks]


def win_rate_over_time(done: list[GameRecord]) -> list[float]:
    """The win percentage after each finished game, in the order they ended."""
    wins, rates = 0, []
    for count, record in enumerate(done, start=1):
        wins += record.won
        rates.append(100 * wins / count)
    return rates


class StatsScreen(ModalScreen[None]):
    """Escape, q or i goes back to the game."""

    DEFAULT_CSS = STATS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,i", "close", N_("close"))]

    def __init__(self, db: Database, game: str, title: str) -> None:
        super().__init__()
        self.db, self.game, self.game_title = db, game, title
        self.records = [r for r in records.all_records(self.db, game)]

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics: {game}").format(game=self.game_title), id="title")
        with VerticalScroll(id="record"):
            yield Static(self._numbers())
            short = "short" if self.app.size.height < SHORT else ""
            with Horizontal(id="charts", classes=short):
                yield PlotextPlot(id="rate-chart")
                yield PlotextPlot(id="score-chart")
            yield Static(self._last_games())
        yield Static(_("↑/↓: scroll · Esc: back to the game"), classes="keys")

    def on_mount(self) -> None:
        """The win rate and the scores on charts of their own, each axis in whole numbers
        of its unit: games finished, percent, points."""
        self.query_one("#record").focus()  # the arrows scroll what the screen cannot hold
        # Never more ticks than the plot has lines: plotext would leave out one, not always
        # the same. A chart's lines less its title, its frame, the x axis and its label:
        rows = (SHORT_CHART if self.app.size.height < SHORT else CHART) - 5
        done = finished_in_order(self.records)
        rates = win_rate_over_time(done)
        rate = self.query_one("#rate-chart", PlotextPlot).plt
        rate.title(_("Win rate"))
        rate.xlabel(_("games finished"))
        if rates:
            rate.plot(list(range(1, len(rates) + 1)), rates, marker="braille")
            rate.xticks(*_axis(whole_ticks(1, len(rates))))
            rate.ylim(0, 100)
            ticks = RATE_TICKS if rows > len(RATE_TICKS) else RATE_TICKS[::2]
            rate.yticks([float(t) for t in ticks], [percent(t / 100, 0) for t in ticks])
        score = self.query_one("#score-chart", PlotextPlot).plt
        score.title(_("Score of each game"))
        score.xlabel(_("games finished"))
        scored = [(i, r.score) for i, r in enumerate(done, start=1) if r.score is not None]
        if scored:
            xs, ys = [i for i, _s in scored], [s for _i, s in scored]
            score.scatter(xs, ys, marker="braille")
            score.xticks(*_axis(whole_ticks(min(xs), max(xs))))
            score.yticks(*_axis(whole_ticks(min(ys), max(ys), min(TICKS, rows - 1))))

    def _numbers(self) -> Table:
        stats = game_stats(self.game, self.records)
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        table.add_column()
        table.add_column(justify="right")
        rate = "—" if stats.win_percent is None else percent(stats.win_percent / 100)
        fastest = "—" if stats.fastest_win_ms is None else duration(stats.fastest_win_ms)
        average = "—" if stats.average_score is None else number(stats.average_score, 1)
        best = "—" if stats.best_score is None else str(stats.best_score)
        table.add_row(_("played"), str(stats.played), _("won"), str(stats.won))
        table.add_row(_("win rate"), rate, _("clean wins"), str(stats.clean_wins))
        table.add_row(_("best score"), best, _("average score"), average)
        table.add_row(
            _("winning streak"),
            str(stats.current_streak),
            _("longest streak"),
            str(stats.longest_streak),
        )
        table.add_row(_("fastest win"), fastest, _("in progress"), str(stats.in_progress))
        return table

    def _last_games(self) -> Table:
        table = Table(title=_("The last games"), expand=True)
        for head in (_("share code"), _("status"), _("moves"), _("score"), _("time")):
            table.add_column(head)
        for record in last_games(self.records):
            table.add_row(
                record.code,
                status_name(record.status),
                str(record.position),
                "—" if record.score is None else str(record.score),
                duration(record.clock_ms),
            )
        return table

    def action_close(self) -> None:
        self.dismiss(None)
