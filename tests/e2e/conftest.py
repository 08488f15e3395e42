"""Browser tests: the real server in its own process, Debian's Chromium driven by Playwright."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import system_chromium


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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# ``squares`` with its catalogs read from the folder given first (a test's own catalogs:
# ``LANG/LC_MESSAGES/squares.mo`` for the server, ``i18n/LANG.json`` for the page script)
WITH_CATALOGS = (
    "import pathlib, sys, squares.i18n, squares.web.lang; "
    "squares.i18n.LOCALE_DIR = pathlib.Path(sys.argv.pop(1)); "
    "squares.web.lang.CATALOGS = squares.i18n.LOCALE_DIR / 'i18n'; "
    "from squares.cli.main import run; run()"
)
SERVED = re.compile(r"http://127\.0\.0\.1:(\d+)/")


@dataclass
class Server:
    """``squares serve`` running on a port of its own with a database of its own.

    With ``locale``, the server reads its compiled catalogs from there, not the package.
    The port is a free one; should another test's server take it first (tests run in
    parallel), the server says which port it took instead, and that is the one used.
    """

    db: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[str] | None = None
    locale: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        program = (
            ["-m", "squares"] if self.locale is None else ["-c", WITH_CATALOGS, str(self.locale)]
        )
        self.process = subprocess.Popen(
            [
                sys.executable,
                *program,
                "serve",
                "--no-browser",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "in use" in line:  # "Port N is in use; using port M instead."
            line = self.process.stdout.readline()
        served = SERVED.search(line)
        assert served, line
        self.port = int(served.group(1))

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "e2e.db")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that only look (layout, accessibility): each starts its
    own games on it, so none depends on another's."""
    running = Server(tmp_path_factory.mktemp("shared") / "e2e.db")
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
