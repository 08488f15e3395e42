"""What the server prepares as it starts (``squares.web.warming``): the page says what it
prepares and that hints, the chance of winning and reviews wait for it, until it is done;
and the processes that work out a chance are started and prepared with it, so the first
chance asked starts none."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.ai import warmed_up
from squares.games import GAMES
from squares.web import playouts, warming
from tests.e2e.conftest import Server


@dataclass
class HeldWarmUp:
    """The server's warm-up as on its first start after installing, each stage held until
    the test lets it go: the games' searches (``searches``), then the playout processes
    (``processes``), which are real."""

    searches: threading.Event = field(default_factory=threading.Event)
    processes: threading.Event = field(default_factory=threading.Event)

    def release(self) -> None:
        self.searches.set()
        self.processes.set()


def ready_soon(page: Page, server: Server) -> bool:
    deadline = time.monotonic() + 120  # a liveness bound, not a speed
    while time.monotonic() < deadline:
        if page.request.get(f"{server.url}api/warm-up").json()["ready"]:
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldWarmUp]:
    """``warming.start`` as ``squares serve`` calls it, with no playout process before it."""
    stages = HeldWarmUp()

    start_processes = playouts.start

    def processes(games: Any) -> None:
        stages.processes.wait()
        start_processes(games)

    for game in GAMES:
        package = import_module(GAMES[game].info.ai_package)
        monkeypatch.setattr(package, "warm_up", stages.searches.wait)
    monkeypatch.setattr(playouts, "start", processes)
    monkeypatch.setattr(warming, "_chance", None)
    playouts.stop()  # whatever an earlier test of this process started
    for game in GAMES:  # and the warm-up of this worker's first server, if still on its way
        warmed_up(game)
    warming.start()
    yield stages
    stages.release()
    chance = warming._chance
    assert chance is not None
    chance.join(timeout=120)
    playouts.stop()


def test_the_page_says_what_the_server_prepares_until_it_is_done(
    page: Page, server: Server, held: HeldWarmUp
) -> None:
    page.goto(server.url)
    preparing = page.locator("#preparing")
    expect(preparing).to_contain_text("Preparing the search for Foursquare, the search for Union")
    expect(preparing).to_contain_text(
        "Hints, the chance of winning and reviews answer once this is done"
    )
    german = page.request.get(f"{server.url}api/warm-up", headers={"Accept-Language": "de"})
    assert german.json()["text"].startswith("Vorbereitung: die Suche für Foursquare")
    held.searches.set()
    expect(preparing).to_contain_text(
        "Preparing the processes that work out the chance of winning…"
    )
    expect(preparing).not_to_contain_text("the search for")
    held.processes.set()
    expect(preparing).to_be_hidden(timeout=120_000)
    assert page.request.get(f"{server.url}api/warm-up").json() == {
        "ready": True,
        "preparing": [],
        "text": None,
    }


def test_the_first_chance_after_the_start_starts_no_process(
    page: Page, server: Server, held: HeldWarmUp
) -> None:
    held.release()
    assert ready_soon(page, server)
    started = {process.pid for process in multiprocessing.active_children()}
    assert started, "a playout process is started and prepared with the server"
    created = page.request.post(f"{server.url}api/games", data={"game": "union-square", "deal": 3})
    answer = page.request.post(f"{server.url}api/games/{created.json()['id']}/chance", data={})
    assert answer.ok, answer.text()
    assert answer.json()["chance"]["samples"] > 0
    assert {process.pid for process in multiprocessing.active_children()} == started
