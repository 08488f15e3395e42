"""Finished games to review in the terminal game, and the review opened on their critical
move."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from squares.ai import get_player
from squares.ai.base import Resign
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


async def critical_shown(pilot: Pilot[str | None], app: SquaresApp) -> ReviewScreen:
    """``v``, the review worked out, then ``c``: the review on its critical move."""
    await pilot.press("v")
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    return screen
