"""How the server holds its connections: none idle for long, no more than its files allow,
and a refusal said once.

A connection costs the server a file descriptor whether or not it ever sends a request, and
a process has only so many (``ulimit -n``): connections that send nothing, or a byte now
and then, would otherwise take them all, and every request after them would wait. So:

* a request's headers must be complete ``REQUEST_SECONDS`` after the connection opened or
  the last answer on it was sent, and a kept-alive connection is closed after
  ``IDLE_SECONDS`` without a request (uvicorn's ``timeout_keep_alive``);
* at most ``most_connections()`` are held: past it, the connection idle the longest is
  closed for the new one (one that is being answered is never cut off);
* the first time connections are closed for that, or the system has no file left to
  accept one with, the server's terminal is told once, not once a try.
"""

from __future__ import annotations

import asyncio
import resource
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from squares.i18n import _
from squares.notice import say_once
from squares.web.serve import BACKLOG as ACCEPTED_AT_ONCE

IDLE_SECONDS = 5
REQUEST_SECONDS = 10
FILES_KEPT = 64
"""Descriptors kept for what is not a connection: the database and its journal, the page's
files, the compiled searches' cache, the listening socket."""
MOST_CONNECTIONS = 1000


def most_connections() -> int:
    """How many connections are held at once: what this process may open beyond
    ``FILES_KEPT`` and the connections that one look at the listening socket takes in
    before any of them can be closed (asyncio takes up to the server's ``backlog``)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(4, min(MOST_CONNECTIONS, soft - FILES_KEPT - ACCEPTED_AT_ONCE))


class Guarded(H11Protocol):
    """uvicorn's HTTP/1.1 connection with a deadline for each request's headers and a
    bound on how many are held."""

    most = MOST_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.waiting_since = time.monotonic()
        self._deadline: asyncio.TimerHandle | None = None
        self._expect_request()
        if len(self.connections) > self.most:
            self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self._no_deadline()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's headers came: it is being answered
            self._no_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self.waiting_since = time.monotonic()
            self._expect_request()

    @property
    def answering(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def _expect_request(self) -> None:
        self._no_deadline()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _no_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.answering and not self.transport.is_closing():
            self.transport.close()

    def _make_room(self) -> None:
        """Close the connection idle the longest (this one, if every other is answering)."""
        idle = [
            held
            for held in self.connections
            if isinstance(held, Guarded) and not held.answering and held is not self
        ]
        oldest = min(idle, key=lambda held: held.waiting_since, default=self)
        oldest.transport.close()
        say_once(
            "full",
            _(
                "more than {most} connections were open at once; from now on the one idle "
                "the longest is closed for a new one (this is said once)"
            ).format(most=self.most),
        )


def guarded(most: int) -> type[Guarded]:
    """The connection class of a server that holds at most ``most`` connections."""
    return type("GuardedHttp", (Guarded,), {"most": most})


def on_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """asyncio's report of an error in the server's loop: a connection that could not be
    accepted for want of files is said once; anything else as asyncio says it."""
    if context.get("message") == "socket.accept() out of system resource":
        say_once(
            "files",
            _(
                "a connection could not be accepted: {problem}. Connections wait until "
                "others close (this is said once)"
            ).format(problem=getattr(context.get("exception"), "strerror", None) or "?"),
        )
        return
    loop.default_exception_handler(context)
