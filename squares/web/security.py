"""Guards for a server that listens on the player's own machine.

* DNS rebinding: a request whose ``Host`` header is not the address served is refused,
  so a web page elsewhere cannot reach this server through a name it controls.
* Cross-site requests: no CORS headers are ever sent, and a request that carries an
  ``Origin`` other than our own is refused before it can change anything.
* Request bodies over a small limit are refused, whether or not they announce a length.
* A body that gives one field twice is refused (JSON parsers keep one of the values without
  a word, and which one depends on the parser: a check and the code behind it could differ).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from squares.cards import shown
from squares.i18n import _
from squares.jsonin import repeated_key

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
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
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
            await _refuse(send, 421, _("This server answers only to its own address."))
            return
        origin = headers.get("origin")
        if origin is not None and origin.lower().split("://", 1)[-1] not in self.hosts:
            await _refuse(send, 403, _("Requests from other sites are not accepted."))
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(
                send,
                413,
                _("Request body too large (at most {limit} bytes).").format(limit=self.max_body),
            )
            return
        if scope.get("method") in ("POST", "PUT", "PATCH"):
            body = await self._read_limited(receive)
            if body is None:
                await _refuse(
                    send,
                    413,
                    _("Request body too large (at most {limit} bytes).").format(
                        limit=self.max_body
                    ),
                )
                return
            key = repeated_key(body)
            if key is not None:
                await _refuse(
                    send,
                    400,
                    _("The request body gives the field {field} twice; give each once.").format(
                        field=shown(key)
                    ),
                )
                return
            await self.app(scope, _replay(body, receive), send)
            return
        await self.app(scope, receive, send)

    async def _read_limited(self, receive: Receive) -> bytes | None:
        """A body sent without a length, read whole; ``None`` once it passes the limit."""
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def again() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again
