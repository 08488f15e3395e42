"""The statistics screen: the win rate and the scores on charts of their own, axes in
whole numbers of games, percent and points, and the table reachable at 80×24."""

from __future__ import annotations

import re
from pathlib import Path

from textual.pilot import Pilot

from squares.ai import get_player
from squares.ai.base import Resign
from squares.store.saved import SavedSession
from squares.tui.app import SquaresApp
from squares.tui.stats_screen import StatsScreen
from tests.tui.drive import database, play, screen_lines, still

DECIMAL = re.compile(r"\d\.\d")


def with_games(db_path: Path, game: str, count: int) -> SquaresApp:
    """The app after ``count`` games of ``game`` played to their end by the greedy player."""
    db = database(db_path)
    for deal in range(1, count + 1):
        saved = SavedSession.new(db, game, deal, clock=still)
        player = get_player(game, "greedy")
        while not saved.over:
            try:
                saved.move(str(player.choose(saved.game.observe(saved.state))))
            except Resign:
                saved.resign()
    return SquaresApp(db, SavedSession.new(db, game, 99, clock=still))


def test_rate_and_score_have_charts_of_their_own_with_whole_number_axes(
    private_database: Path,
) -> None:
    app = with_games(private_database, "union-square", 3)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        lines = screen_lines(app)
        chart_lines = [line for line in lines if "┤" in line or "┼" in line or "┬" in line]
        assert chart_lines
        axes = [line for line in lines if "games finished" in line]
        assert len(axes) == 1 and axes[0].count("games finished") == 2  # two charts
        ticks = "\n".join(lines[: lines.index(axes[0])])
        assert not DECIMAL.search(ticks.split("Win rate")[-1]), ticks
        assert "100%" in ticks and "0%" in ticks

    play(app, scenario, (100, 40))


def test_at_80x24_the_last_games_are_reached_with_the_arrows(private_database: Path) -> None:
    app = with_games(private_database, "foursquare", 6)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("i")
        await pilot.pause()
        assert "foursquare:1 " not in "\n".join(screen_lines(app))  # below the fold
        await pilot.press(*["down"] * 20)
        await pilot.pause()
        assert "foursquare:1 " in "\n".join(screen_lines(app))

    play(app, scenario, (80, 24))
