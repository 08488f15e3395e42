"""The record of one game on its own screen: the numbers, a chart of results over time, and
the last games, all read from the same store as ``squares stats`` and the web page."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
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
#chart { height: 12; min-height: 8; }
"""


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
        with VerticalScroll():
            yield Static(self._numbers())
            yield PlotextPlot(id="chart")
            yield Static(self._last_games())
        yield Static(_("Esc: back to the game"), classes="keys")

    def on_mount(self) -> None:
        done = finished_in_order(self.records)
        plt = self.query_one(PlotextPlot).plt
        plt.title(_("Results over time"))
        plt.xlabel(_("games finished"))
        rates = win_rate_over_time(done)
        if rates:
            plt.plot(list(range(1, len(rates) + 1)), rates, label=_("win %"), marker="braille")
        scored = [(i, r.score) for i, r in enumerate(done, start=1) if r.score is not None]
        if scored:
            plt.scatter([i for i, _s in scored], [s for _i, s in scored], label=_("score"))

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
