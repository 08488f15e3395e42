"""The routes of the after-game review: its page, the review itself and the replay's views.

Both answers exist only for a finished game (409 before); the review is computed once, then
kept with the game, so the replay (which needs the solver's line) costs no second search.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

from squares.i18n import _
from squares.review import NotFinished, Review, review_game
from squares.review.replay import Replay
from squares.review.replay import replay as replay_of
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.web import page
from squares.web.answers import error, html_page
from squares.web.bodies import UNFINISHED, GameId, declared


def add_review_routes(app: FastAPI, database: Database) -> None:
    @app.get("/review/{game_id}", include_in_schema=False)
    def review_page(game_id: GameId) -> Response:
        return html_page(page.review_page(game_id))

    @app.get(
        "/api/games/{game_id}/review",
        summary="The review of a finished game (computed once, then kept with the game)",
        response_model=Review,
        responses={**declared(404, 410, 422, 503), 409: UNFINISHED},
    )
    def review(game_id: GameId) -> JSONResponse:
        try:
            return JSONResponse(review_game(database, game_id))
        except NotFinished:
            return _unfinished()

    @app.get(
        "/api/games/{game_id}/replay",
        summary="A finished game's player views, after each move and along the solver's line",
        response_model=Replay,
        responses={**declared(404, 410, 422, 503), 409: UNFINISHED},
    )
    def replay(game_id: GameId) -> JSONResponse:
        try:
            review = review_game(database, game_id)  # kept with the game after the first time
        except NotFinished:
            return _unfinished()
        return JSONResponse(replay_of(SavedSession.open(database, game_id), review))


def _unfinished() -> JSONResponse:
    return error(
        409, _("This game is not over yet: its review comes once it is won, lost or resigned.")
    )
