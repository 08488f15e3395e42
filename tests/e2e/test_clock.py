"""The clock stops when no page shows the game, even when the page cannot say so."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page

from squares.web.live import LiveGames
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import open_game


def seconds_played(context: BrowserContext, server: Server, game_id: int) -> float:
    answer = context.request.get(f"{server.url}api/games/{game_id}")
    assert answer.ok
    seconds: float = answer.json()["seconds"]
    return seconds


def test_a_shown_page_beats_for_its_game(page: Page, server: Server) -> None:
    view = open_game(page, server, "foursquare", 7)
    with page.expect_request(re.compile(rf"/api/games/{view['id']}/beat$"), timeout=12_000):
        pass


def test_the_clock_stops_without_beats_from_a_page_that_cannot_say_so(
    page: Page, context: BrowserContext, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(LiveGames, "grace", 1.0)  # one second after the last beat, not 15
    view = open_game(page, server, "foursquare", 7)
    cdp = context.new_cdp_session(page)
    # frozen as a sleeping laptop's or a hung browser's page: no event, no timer, no goodbye
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    page.wait_for_timeout(1500)
    before = seconds_played(context, server, view["id"])
    page.wait_for_timeout(2000)
    assert seconds_played(context, server, view["id"]) == before
