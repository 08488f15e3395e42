"""The web app: a JSON API over the saved-games store, and the page that plays it.

The server is authoritative: the page sends moves, the engine checks them, the store
commits them, and the answer is the player view (``views.web_view``). Every error a
client can cause is answered with a status and a message, never a stack trace.
"""

from __future__ import annotations

import os
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from squares import __version__
from squares.address import DEFAULT_HOST, DEFAULT_PORT
from squares.cards import shown
from squares.errors import (
    BadDatabase,
    CorruptSave,
    GameNotFound,
    SquaresError,
)
from squares.games import GAMES
from squares.i18n import N_, _, current, language
from squares.rules import rules_in
from squares.store import stats
from squares.store.db import Database, DatabaseBusy, DiskFull, open_db
from squares.store.faults import DatabaseGone
from squares.store.paths import default_db_path
from squares.web import (
    chance_route,
    charts,
    game_routes,
    install,
    page,
    review_routes,
    warming,
)
from squares.web.answers import (
    LANGUAGE_VARIES,
    error,
    html_page,
    not_found,
    wants_page,
)
from squares.web.bodies import (
    declared,
    problems,
)
from squares.web.lang import LanguageMiddleware, js_catalog, request_language
from squares.web.live import LiveGames
from squares.web.schema import every_answer, exact_bounds
from squares.web.security import LocalOnly, allowed_hosts
from squares.web.state import Saved
from squares.web.views import (
    GamesInfo,
    GameStatistics,
    JsCatalog,
    describe_games,
)

STATIC = Path(str(files("squares.web").joinpath("static")))

router = APIRouter()


@router.get("/", include_in_schema=False)
def index() -> Response:
    return html_page(page.index_page())


@router.get("/stats", include_in_schema=False)
def stats_page() -> Response:
    return html_page(page.stats_page())


@router.get(
    "/api/i18n",
    summary="The page script's messages in the request's language",
    response_model=JsCatalog,
)
def i18n() -> JSONResponse:
    return JSONResponse(js_catalog(current()), headers=LANGUAGE_VARIES)


@router.get("/rules/{game}", include_in_schema=False)
def rules_page(request: Request, game: str) -> Response:
    if game not in GAMES:
        return not_found(
            request,
            _("No rules for {game}: expected one of {games}.").format(
                game=shown(game), games=", ".join(GAMES)
            ),
        )
    lang, text = rules_in(game, current())
    return html_page(page.rules_page(lang, _(GAMES[game].title), text))


@router.get(
    "/api/info",
    summary="The games: title, score, notation, keys, end reasons and players",
    response_model=GamesInfo,
)
def games_info() -> JSONResponse:
    return JSONResponse(describe_games(), headers=LANGUAGE_VARIES)


router.include_router(game_routes.router)
router.include_router(chance_route.router)
router.include_router(review_routes.router)
router.include_router(install.router)
router.include_router(warming.router)


@router.get(
    "/api/stats",
    summary="Statistics of every game, their last games, and results by period",
    response_model=dict[str, GameStatistics],
    responses=declared(503),
)
def all_stats(database: Saved) -> JSONResponse:
    return JSONResponse({name: stats.page_stats(database, name) for name in GAMES})


@router.get(
    "/api/stats/{game}/{chart}.svg",
    summary="A statistics chart as SVG",
    responses={
        **declared(404, 422, 503),
        200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}},
    },
    response_class=Response,
)
def chart(game: str, chart: str, database: Saved) -> Response:
    draw = {
        "results": charts.results_over_time,
        "average": charts.scores_over_time,
        "scores": charts.score_distribution,
    }
    if game not in GAMES or chart not in draw:
        return error(
            404,
            _("No such chart: expected /api/stats/GAME/results.svg, average.svg or scores.svg."),
        )
    return Response(draw[chart](database, game), media_type="image/svg+xml")


