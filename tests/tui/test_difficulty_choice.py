"""The terminal game's new deal of a difficulty (k): the deal dealt has the level picked,
and the end of the game names the deal's difficulty and that it can be won; the daily deal
(t) is of the day's level and says so."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.difficulty import level_of
from squares.share import daily_deal, daily_level
from squares.store.records import all_records
from squares.tui.app import SquaresApp
from squares.tui.dialogs import Confirm, Pick
from tests.tui.drive import database, new_app, play


@pytest.mark.parametrize(("downs", "level"), [(1, "easy"), (4, "expert")])
def test_k_deals_a_deal_of_the_difficulty_picked_and_its_end_names_it(
    private_database: Path, downs: int, level: str
) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, Pick)
        await pilot.press(*["down"] * downs, "enter")
        await pilot.pause()
        assert level_of("foursquare", app.saved.deal) == level
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        message = str(app.query_one("#message").render())
        assert f"Difficulty: {level}." in message and "it can be won" in message

    play(app, scenario)


def test_t_deals_todays_daily_deal_and_names_its_level(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "union-square", 7)
    today = date.today()

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("t")
        await pilot.pause()
        assert app.saved.deal == daily_deal("union-square", today)
        assert level_of("union-square", app.saved.deal) == daily_level(today)
        message = str(app.query_one("#message").render())
        assert f"union-square:{app.saved.deal}." in message
        assert f"Daily deal of {today.isoformat()}: {daily_level(today)}." in message

    play(app, scenario)
    [record] = [r for r in all_records(db) if r.deal == daily_deal("union-square", today)]
    assert record.daily == today.isoformat()
