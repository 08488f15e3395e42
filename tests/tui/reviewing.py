"""Finished games to review in the terminal game, and the review opened on their critical
move."""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from functools import cache
from pathlib import Path

from textual.pilot import Pilot

from squares.ai import get_hindsight, get_player
from squares.ai.base import Resign
from squares.review import review_game
from squares.store.saved import SavedSession
from squares.tui.app import SquaresApp
from squares.tui.review_screen import ReviewScreen
from tests.tui.drive import database, still

CRITICAL = {"foursquare": 1, "union-square": 10}
"""Deals on which the greedy player's game has a critical move."""


def finished(db_path: Path, game: str, hinted: bool = False) -> SquaresApp:
    """The app on ``game``'s deal of ``CRITICAL`` played by the greedy player to its end."""
    db = database(db_path)
    saved = SavedSession.new(db, game, CRITICAL[game], clock=still)
    player = get_player(game, "greedy")
    if hinted:
        saved.note_hint()
    while not saved.over:
        try:
            saved.move(str(player.choose(saved.game.observe(saved.state))))
        except Resign:
            saved.resign()
    return SquaresApp(db, saved)


def reviewed(db_path: Path, game: str) -> SquaresApp:
    """``finished``'s game with its review worked out and kept with it, as after a first
    look at it. The screens of the review at every size and in every language show the
    same review: it is worked out once in this process (for each number of playouts the
    test sets) and its database copied. (``finished`` leaves it to the review screen.)"""
    made, game_id = _reviewed(game, get_hindsight(game).samples)
    with sqlite3.connect(made) as source, sqlite3.connect(db_path) as copy:
        source.backup(copy)
    db = database(db_path)
    return SquaresApp(db, SavedSession.open(db, game_id, clock=still))


@cache
def _reviewed(game: str, samples: int) -> tuple[Path, int]:
    folder = Path(tempfile.mkdtemp(prefix="squares-reviewed-"))
    atexit.register(shutil.rmtree, folder, True)
    app = finished(folder / "squares.db", game)
    review_game(app.db, app.saved.id)
    app.db.close()
    return folder / "squares.db", app.saved.id


async def review_shown(pilot: Pilot[str | None], app: SquaresApp) -> ReviewScreen:
    """``v`` and the review worked out: the review screen, on the deal before move 1."""
    await pilot.press("v")
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.review is not None
    return screen


async def critical_shown(pilot: Pilot[str | None], app: SquaresApp) -> ReviewScreen:
    """``v``, the review worked out, then ``c``: the review on its critical move."""
    screen = await review_shown(pilot, app)
    await pilot.press("c")
    await pilot.pause()
    return screen