def create_app(
    db: Path | None = None, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT
) -> FastAPI:
    """The app over the database at ``db`` (default: $SQUARES_DB, then the data directory).

    The routes are plain functions, which the server runs in worker threads: a slow hint
    or a slow disk keeps no other request waiting. ``LiveGames.lock`` keeps the games in
    memory consistent between threads; a hint is thought out without holding it. They are
    this module's, made once and shared by every app (``squares.web.state``).
    """
    path = db or Path(os.environ.get("SQUARES_DB") or default_db_path())
    database: Database = open_db(path)
    live = LiveGames(database)
    app = FastAPI(
        title="Squares",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        description="Play Foursquare and Union Square: the local game server's API. Every "
        'error is {"detail": "..."} in the request\'s language (409 adds "view").',
        routes=router.routes,
    )
    app.add_middleware(LocalOnly, hosts=allowed_hosts(host, port))
    app.add_middleware(LanguageMiddleware)  # outermost: even a refusal is in the language
    app.state.db = database
    app.state.live = live

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error(400, _(NOT_JSON))
        return error(422, _("Bad request: {problems}").format(problems=problems(errors)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        messages = {
            400: NOT_JSON,
            404: N_("Not found."),
            405: N_("This method is not allowed here."),
        }
        message = messages.get(exc.status_code)
        detail = _(message) if message else str(exc.detail)
        if exc.status_code == 404 and wants_page(request):  # a browser at no page's address
            return not_found(request, _("There is no page at this address."))
        answer = error(exc.status_code, detail)
        answer.headers.update(exc.headers or {})  # such as Allow, with a 405
        return answer

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        with language(request_language(request)):  # answered outside the middleware
            return error(500, _("Something went wrong on the server; the game is as it was saved."))

    @app.exception_handler(SquaresError)
    async def refused(request: Request, exc: SquaresError) -> JSONResponse:
        """What the store and the rules refuse, each cause with its one code; no message that
        names a file reaches a client (the server's terminal gets the whole of it)."""
        if isinstance(exc, GameNotFound):
            if _was_given(database, request.path_params.get("game_id")):
                return error(
                    410,
                    _(
                        "This game is no longer kept: it was left without a move when "
                        "another was dealt. Start a new game."
                    ),
                )
            return error(404, _("No game with that id."))
        if isinstance(exc, CorruptSave):
            return error(
                410,
                _(
                    "This game's saved moves do not replay; it is kept, untouched, for "
                    "inspection ('squares export ID'). Start a new game."
                ),
            )
        if isinstance(exc, DatabaseBusy):
            return error(
                503,
                _(
                    "The saved games are in use by another program that keeps them locked; "
                    "try again in a moment."
                ),
            )
        if isinstance(exc, BadDatabase):
            print(_("squares: error: {problem}").format(problem=exc), file=sys.stderr)
            if isinstance(exc, DiskFull):
                return error(
                    507,
                    _(
                        "The server's disk is full: this was not saved, and the game is as it "
                        "was saved before. Free some space on that disk and try again."
                    ),
                )
            if isinstance(exc, DatabaseGone):
                return error(
                    500,
                    _(
                        "The server's saved-games file was deleted, renamed or replaced while "
                        "it ran: this was not saved, and nothing more will be. The games saved "
                        "until then were copied beside it (its terminal says where); start the "
                        "server again with that copy."
                    ),
                )
            return error(
                500,
                _(
                    "The server cannot use its saved-games file; its terminal says why. The "
                    "game is as it was saved."
                ),
            )
        return error(422, str(exc))

    schema = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = every_answer(exact_bounds(schema()))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


NOT_JSON = N_(
    "The request body is not JSON this server can read (malformed, not UTF-8, nested too "
    "deeply, or a number too long)."
)


def _was_given(database: Database, game_id: object) -> bool:
    """Whether ``game_id`` was once a game's (ids are never reused: ``AUTOINCREMENT``)."""
    try:
        number = int(str(game_id))
    except ValueError:
        return False
    rows = database.query("SELECT seq FROM sqlite_sequence WHERE name = 'games'")
    return bool(rows) and 1 <= number <= rows[0][0]
