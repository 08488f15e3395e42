"""The routes of a game in play: a new game, the unfinished one, its view, a move, the
actions (undo, redo, restart, resign, ...), a hint, and the clock: paused, or kept running by beats.

Each answers with the player view (``views.web_view``), or, when the page's version is
not the game's, with the game as it stands (409). ``LiveGames.lock`` keeps the games in
memory consistent between the worker threads; a hint is thought out without holding it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, Response

from squares.difficulty import check_difficulty, deal_of_level
from squares.errors import SessionError, StaleGame
from squares.games.base import status_name
from squares.i18n import _
from squares.share import daily_deal, random_deal, today
from squares.web.answers import error, out_of_date, stale
from squares.web.bodies import (
    BODY_ERRORS,
    GAME_ERRORS,
    ActionRequest,
    GameId,
    GameName,
    MoveRequest,
    NewGame,
    declared,
    sent_version,
)
from squares.web.live import LiveGames
from squares.web.schema import ACTIONS, NEW_GAME_LINKS
from squares.web.state import Live
from squares.web.views import HintAnswer, WebView, web_view

router = APIRouter()


def act(
    live: LiveGames, game_id: int, version: int | None, action: str, move: str | None = None
) -> JSONResponse:
    with live.lock:
        saved = live.get(game_id)
        if (old := out_of_date(saved, version)) is not None:
            return old
        try:
            if action == "move":
                saved.move(move or "")
            else:
                getattr(saved, action)()
        except StaleGame:
            fresh = live.reload(game_id)
            return stale(fresh, version if version is not None else saved.version)
        return JSONResponse(web_view(saved))


@router.post(
    "/api/games",
    status_code=201,
    summary="Start a game",
    response_model=WebView,
    responses={**declared(*BODY_ERRORS, 503), 201: {"links": NEW_GAME_LINKS}},
)
def new_game(request: NewGame, live: Live) -> JSONResponse:
    level = (
        None if request.difficulty is None else check_difficulty(request.game, request.difficulty)
    )
    if request.daily:
        deal = daily_deal(request.game, today())
    elif level is not None:
        deal = deal_of_level(request.game, level)
    elif request.deal is None:
        deal = random_deal()
    else:
        deal = request.deal
    with live.lock:
        saved = live.start(request.game, deal)
        return JSONResponse(web_view(saved), status_code=201)


@router.get(
    "/api/games/current",
    summary="The unfinished game of one game, if any",
    response_model=WebView,
    responses=declared(404, 422, 503),
)
def current_game(game: Annotated[GameName, Query()], live: Live) -> JSONResponse:
    with live.lock:
        saved = live.current(game)
        if saved is None:
            return error(404, _("No unfinished {game} game.").format(game=game))
        return JSONResponse(web_view(saved))


@router.get(
    "/api/games/{game_id}",
    summary="A game's player view",
    response_model=WebView,
    responses=declared(404, 410, 422, 503),
)
def get_game_view(game_id: GameId, live: Live) -> JSONResponse:
    with live.lock:
        return JSONResponse(web_view(live.get(game_id)))


@router.post(
    "/api/games/{game_id}/moves",
    summary="Play a move",
    response_model=WebView,
    responses={**declared(*BODY_ERRORS, *GAME_ERRORS), 200: {"links": NEW_GAME_LINKS}},
)
def move(game_id: GameId, request: MoveRequest, live: Live) -> JSONResponse:
    return act(live, game_id, request.version, "move", request.move)


def action_route(action: str) -> Callable[..., JSONResponse]:
    def endpoint(game_id: GameId, live: Live, request: ActionRequest | None = None) -> JSONResponse:
        return act(live, game_id, sent_version(request), action)

    return endpoint


for action, summary in ACTIONS.items():
    router.add_api_route(
        f"/api/games/{{game_id}}/{action}", action_route(action), methods=["POST"],
        summary=summary, name=action, responses=declared(*BODY_ERRORS, *GAME_ERRORS),
        response_model=WebView,
    )  # fmt: skip


@router.post(
    "/api/games/{game_id}/hint",
    summary="Suggest a move (counts as a hint used)",
    response_model=HintAnswer,
    responses=declared(*BODY_ERRORS, *GAME_ERRORS),
)
def hint(game_id: GameId, live: Live, request: ActionRequest | None = None) -> JSONResponse:
    with live.lock:
        saved = live.get(game_id)
        if (old := out_of_date(saved, sent_version(request))) is not None:
            return old
        if saved.over:
            raise SessionError(
                _("the game is over ({status}): no hint").format(status=status_name(saved.status))
            )
        thought_on, states = saved.version, saved.played
    suggestion = live.think(saved.game.name, states)  # the slow part, with no lock held
    with live.lock:
        saved = live.get(game_id)
        if (old := out_of_date(saved, thought_on)) is not None:  # played meanwhile
            return old  # the hint is for another board
        saved.note_hint()
        return JSONResponse(
            {
                # the page labels no place (no t3, no 0,1): it highlights the hinted one
                "hint": {"move": suggestion.move, "reason": suggestion.words},
                "view": web_view(saved),
            }
        )


@router.post(
    "/api/games/{game_id}/pause",
    summary="The page is hidden: stop the clock",
    status_code=204,
    response_class=Response,
    responses=declared(422, 503),
)
def pause(game_id: GameId, live: Live) -> Response:
    with live.lock:
        live.pause(game_id)
    return Response(status_code=204)


@router.post(
    "/api/games/{game_id}/beat",
    summary="A page shows the game: its clock runs (for a few seconds after each beat)",
    status_code=204,
    response_class=Response,
    responses=declared(404, 410, 422, 503),
)
def beat(game_id: GameId, live: Live) -> Response:
    with live.lock:
        live.beat(game_id)
    return Response(status_code=204)
