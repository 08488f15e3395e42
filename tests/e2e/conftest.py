"""Browser tests: the game server, Debian's Chromium driven by Playwright.

Chromium starts once per worker (pytest-playwright's ``browser``), with one browser context
per worker (``context``) in which each test has a page of its own (``page``). Nothing one
test does reaches the next: its page is closed, the cookies and the storage of every
origin it visited are cleared (``context``), and a server of its own has a port, so an origin,
of its own. A new page of the worker's context takes the renderer process the context
already has for 127.0.0.1 (``WARM``), where a new context starts a process of its own,
about a second of CPU. The servers (``tests/e2e/served.py``):

- ``server``: the test's own server and database, in this process; the usual choice.
- ``shared_server``: one per worker, for tests that only look at pages.
- ``server_process``: a real ``squares serve`` process, for a restart.

Pages prefer reduced motion, but where a test takes ``motion``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route

from squares.ai import warm_up
from squares.games import GAMES
from tests.e2e.browser import system_chromium
from tests.e2e.served import AppServer, Server, ServerLoop, ServerProcess

__all__ = ["AppServer", "Server", "ServerLoop", "ServerProcess"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Chromium headless, without the background traffic a closed network refuses."""
    found = system_chromium()
    where = {"executable_path": found} if found else {}  # else Playwright's own download
    return {
        **browser_type_launch_args,
        **where,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Pages that prefer reduced motion: the board changes at once, so a click never waits
    for a card to stop sliding (Playwright waits until its target stands still). The
    tests of the motion itself, and one game played by clicks, take ``motion``."""
    return {**browser_context_args, "reduced_motion": "reduce"}


WARM = "http://127.0.0.1/warm"
"""A page of the site of every test server (a site takes no port), answered by the
browser itself: kept open, it keeps the renderer process the tests' pages share."""


@pytest.fixture(scope="session")
def warm_page(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """The page of the tests' site held open in this worker's browser context."""
    context = browser.new_context(**browser_context_args)
    warm = context.new_page()

    def answer(route: Route) -> None:
        route.fulfill(content_type="text/html", body="<!doctype html><title>warm</title>")

    warm.route(WARM, answer)
    warm.goto(WARM)
    warm.unroute(WARM)
    yield warm
    context.close()


@pytest.fixture
def context(warm_page: Page) -> Iterator[BrowserContext]:
    """The browser context of the test: this worker's, cleared after the test of the
    cookies and the storage (local, session, caches) of every origin the test's pages asked
    anything of."""
    visited: set[str] = set()

    def note(request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            visited.add(f"{parts.scheme}://{parts.netloc}")

    context = warm_page.context
    context.on("request", note)
    yield context
    context.remove_listener("request", note)
    context.clear_cookies()
    session = context.new_cdp_session(warm_page)
    for origin in sorted(visited):
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    session.detach()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    """The test's own page, closed after it."""
    opened = context.new_page()
    yield opened
    opened.close()


@pytest.fixture
def motion(page: Any) -> Any:
    """The test's page with motion, as a player who has not asked for less sees it."""
    page.emulate_media(reduced_motion="no-preference")
    return page


@pytest.fixture(scope="session")
def server_loop() -> Iterator[ServerLoop]:
    """The event loop (in a thread of this worker) on which this worker's ``AppServer``s
    run; a fixture of a wider scope that serves the app takes it (see ``server``)."""
    for game in GAMES:  # the hints' search compiles (or loads) once per worker, as a server's
        warm_up(game)
    loop = ServerLoop()
    yield loop
    loop.close()


@pytest.fixture
def server(tmp_path: Path, server_loop: ServerLoop) -> Iterator[AppServer]:
    """The game server of this test alone: the web app over a fresh database of its own
    (``server.db``), at ``server.url``, served from this worker's process (milliseconds to
    start). Take it for any test that plays, changes settings or counts the games.

    A fixture with a database made first (a history, say) does as this one does::

        running = AppServer(folder / "e2e.db", loop=server_loop)
        ...fill running.db..., then running.start(), yield running, running.stop()
    """
    running = AppServer(tmp_path / "e2e.db", loop=server_loop)
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def shared_server(
    tmp_path_factory: pytest.TempPathFactory, server_loop: ServerLoop
) -> Iterator[AppServer]:
    """One server per worker for the tests that only look (layout, accessibility): each
    starts its own games on it, so none depends on another's; a test that counts the
    games or needs the first ones of a database takes ``server``."""
    running = AppServer(tmp_path_factory.mktemp("shared") / "e2e.db", loop=server_loop)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real ``squares serve`` process over a database of its own, for what only a process
    shows (``stop()`` then ``start()`` is a restart on the same port); seconds to start,
    so take ``server`` unless the test needs the process."""
    running = ServerProcess(tmp_path / "e2e.db")
    running.start()
    yield running
    running.stop()


SEEN_INTRO = "localStorage.setItem('squares.intro.seen', '1')"
"""The page as a returning player sees it: the first visit's introduction already read."""


@pytest.fixture(autouse=True)
def returning_player(page: Any) -> None:
    """Every test's page is a returning player's (the first-visit test makes its own)."""
    page.add_init_script(SEEN_INTRO)


@pytest.fixture(autouse=True)
def network_log(page: Any) -> Iterator[list[str]]:
    """Every API answer the page got, printed if the test fails (pytest shows the output)."""
    log: list[str] = []

    def note(response: Any) -> None:
        if "/api/" in response.url:
            log.append(f"{response.request.method} {response.url} {response.status}")

    page.on("response", note)
    yield log
    print("\n".join(log))
