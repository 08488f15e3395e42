"""Driving the terminal game in tests: an app on a test's own database, the cursor moved by
arrow keys to a place, the mouse pointed at a place."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from squares.store.db import Database, open_db
from squares.store.saved import SavedSession
from squares.tui.app import SquaresApp
from squares.tui.board import Board

Scenario = Callable[[Pilot[str | None], SquaresApp], Awaitable[None]]


def still() -> float:
    """A clock that never moves, so the time shown is the same in every run."""
    return 0.0


def new_app(db: Database, game: str, deal: int) -> SquaresApp:
    return SquaresApp(db, SavedSession.new(db, game, deal, clock=still))


def database(path: Path) -> Database:
    return open_db(str(path))


def play(app: SquaresApp, scenario: Scenario, size: tuple[int, int] = (80, 24)) -> None:
    """Run ``scenario`` against ``app`` in a headless terminal of ``size``."""

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot, app)

    # In a thread of its own: a browser test before it in this worker may have left
    # Playwright's event loop marked as running in this thread, where asyncio.run refuses.
    failed: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(run())
        except BaseException as error:  # raised again in the test's own thread
            failed.append(error)

    # the thread runs in a copy of this one's context: the language chosen, for one
    runner = threading.Thread(target=contextvars.copy_context().run, args=(main,))
    runner.start()
    runner.join()
    if failed:
        raise failed[0]


async def until(pilot: Pilot[str | None], ready: Callable[[], bool], most: int = 200) -> None:
    """Let the app run until ``ready()`` holds (a screen switched, a board mounted), at
    most ``most`` pauses: on a loaded machine one or two may not be enough."""
    for _ in range(most):
        if ready():
            return
        await pilot.pause()


def arrows(board: Board, place: str) -> list[str]:
    """The arrow keys that take the cursor from where it is to ``place``."""
    board.keep_cursor()
    rows = board.places()
    here = next((i, r.index(board.cursor)) for i, r in enumerate(rows) if board.cursor in r)
    there = next((i, r.index(place)) for i, r in enumerate(rows) if place in r)
    keys = ["down" if there[0] > here[0] else "up"] * abs(there[0] - here[0])
    column = min(here[1], len(rows[there[0]]) - 1)
    keys += ["right" if there[1] > column else "left"] * abs(there[1] - column)
    return keys


async def put_cursor(pilot: Pilot[str | None], place: str) -> None:
    app = pilot.app
    assert isinstance(app, SquaresApp)
    await pilot.press(*arrows(app.board, place))
    assert app.board.cursor == place


def offset(board: Board, place: str) -> tuple[int, int]:
    """The middle of ``place`` as last drawn, relative to the board."""
    spot = next(s for s in board.spots if s.place == place)
    return spot.x + spot.width // 2, spot.y + spot.height // 2


def screen_lines(app: SquaresApp) -> list[str]:
    """The lines of the terminal as the player sees them now, the screen on top drawn."""
    return [strip.text for strip in app.screen._compositor.render_strips()]
