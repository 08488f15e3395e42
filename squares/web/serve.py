"""``squares serve``: run the web app on this computer and open it in the browser."""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import signal
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

from squares.errors import SquaresError

if TYPE_CHECKING:
    import uvicorn
    from starlette.types import ASGIApp
from squares.i18n import _

BACKLOG = 64
"""The listening socket's queue, and how many connections the server takes from it at one
look (asyncio takes up to the ``backlog`` it is given, uvicorn's 2048 unless told)."""


class CannotServe(SquaresError):
    """The server cannot listen where it was asked to (no such address, port not allowed)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``port``, or on a free port if that one is taken (said on stderr).

    The socket is TCP's own (``IPPROTO_TCP``, not protocol 0), so that asyncio turns off
    Nagle's algorithm on every connection it accepts (it checks the protocol), and it has
    ``TCP_NODELAY`` itself, which Linux passes on to accepted sockets: an answer on a
    kept-alive connection is sent at once, not after the peer's ~40 ms delayed ACK.
    ``CannotServe`` says why when the address cannot be listened on, or is every address
    of the computer (``0.0.0.0``, ``::``): the ``Host`` check that keeps DNS rebinding out
    (``squares.web.security``) needs the one address the server answers to.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        _bind(sock, host, port)
    except OSError as err:
        if err.errno != errno.EADDRINUSE:
            sock.close()
            raise _cannot_listen(host, port, err) from None
        try:
            _bind(sock, host, 0)
        except OSError as again:
            sock.close()
            raise _cannot_listen(host, port, again) from None
        print(
            _("Port {port} is in use; using port {free} instead.").format(
                port=port, free=sock.getsockname()[1]
            ),
            file=sys.stderr,
        )
    if _every_address(sock.getsockname()[0]):
        sock.close()
        raise CannotServe(
            _(
                "will not listen on {host}: that means every address of this computer, and "
                "the server could then not tell a request for itself from one that a web page "
                "elsewhere sends through a name of its own (DNS rebinding). Use --host with "
                "one address of this computer: "
                "127.0.0.1 (the default) for this computer alone, or its address on your "
                "network to play from another device"
            ).format(host=repr(host))
        )
    sock.listen(BACKLOG)
    return sock


def _every_address(bound: str) -> bool:
    """Whether the address a socket is bound to is every address of the computer: ``0.0.0.0``,
    ``::``, or ``::ffff:0.0.0.0`` (the first written as IPv6, which takes every IPv4 address)."""
    address = ipaddress.ip_address(bound.split("%")[0])
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_unspecified or (mapped is not None and mapped.is_unspecified)


def _bind(sock: socket.socket, host: str, port: int) -> None:
    try:
        sock.bind((host, port))
    except (UnicodeError, ValueError, OverflowError) as err:  # a name no lookup can take
        raise OSError(errno.EINVAL, _("not a host name or address")) from err


def _cannot_listen(host: str, port: int, err: OSError) -> CannotServe:
    if isinstance(err, socket.gaierror):
        problem = _("no address of this computer has that name")
    elif err.errno == errno.EADDRNOTAVAIL:
        problem = _("it is not an address of this computer")
    elif err.errno == errno.EACCES:
        problem = _("this user may not listen on that port")
    else:
        problem = err.strerror or str(err)
    return CannotServe(
        _("cannot listen on {host} port {port}: {problem}. Use --host with an address of this "
          "computer (default 127.0.0.1) and --port from 1 to 65535").format(
            host=repr(host), port=port, problem=problem
        )
    )  # fmt: skip


def url_for(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def configured(app: ASGIApp) -> uvicorn.Server:
    """The server of ``app``, as ``squares serve`` runs it: quiet, and holding its
    connections as ``squares.web.connections`` says."""
    import uvicorn

    from squares.web import connections

    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="off",
        http=connections.guarded(connections.most_connections()),
        timeout_keep_alive=connections.IDLE_SECONDS,
        backlog=BACKLOG,
    )
    return uvicorn.Server(config)


def serve(host: str, port: int, db: Path | None, open_browser: bool) -> int:
    from squares.web import connections, warming
    from squares.web.app import create_app

    sock = bind(host, port)  # first: an address refused is said at once
    warming.start()  # the searches compile (or load) while the page opens
    actual = sock.getsockname()[1]
    app = create_app(db=db, host=host, port=actual)
    url = url_for(host, actual)
    print(_("Squares is being served at {url}  (Ctrl-C stops it)").format(url=url), flush=True)
    server = configured(app)
    if open_browser:
        threading.Timer(0.6, lambda: webbrowser.open(url)).start()

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(connections.on_loop_error)
        await server.serve(sockets=[sock])

    # SIGTERM (kill, a service manager) stops it as Ctrl-C does: uvicorn finishes the requests
    # under way, then raises the signal again, which then ends the program here, not mid-exit
    # with the playout processes and their semaphores left for the system to clean up.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    print(_("Stopped."))
    return 0
