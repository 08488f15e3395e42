"""The page's language: chosen per request, and the page script's messages in it.

A request is answered in the language of its ``lang`` cookie (set by the page's language
switcher) when that names a supported language, else in the best one its
``Accept-Language`` header asks for, else in English. ``LanguageMiddleware`` makes that
the current language while the request is handled, so every ``_()`` on the way (error
messages included) speaks it.

The page script gets its messages from ``js_catalog``: the entries of the compiled
catalog whose message ids occur in the script files, and the catalog's plural rule.
"""

from __future__ import annotations

import gettext as gettext_module
import json
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection

from squares.i18n import DEFAULT, LANGUAGES, from_accept_language, language, translations

COOKIE = "lang"
SCRIPTS = Path(str(files("squares.web").joinpath("static", "js")))
ENGLISH_PLURAL = "(n != 1)"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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


# A message in the page script: _("...") or ngettext("...", "...", n), double-quoted.
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_CALL = re.compile(rf"(?<![\w$.])(?:_\(\s*{_STRING}|ngettext\(\s*{_STRING}\s*,\s*{_STRING})")


def script_messages(sources: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The message ids the scripts ask for: (singular messages, plural messages by singular).

    >>> script_messages(['say(_("Hint: {reason}")); ngettext("{count} card", "{count} cards", n)'])
    (frozenset({'Hint: {reason}'}), frozenset({'{count} card'}))
    """
    singular: set[str] = set()
    plural: set[str] = set()
    for source in sources:
        for match in _CALL.finditer(source):
            if match.group(1) is not None:
                singular.add(json.loads(f'"{match.group(1)}"'))
            else:
                plural.add(json.loads(f'"{match.group(2)}"'))
    return frozenset(singular), frozenset(plural)


@lru_cache(maxsize=1)
def _script_messages() -> tuple[frozenset[str], frozenset[str]]:
    return script_messages(p.read_text(encoding="utf-8") for p in sorted(SCRIPTS.glob("*.js")))


@cache
def js_catalog(lang: str) -> dict[str, Any]:
    """What ``GET /api/i18n`` answers: the script's messages translated into ``lang``.

    ``messages`` maps each translated message id to its text, or for a plural message
    (keyed by its singular) to the list of its forms; ``plural`` is the catalog's plural
    rule, a C expression in ``n`` giving the index of the form. A language without a
    compiled catalog (or English) has no messages: the page shows the English ids.
    """
    code = lang if lang in LANGUAGES else DEFAULT
    catalog = translations(code)
    messages: dict[str, Any] = {}
    rule = ENGLISH_PLURAL
    if isinstance(catalog, gettext_module.GNUTranslations):
        entries: Mapping[Any, str] = getattr(catalog, "_catalog", {})
        singular, plural = _script_messages()
        forms: dict[str, dict[int, str]] = {}
        for key, text in entries.items():
            if isinstance(key, tuple):
                msgid, index = key
                if msgid in plural and text:
                    forms.setdefault(msgid, {})[index] = text
            elif key in singular and text:
                messages[key] = text
        for msgid, found in forms.items():
            messages[msgid] = [found[i] for i in sorted(found)]
        rule = _plural_rule(catalog.info().get("plural-forms", "")) or ENGLISH_PLURAL
    return {"lang": code, "plural": rule, "messages": messages}


def _plural_rule(header: str) -> str | None:
    """``nplurals=2; plural=(n != 1);`` → ``(n != 1)``; only arithmetic on ``n``."""
    match = re.search(r"plural\s*=\s*([^;]+)", header)
    if not match:
        return None
    rule = match.group(1).strip()
    return rule if re.fullmatch(r"[n0-9\s()?:<>=!&|%+*/-]+", rule) else None
