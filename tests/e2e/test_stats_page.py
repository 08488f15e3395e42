"""The statistics page over a history: the daily streak, and share codes that deal."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from playwright.sync_api import Page, expect

from squares.share import daily_deal
from squares.store import open_db
from tests.e2e.conftest import AppServer, Server, ServerLoop
from tests.store.conftest import add_game


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory, server_loop: ServerLoop) -> Iterator[Server]:
    """A server over three days in a row of Union Square daily deals won, today included,
    and one Foursquare game lost."""
    running = AppServer(tmp_path_factory.mktemp("history") / "e2e.db", loop=server_loop)
    db = open_db(running.db)
    today = date.today()
    for back in range(3):
        day = today - timedelta(days=back)
        add_game(
            db,
            game="union-square",
            deal=daily_deal("union-square", day),
            daily=day.isoformat(),
            status="won",
            score=104,
            position=150,
            finished_at=f"{day.isoformat()}T12:00:00.000Z",
        )
    add_game(
        db,
        game="foursquare",
        deal=31,
        status="lost",
        score=None,
        position=40,
        finished_at=f"{today.isoformat()}T09:00:00.000Z",
    )
    db.close()
    running.start()
    yield running
    running.stop()


def test_the_daily_streak_is_on_the_statistics_page(page: Page, history: Server) -> None:
    page.goto(f"{history.url}stats")
    union = page.locator("section", has_text="Union Square")
    expect(union.get_by_role("row", name=re.compile("Daily streak"))).to_contain_text(
        "3 days in a row"
    )
    foursquare = page.locator("section", has_text="Foursquare")
    expect(foursquare.get_by_role("row", name=re.compile("Daily streak"))).to_contain_text(
        "0 days in a row"
    )


def test_a_share_code_in_the_last_games_deals_that_deal(page: Page, history: Server) -> None:
    page.goto(f"{history.url}stats")
    link = page.get_by_role("link", name="foursquare:31")
    with page.expect_response(re.compile(r"/api/games$")):
        link.click()
    expect(page.locator("#status")).to_contain_text("Foursquare · deal 31 · stock 39")
