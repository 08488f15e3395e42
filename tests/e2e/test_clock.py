"""The clock stops when no page shows the game, even when the page cannot say so."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from squares.web.live import LiveGames
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import open_game


def seconds_played(context: BrowserContext, server: Server, game_id: int) -> float:
    answer = context.request.get(f"{server.url}api/games/{game_id}")
    assert answer.ok
    seconds: float = answer.json()["seconds"]
    return seconds


def test_a_shown_page_beats_for_its_game(page: Page, server: Server) -> None:
    page.clock.install()  # the page's timers, run on at once rather than waited for
    view = open_game(page, server, "foursquare", 7)
    with page.expect_request(re.compile(rf"/api/games/{view['id']}/beat$"), timeout=12_000):
        page.clock.run_for(5_000)  # heartbeat.js's BEAT_MS


def test_the_clock_stops_without_beats_from_a_page_that_cannot_say_so(
    page: Page, context: BrowserContext, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(LiveGames, "grace", 1.0)  # one second after the last beat, not 15
    view = open_game(page, server, "foursquare", 7)
    # a browser killed, or a tab closed by a script: no pause is said, and no beat comes
    page.evaluate("navigator.sendBeacon = () => true")
    page.close()
    watcher = context.new_page()
    watcher.wait_for_timeout(1500)
    before = seconds_played(context, server, view["id"])
    watcher.wait_for_timeout(2000)
    assert seconds_played(context, server, view["id"]) == before
    watcher.close()


def test_a_page_woken_from_sleep_shows_the_clock_the_server_kept(
    page: Page, context: BrowserContext, server: Server
) -> None:
    page.clock.install()
    view = open_game(page, server, "foursquare", 7)
    with page.expect_response(re.compile(rf"/api/games/{view['id']}$")):
        page.clock.fast_forward("10:00")  # the lid closed ten minutes, and opened
    kept = seconds_played(context, server, view["id"])
    assert kept < 60
    expect(page.locator("#clock")).to_have_text(re.compile(r"0:[0-5]\d$"))  # not 10:0x
