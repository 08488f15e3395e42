"""``squares serve``: run the web app on this computer and open it in the browser."""

from __future__ import annotations

import errno
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from squares.i18n import _


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``port``, or on a free port if that one is taken (said on stderr)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        if err.errno != errno.EADDRINUSE:
            sock.close()
            raise
        sock.bind((host, 0))
        print(
            _("Port {port} is in use; using port {free} instead.").format(
                port=port, free=sock.getsockname()[1]
            ),
            file=sys.stderr,
        )
    sock.listen(128)
    return sock


def url_for(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(host: str, port: int, db: Path | None, open_browser: bool) -> int:
    import uvicorn

    from squares.ai import warm_up
    from squares.games import GAMES
    from squares.web.app import create_app

    for game in GAMES:  # the hints' search compiles (or loads) while the page opens
        warm_up(game)
    sock = bind(host, port)
    actual = sock.getsockname()[1]
    app = create_app(db=db, host=host, port=actual)
    url = url_for(host, actual)
    print(_("Squares is being served at {url}  (Ctrl-C stops it)").format(url=url), flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.6, lambda: webbrowser.open(url)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    print(_("Stopped."))
    return 0
