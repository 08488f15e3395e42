"""``o`` in the terminal game: your chance of winning from here in the message line, worked
out off the screen's thread and noted on the game like a hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.ai import get_hindsight
from squares.store import SavedSession
from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, play


@pytest.fixture(autouse=True)
def few_live_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, samples in (("foursquare", 5), ("union-square", 2)):
        monkeypatch.setattr(type(get_hindsight(name)), "live_samples", samples)


def message(app: SquaresApp) -> str:
    return " ".join(str(app.query_one("#message").render()).split())


def test_o_shows_the_chance_of_winning_from_here_and_marks_the_game(
    private_database: Path,
) -> None:
    db = database(private_database)
    app = new_app(db, "union-square", 7)
    app.saved.move("s")

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = message(app)
        assert said.startswith("Chance of winning from here if keeper plays on: ")
        assert "2 deals of the unseen cards" in said

    play(app, scenario, (100, 30))
    assert app.saved.hints_used
    assert SavedSession.open(db, app.saved.id).hints_used  # on disk, not only on screen


def test_o_after_the_end_points_to_the_review(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)
    app.saved.move("0,0")
    app.saved.resign()

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("o")
        await pilot.pause()
        assert "review (v)" in message(app)

    play(app, scenario)
    assert not app.saved.hints_used


def test_the_keys_page_lists_o(private_database: Path) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        described = {b.key: b.description for b in app.own_bindings()}
        assert described["o"] == "your chance of winning from here"

    play(app, scenario)
