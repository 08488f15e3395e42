"""The routes of the after-game review: its page, the review itself and the replay's views.

Both answers exist only for a finished game (409 before); the review is computed once, then
kept with the game, so the replay (which needs the solver's line) costs no second search.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from squares.cards import is_ascii_number, shown
from squares.errors import GameNotFound
from squares.i18n import _
from squares.review import NotFinished, Review, review_game
from squares.review.replay import Replay
from squares.review.replay import replay as replay_of
from squares.store import records
from squares.store.saved import SavedSession
from squares.web import page
from squares.web.answers import error, html_page, not_found
from squares.web.bodies import MAX_ID, UNFINISHED, GameId, declared
from squares.web.state import Saved

router = APIRouter()


@router.get("/review/{game_id}", include_in_schema=False)
def review_page(request: Request, game_id: str, database: Saved) -> Response:
    """The page, for a game that is kept; a browser is told on a page of the app when
    there is none (a mistyped address, a game no longer kept)."""
    if not is_ascii_number(game_id) or int(game_id) > MAX_ID:
        # TRANSLATORS: {id} is what the address holds where a game's number should be
        text = _(
            "{id} is not a game's number: a review's address is /review/ followed by "
            "the number of a finished game."
        )
        return not_found(request, text.format(id=shown(game_id)))
    try:
        records.get(database, int(game_id))
    except GameNotFound:
        # TRANSLATORS: {id} is the number of a game
        return not_found(request, _("There is no game {id} to review.").format(id=game_id))
    return html_page(page.review_page(int(game_id)))


@router.get(
    "/api/games/{game_id}/review",
    summary="The review of a finished game (computed once, then kept with the game)",
    response_model=Review,
    responses={**declared(404, 410, 422, 503), 409: UNFINISHED},
)
def review(game_id: GameId, database: Saved) -> JSONResponse:
    try:
        return JSONResponse(review_game(database, game_id))
    except NotFinished:
        return _unfinished()


@router.get(
    "/api/games/{game_id}/replay",
    summary="A finished game's player views, after each move and along the solver's line",
    response_model=Replay,
    responses={**declared(404, 410, 422, 503), 409: UNFINISHED},
)
def replay(game_id: GameId, database: Saved) -> JSONResponse:
    try:
        review = review_game(database, game_id)  # kept with the game after the first time
    except NotFinished:
        return _unfinished()
    return JSONResponse(replay_of(SavedSession.open(database, game_id), review))


def _unfinished() -> JSONResponse:
    return error(
        409, _("This game is not over yet: its review comes once it is won, lost or resigned.")
    )
