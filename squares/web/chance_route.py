"""The route of "your chance of winning from here" during play.

Worked out in a worker thread with no lock held while the playouts run (in a process of
their own: ``squares.web.playouts``), and noted on the game as a hint (it then no longer
counts as a clean win). The answer reads only what the player sees of the position, never
the order of the unseen cards.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from squares.review.words import from_here_text
from squares.web import playouts
from squares.web.answers import out_of_date
from squares.web.bodies import (
    BODY_ERRORS,
    GAME_ERRORS,
    ActionRequest,
    GameId,
    declared,
    sent_version,
)
from squares.web.state import Live
from squares.web.views import ChanceAnswer, ChanceFromHere, web_view

router = APIRouter()


@router.post(
    "/api/games/{game_id}/chance",
    summary="Your chance of winning from here (counts as a hint used)",
    response_model=ChanceAnswer,
    responses=declared(*BODY_ERRORS, *GAME_ERRORS),
)
def chance(game_id: GameId, live: Live, request: ActionRequest | None = None) -> JSONResponse:
    with live.lock:
        saved = live.get(game_id)
        if (old := out_of_date(saved, sent_version(request))) is not None:
            return old
        game, state, at, thought_on = saved.game, saved.state, len(saved.moves), saved.version
        resigned = saved.resigned
    found = playouts.chance(game.name, state, at, resigned=resigned)  # slow: no lock held
    with live.lock:
        saved = live.get(game_id)
        if (old := out_of_date(saved, thought_on)) is not None:  # played meanwhile
            return old  # the answer is for another board
        saved.note_hint()
        low, high = found.interval
        body = ChanceFromHere(
            value=found.value,
            low=low,
            high=high,
            wins=found.wins,
            samples=found.samples,
            player=found.player,
            text=from_here_text(found),
        )
        return JSONResponse({"chance": body, "view": web_view(saved)})
