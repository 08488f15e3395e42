"""The game server as the browser tests reach it: in this worker's own process, or as a
real ``squares serve`` process.

``AppServer`` serves the web app (``squares.web.app.create_app``, what ``squares serve``
runs) from a thread of the test worker, each on a port and over a database of its own:
starting one costs milliseconds, where a ``squares serve`` process costs seconds of
imports and compilation. ``ServerProcess`` is the real command, for the tests that need
what only a process has (a restart, catalogs read from elsewhere at start-up).
"""

from __future__ import annotations

import asyncio
import re
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn

from squares.web.app import create_app
from squares.web.serve import bind, configured

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """What a browser test reads of a running server: its address and its database."""

    db: Path
    port: int = field(default_factory=free_port)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"


class ServerLoop:
    """One event loop in a thread of its own, on which every ``AppServer`` of this process
    runs (the test worker's: pytest-xdist runs each worker in a process of its own)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.running: set[Future[None]] = set()

    def close(self) -> None:
        """Wait for the servers still shutting down, then end the loop."""
        for served in list(self.running):
            served.result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()


@dataclass
class AppServer(Server):
    """The web app over ``db``, served on ``loop`` from a port of its own (a free one,
    chosen at ``start``): the same app, middleware and uvicorn as ``squares serve``."""

    loop: ServerLoop | None = None
    _uvicorn: uvicorn.Server | None = None

    def start(self) -> None:
        assert self.loop is not None and self._uvicorn is None
        sock = bind(HOST, 0)
        self.port = sock.getsockname()[1]
        app = create_app(db=self.db, host=HOST, port=self.port)
        server = configured(app)
        served = asyncio.run_coroutine_threadsafe(server.serve(sockets=[sock]), self.loop.loop)
        self.loop.running.add(served)

        def done(finished: Future[None], running: set[Future[None]] = self.loop.running) -> None:
            app.state.db.close()
            sock.close()
            running.discard(finished)

        served.add_done_callback(done)
        while not server.started:  # listening already: this waits for uvicorn's start-up
            if served.done():
                served.result()  # raises what stopped it
            time.sleep(0.002)
        self._uvicorn = server

    def stop(self) -> None:
        """Stop listening; the server finishes its answers under way on its own (the next
        test does not wait for that: its server is another one)."""
        if self._uvicorn is not None:
            self._uvicorn.should_exit = True
            self._uvicorn = None


RUN = "from squares.cli.main import run; run()"
"""The command line, as ``python -c`` runs it after code of a test's own."""
# ``squares`` with its catalogs read from the folder given first (a test's own catalogs:
# ``LANG/LC_MESSAGES/squares.mo`` for the server, ``i18n/LANG.json`` for the page script)
WITH_CATALOGS = (
    "import pathlib, sys, squares.i18n, squares.web.lang; "
    "squares.i18n.LOCALE_DIR = pathlib.Path(sys.argv.pop(1)); "
    f"squares.web.lang.CATALOGS = squares.i18n.LOCALE_DIR / 'i18n'; {RUN}"
)
SERVED = re.compile(r"http://127\.0\.0\.1:(\d+)/")


def serve_process(
    db: Path, first: str | None = None, **options: Any
) -> tuple[subprocess.Popen[str], int]:
    """``squares serve`` over ``db`` on a free port, started with ``subprocess.Popen``'s
    ``options`` (its output piped as text), and the port it serves once it says so. With
    ``first``, the process runs that Python code before the command (to set a module's
    constant, say)."""
    program = ["-m", "squares"] if first is None else ["-c", f"{first}; {RUN}"]
    process = subprocess.Popen(
        [sys.executable, *program, "serve", "--no-browser", "--port", str(free_port()),
         "--db", str(db)],
        stdout=subprocess.PIPE, text=True, **{"stderr": subprocess.STDOUT, **options},
    )  # fmt: skip
    assert process.stdout is not None
    served = SERVED.search(process.stdout.readline())
    assert served, "the server did not start"
    return process, int(served.group(1))


@dataclass
class ServerProcess(Server):
    """``squares serve`` running on a port of its own with a database of its own.

    With ``locale``, the server reads its compiled catalogs from there, not the package.
    The port is a free one; should another test's server take it first (tests run in
    parallel), the server says which port it took instead, and that is the one used.
    """

    process: subprocess.Popen[str] | None = None
    locale: Path | None = None

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
