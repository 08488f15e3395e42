"""The page's language: chosen per request, and the page script's messages in it.

A request is answered in the language of its ``lang`` cookie (set by the page's language
switcher) when that names a supported language, else in the best one its
``Accept-Language`` header asks for, else in English. ``LanguageMiddleware`` makes that
the current language while the request is handled, so every ``_()`` on the way (error
messages included) speaks it.

The page script gets its messages from ``js_catalog``: ``static/i18n/LANG.json``, built
from the catalogs by ``python -m squares.web.script_catalog``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from squares.i18n import DEFAULT, LANGUAGES, from_accept_language, language

COOKIE = "lang"
CATALOGS = Path(str(files("squares.web").joinpath("static", "i18n")))
ENGLISH: dict[str, object] = {"lang": DEFAULT, "plural": "(n != 1)", "messages": {}}


def choose(cookie: str | None, accept_language: str | None) -> str:
    """The ``lang`` cookie if it names a supported language, else ``Accept-Language``.

    >>> choose("de", "fr"), choose(None, "fr-CA, en;q=0.5"), choose("xx", None)
    ('de', 'fr', 'en')
    """
    if cookie and cookie.strip().lower() in LANGUAGES:
        return cookie.strip().lower()
    return from_accept_language(accept_language)


def request_language(connection: HTTPConnection) -> str:
    return choose(connection.cookies.get(COOKIE), connection.headers.get("accept-language"))


class LanguageMiddleware:
    """ASGI middleware: the request's language is the current one while it is handled."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = request_language(HTTPConnection(scope))
        scope.setdefault("state", {})["lang"] = lang
        with language(lang):
            await self.app(scope, receive, send)


@cache
def js_catalog(lang: str) -> dict[str, object]:
    """What ``GET /api/i18n`` answers: the script's messages translated into ``lang``.

    ``messages`` maps each translated message id to its text, or for a plural message
    (keyed by its singular) to the list of its forms; ``plural`` is the catalog's plural
    rule, a C expression in ``n`` giving the index of the form. English, or a language
    whose file is missing, has no messages: the page shows the English ids.
    """
    path = CATALOGS / f"{lang}.json"
    if lang == DEFAULT or lang not in LANGUAGES or not path.is_file():
        return ENGLISH
    body: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return body
