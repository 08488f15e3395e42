"""Borders where a terminal draws them: Telugu's vowel signs that take a cell of their own
(spacing marks) are counted as the terminal counts them in the statistics' table and in the
language list, not only on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.screen import Screen

from squares.cells import char_cells
from squares.i18n import language
from squares.tui.app import SquaresApp
from squares.tui.dialogs import Pick
from squares.tui.stats_screen import StatsScreen
from tests.tui.drive import database, new_app, play, screen_lines, until
from tests.tui.test_stats_screen import with_games


def columns(line: str, marks: str) -> list[int]:
    """The terminal columns at which ``line`` has one of ``marks``."""
    found, column = [], 0
    for char in line:
        if char in marks:
            found.append(column)
        column += char_cells(char)
    return found


def opened(app: SquaresApp, key: str, screen: type[Screen[Any]]) -> list[str]:
    """The lines of the terminal at 80×24 once ``key`` has opened ``screen``."""
    seen: list[list[str]] = []

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, screen))
        await pilot.pause()
        seen.append(screen_lines(app))

    play(app, scenario, (80, 24))
    return seen[0]


def test_the_telugu_statistics_table_keeps_its_columns_in_line(private_database: Path) -> None:
    with language("te"):
        app = with_games(private_database, "foursquare", 2)
    with language("te"):
        lines = opened(app, "i", StatsScreen)
    rows = [line for line in lines if line[:1] in ("┃", "│")]  # the table, not the charts
    assert len(rows) >= 3, lines  # the head and a row of each game
    assert len({tuple(columns(row, "┃│")) for row in rows}) == 1, rows


def test_the_language_list_keeps_its_border_beside_telugu(private_database: Path) -> None:
    app = new_app(database(private_database), "foursquare", 7)
    options = [line for line in opened(app, "l", Pick) if "▊" in line and "▎" in line]
    assert any("తెలుగు" in line for line in options), options
    assert len({tuple(columns(line, "▊▎")) for line in options}) == 1, options


def test_rich_measures_as_it_did_once_the_game_is_closed(private_database: Path) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        assert cell_len("కు") == 2  # while the game runs: as a terminal shows it

    play(app, scenario)
    assert cell_len("కు") == 1  # Rich's own measure, for everything else in the process
