"""The shapes of the server's answers that are not a game's view: an error, a page."""

from __future__ import annotations

from typing import Any

from fastapi.responses import HTMLResponse, JSONResponse

from squares.i18n import current

LANGUAGE_VARIES = {"Vary": "Accept-Language, Cookie"}
RETRY_SECONDS = 1


def error(status: int, detail: str, **extra: Any) -> JSONResponse:
    """The one error shape, ``{"detail": ...}``; a busy database's 503 says when to retry."""
    headers = {"Retry-After": str(RETRY_SECONDS)} if status == 503 else None
    return JSONResponse({"detail": detail, **extra}, status_code=status, headers=headers)


def html_page(text: str) -> HTMLResponse:
    """A page in the request's language, which caches keep apart from the others."""
    return HTMLResponse(text, headers={**LANGUAGE_VARIES, "Content-Language": current()})
