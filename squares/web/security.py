"""Guards for a server that listens on the player's own machine.

* DNS rebinding: a request whose ``Host`` header is not the address served is refused,
  so a web page elsewhere cannot reach this server through a name it controls.
* Cross-site requests: no CORS headers are ever sent, and a request that carries an
  ``Origin`` other than our own is refused before it can change anything.
* Request bodies over a small limit are refused, whether or not they announce a length.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 16 * 1024


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` header values that name this server."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1", "[::1]"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    return frozenset(f"{name}:{port}" for name in names) | frozenset(names if port == 80 else ())


async def _refuse(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class LocalOnly:
    """ASGI middleware: checks Host and Origin, limits the body size."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], max_body: int = MAX_BODY) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            await _refuse(send, 421, "This server answers only to its own address.")
            return
        origin = headers.get("origin")
        if origin is not None and origin.lower().split("://", 1)[-1] not in self.hosts:
            await _refuse(send, 403, "Requests from other sites are not accepted.")
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(send, 413, f"Request body too large (at most {self.max_body} bytes).")
            return
        await self.app(scope, self._limited(receive), send)

    def _limited(self, receive: Receive) -> Receive:
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        return limited


class BodyTooLarge(Exception):
    """A streamed body went past the limit; the app answers 413."""
