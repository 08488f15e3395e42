"""The shapes of the server's answers that are not a game's view: an error, a page, and
the error page a browser gets where it asked for a page that is not there."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from squares.i18n import _, current
from squares.store.saved import SavedSession
from squares.web import page
from squares.web.views import web_view

LANGUAGE_VARIES = {"Vary": "Accept-Language, Cookie"}
RETRY_SECONDS = 1


def error(status: int, detail: str, **extra: Any) -> JSONResponse:
    """The one error shape, ``{"detail": ...}``; a busy database's 503 says when to retry."""
    headers = {"Retry-After": str(RETRY_SECONDS)} if status == 503 else None
    return JSONResponse({"detail": detail, **extra}, status_code=status, headers=headers)


def html_page(text: str, status: int = 200) -> HTMLResponse:
    """A page in the request's language, which caches keep apart from the others."""
    headers = {**LANGUAGE_VARIES, "Content-Language": current()}
    return HTMLResponse(text, status_code=status, headers=headers)


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


def out_of_date(saved: SavedSession, version: int | None) -> JSONResponse | None:
    """``stale`` if the request was made on ``version`` and the game is no longer at it;
    ``None`` if it is, or if no version was given."""
    if version is not None and version != saved.version:
        return stale(saved, version)
    return None


def wants_page(request: Request) -> bool:
    """Whether the request is a browser's asking for a page (``Accept: text/html``) outside
    the API, whose answers are always JSON."""
    api = request.url.path.startswith("/api/")
    return not api and "text/html" in request.headers.get("accept", "")


def not_found(request: Request, detail: str) -> Response:
    """A 404 that says ``detail``: the app's error page to a browser asking for a page, the
    one error shape to anything else."""
    if wants_page(request):
        return html_page(page.error_page(detail), status=404)
    return error(404, detail)
