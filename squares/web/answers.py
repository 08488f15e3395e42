"""The shapes of the server's answers that are not a game's view: an error, a page."""

from __future__ import annotations

from typing import Any

from fastapi.responses import HTMLResponse, JSONResponse

from squares.i18n import _, current
from squares.store.saved import SavedSession
from squares.web.views import web_view

LANGUAGE_VARIES = {"Vary": "Accept-Language, Cookie"}
RETRY_SECONDS = 1


def error(status: int, detail: str, **extra: Any) -> JSONResponse:
    """The one error shape, ``{"detail": ...}``; a busy database's 503 says when to retry."""
    headers = {"Retry-After": str(RETRY_SECONDS)} if status == 503 else None
    return JSONResponse({"detail": detail, **extra}, status_code=status, headers=headers)


def html_page(text: str) -> HTMLResponse:
    """A page in the request's language, which caches keep apart from the others."""
    return HTMLResponse(text, headers={**LANGUAGE_VARIES, "Content-Language": current()})


def stale(saved: SavedSession, version: int) -> JSONResponse:
    """The 409 for an action sent on an old view: nothing was done; here is the game now."""
    return error(
        409,
        _(
            "This view is out of date (version {version}; the game is at "
            "version {current}). Nothing was played."
        ).format(version=version, current=saved.version),
        view=web_view(saved),
    )
