"""The terminal game as it looks: both games mid-game, their review on the critical move,
and their statistics, at 80×24, 120×40 and 200×60, in English, German and Telugu. Textual's
SVG export compared with the files in ``tests/tui/snapshots``.

After a deliberate change of the look, write the files again with
``SQUARES_SNAPSHOTS=update pytest tests/tui/test_snapshots.py`` and look at them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual_plotext import PlotextPlot

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.i18n import language
from squares.tui.app import SquaresApp
from squares.tui.stats_screen import StatsScreen
from tests.tui.drive import database, new_app, play, until
from tests.tui.reviewing import critical_shown, reviewed
from tests.tui.test_stats_screen import with_games

SNAPSHOTS = Path(__file__).parent / "snapshots"
POSITIONS = {"foursquare": ["0,0", "0,1", "1,1", "1,0", "0,2"], "union-square": ["s", "t10-f"]}
DEALS = {"foursquare": 7, "union-square": 13}
SIZES = {"80x24": (80, 24), "120x40": (120, 40), "200x60": (200, 60)}


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)


def mid_game(db_path: Path, game: str) -> SquaresApp:
    app = new_app(database(db_path), game, DEALS[game])
    for move in POSITIONS[game]:
        app.saved.move(move)
    return app


async def board(pilot: Pilot[str | None], app: SquaresApp) -> None:
    app.redraw()
    await pilot.pause()


async def review(pilot: Pilot[str | None], app: SquaresApp) -> None:
    await critical_shown(pilot, app)


async def statistics(pilot: Pilot[str | None], app: SquaresApp) -> None:
    await pilot.press("i")
    await until(pilot, lambda: isinstance(app.screen, StatsScreen))
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    for chart in app.screen.query(PlotextPlot):  # drawn again at the size laid out
        chart.refresh()
    await pilot.pause()


SCREENS: dict[str, tuple[Callable[[Path, str], SquaresApp], Callable[..., object]]] = {
    "board": (mid_game, board),
    "review": (reviewed, review),
    "stats": (lambda path, game: with_games(path, game, 3), statistics),
}


def screenshot(db_path: Path, game: str, screen: str, size: tuple[int, int], lang: str) -> str:
    make, show = SCREENS[screen]
    with language(lang):
        app = make(db_path, game)
        shot: list[str] = []

        async def take(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await show(pilot, app)  # type: ignore[misc]
            shot.append(app.export_screenshot(title=f"{game} {screen} {lang}"))

        play(app, take, size)
    return shot[0]


@pytest.mark.parametrize("lang", ["en", "de", "te"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_screen_looks_as_it_did(
    private_database: Path, game: str, screen: str, size: str, lang: str
) -> None:
    svg = screenshot(private_database, game, screen, SIZES[size], lang)
    path = SNAPSHOTS / f"{game}-{screen}-{size}-{lang}.svg"
    if os.environ.get("SQUARES_SNAPSHOTS") == "update":
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8"), f"{path.name} differs: look at it"
