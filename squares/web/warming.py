"""What the server prepares as it starts, in the background, and how far it has got.

After installing, the compiled searches behind a hint, the chance of winning and the
review are built on their first use: a minute or more of CPU
(``benchmarks/bench_first_answer.py``). ``start`` begins that before the first page is
served, without delaying it: each game's search (``squares.ai.warm_up``), then, once the
searches are in numba's cache, the processes that work out the chance of winning
(``squares.web.playouts``), which then load the searches instead of compiling them again.
``GET /api/warm-up`` says what is still being prepared; the page shows it until it is done.
"""

from __future__ import annotations

import threading

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from typing_extensions import TypedDict

from squares.ai import warm_up, warmed_up, warming_up
from squares.games import GAMES
from squares.i18n import _
from squares.web import playouts
from squares.web.answers import LANGUAGE_VARIES

router = APIRouter()

_chance: threading.Thread | None = None
"""The start of the playout processes (``start``), once begun."""


def start() -> None:
    """Prepare, in the background, every search a player's first answer would wait for."""
    global _chance
    for game in GAMES:
        warm_up(game)
    if _chance is None:
        _chance = threading.Thread(target=_start_playouts, name="playouts-warm-up", daemon=True)
        _chance.start()


def _start_playouts() -> None:
    for game in GAMES:  # the searches compiled into the cache first, once, in this process
        warmed_up(game)
    playouts.start(tuple(GAMES))


def preparing() -> list[str]:
    """What is still being prepared, in words, in the order it is prepared: nothing
    before ``start`` (an app served without it prepares on first use, as a script does)."""
    if _chance is None:
        return []
    parts = [
        # TRANSLATORS: a part of what the server prepares as it starts; {game} a game's name
        _("the search for {game}").format(game=_(GAMES[game].title))
        for game in GAMES
        if warming_up(game)
    ]
    if _chance.is_alive():
        # TRANSLATORS: a part of what the server prepares as it starts
        parts.append(_("the processes that work out the chance of winning"))
    return parts


class WarmUp(TypedDict):
    ready: bool
    """Whether everything is prepared: a hint, a chance or a review compiles nothing."""
    preparing: list[str]
    """What is still being prepared, in words (empty once ready)."""
    text: str | None
    """What the page shows while not ready: what is prepared and what waits for it."""


def status() -> WarmUp:
    parts = preparing()
    if not parts:
        return WarmUp(ready=True, preparing=[], text=None)
    # TRANSLATORS: {what} lists what the server prepares ("the search for Union Square, ...")
    text = _(
        "Preparing {what}… Hints, the chance of winning and reviews answer once this is done "
        "(it takes long only on the first start after installing)."
    ).format(what=", ".join(parts))
    return WarmUp(ready=False, preparing=parts, text=text)


@router.get(
    "/api/warm-up",
    summary="What the server still prepares before hints, chances and reviews answer at once",
    description="After installing, the server's first start compiles the searches behind a "
    "hint, the chance of winning and the review, and starts the processes that work out a "
    "chance. Until `ready` is true, an answer asked waits for that; `preparing` lists what "
    "is still under way and `text` says it to the player, in the request's language. The "
    "page asks again every second until it is ready.",
    response_model=WarmUp,
)
def warm_up_status() -> JSONResponse:
    return JSONResponse(status(), headers=LANGUAGE_VARIES)
