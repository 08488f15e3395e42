"""What makes the app installable: its web app manifest, in the request's language.

Chromium offers to install a page served from a secure context (localhost is one) that
links a manifest with a name, a start address, a standalone display and icons of 192 and
512 pixels; the installed app opens in a window of its own at ``start_url``.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from typing_extensions import TypedDict

from squares.i18n import _, current
from squares.web.answers import LANGUAGE_VARIES

router = APIRouter()

FELT = "#145229"
"""The table's colour, which the installed app's window and splash screen take."""


class Icon(TypedDict, total=False):
    src: str
    sizes: str
    type: str
    purpose: str


class Manifest(TypedDict):
    name: str
    short_name: str
    description: str
    lang: str
    id: str
    start_url: str
    scope: str
    display: str
    background_color: str
    theme_color: str
    icons: list[Icon]


ICONS: list[Icon] = [
    {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
    {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
    {"src": "/static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
    {
        "src": "/static/icons/maskable-512.png",
        "sizes": "512x512",
        "type": "image/png",
        "purpose": "maskable",
    },
]


def manifest() -> Manifest:
    """The manifest in the current language (only its description is translated)."""
    return {
        "name": "Squares",
        "short_name": "Squares",
        "description": _(
            "Two solitaire games. Every deal has a number: play it again, or share its "
            "code with a friend."
        ),
        "lang": current(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": FELT,
        "theme_color": FELT,
        "icons": ICONS,
    }


@router.get("/manifest.webmanifest", include_in_schema=False)
def web_manifest() -> JSONResponse:
    return JSONResponse(manifest(), media_type="application/manifest+json", headers=LANGUAGE_VARIES)
