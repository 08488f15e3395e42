"""The web app: a JSON API over the saved-games store, and the page that plays it.

The server is authoritative: the page sends moves, the engine checks them, the store
commits them, and the answer is the player view (``views.web_view``). Every error a
client can cause is answered with a status and a message, never a stack trace.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from squares import __version__
from squares.address import DEFAULT_HOST, DEFAULT_PORT
from squares.cards import check_deal_number, parse_deal_number
from squares.errors import CorruptSave, GameNotFound, SquaresError, StaleGame
from squares.games import GAMES, get_game
from squares.i18n import _, current, language
from squares.rules import rules_in
from squares.share import daily_deal, random_deal, today
from squares.store import records, stats
from squares.store.db import Database, open_db
from squares.store.paths import default_db_path
from squares.web import charts, page
from squares.web.lang import LanguageMiddleware, js_catalog, request_language
from squares.web.live import LiveGames
from squares.web.security import LocalOnly, allowed_hosts
from squares.web.views import (
    GamesInfo,
    GameStatistics,
    HintAnswer,
    JsCatalog,
    WebView,
    describe_games,
    web_view,
)

ACTIONS = {  # the actions that take only the view's version
    "undo": "Undo the last move",
    "redo": "Redo a move undone",
    "restart": "Back to the deal",
    "resign": "Give up the game",
}
STATIC = Path(str(files("squares.web").joinpath("static")))
LANGUAGE_VARIES = {"Vary": "Accept-Language, Cookie"}
GameId = Annotated[int, PathParam(ge=1, le=2**63 - 1, description="a saved game's id")]


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="foursquare or union-square", max_length=40)
    deal: int | str | None = Field(default=None, description="deal number (random if absent)")
    daily: bool = Field(default=False, description="today's deal (YYYYMMDD)")


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: str = Field(max_length=20, description="a move in notation: 0,1 or t5-t9")
    version: int = Field(ge=0, description="the version of the view the move was made on")


class ActionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int | None = Field(default=None, ge=0, description="the view's version, if known")


def _error(status: int, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"detail": detail, **extra}, status_code=status)


def _page(text: str) -> HTMLResponse:
    """A page in the request's language, which caches keep apart from the others."""
    return HTMLResponse(text, headers={**LANGUAGE_VARIES, "Content-Language": current()})


def create_app(
    db: Path | None = None, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT
) -> FastAPI:
    """The app over the database at ``db`` (default: $SQUARES_DB, then the data directory)."""
    path = db or Path(os.environ.get("SQUARES_DB") or default_db_path())
    database: Database = open_db(path)
    live = LiveGames(database)
    app = FastAPI(
        title="Squares",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        description="Play Foursquare and Union Square: the local game server's API.",
    )
    app.add_middleware(LocalOnly, hosts=allowed_hosts(host, port))
    app.add_middleware(LanguageMiddleware)  # outermost: even a refusal is in the language
    app.state.db = database

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in exc.errors()
        )
        return _error(422, _("Bad request: {problems}").format(problems=problems))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        with language(request_language(request)):  # answered outside the middleware
            return _error(
                500, _("Something went wrong on the server; the game is as it was saved.")
            )

    def act(
        game_id: int, version: int | None, action: str, move: str | None = None
    ) -> JSONResponse:
        try:
            saved = live.get(game_id)
        except SquaresError as err:
            return _not_found_or(err)
        if version is not None and version != saved.version:
            return _error(
                409,
                _(
                    "This view is out of date (version {version}; the game is at "
                    "version {current}). Nothing was played."
                ).format(version=version, current=saved.version),
                view=web_view(saved),
            )
        try:
            if action == "move":
                saved.move(move or "")
            else:
                getattr(saved, action)()
        except StaleGame as err:
            fresh = live.reload(game_id)
            return _error(409, str(err), view=web_view(fresh))
        except SquaresError as err:
            return _error(422, str(err))
        return JSONResponse(web_view(saved))

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return _page(page.index_page())

    @app.get("/stats", include_in_schema=False)
    async def stats_page() -> Response:
        return _page(page.stats_page())

    @app.get(
        "/api/i18n",
        summary="The page script's messages in the request's language",
        response_model=JsCatalog,
    )
    async def i18n() -> JSONResponse:
        return JSONResponse(js_catalog(current()), headers=LANGUAGE_VARIES)

    @app.get(
        "/api/info",
        summary="The games: title, score, notation, keys, end reasons and players",
        response_model=GamesInfo,
    )
    async def games_info() -> JSONResponse:
        return JSONResponse(describe_games(), headers=LANGUAGE_VARIES)

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> Response:
        if game not in GAMES:
            return _error(
                404,
                _("No rules for {game}: expected one of {games}.").format(
                    game=repr(game), games=", ".join(GAMES)
                ),
            )
        lang, text = rules_in(game, current())
        return _page(page.rules_page(lang, _(GAMES[game].title), text))

    @app.post("/api/games", status_code=201, summary="Start a game", response_model=WebView)
    async def new_game(request: NewGame) -> JSONResponse:
        try:
            game = get_game(request.game.strip().lower())
            if request.daily:
                deal = daily_deal(today())
            elif request.deal is None:
                deal = random_deal()
            elif isinstance(request.deal, str):
                deal = parse_deal_number(request.deal)
            else:
                deal = check_deal_number(request.deal)
            saved = live.start(game.name, deal)
        except SquaresError as err:
            return _error(422, str(err))
        return JSONResponse(web_view(saved), status_code=201)

    @app.get(
        "/api/games/current",
        summary="The unfinished game of one game, if any",
        response_model=WebView,
    )
    async def current_game(game: Annotated[str, Query(max_length=40)]) -> JSONResponse:
        if game not in GAMES:
            return _error(
                422,
                _("unknown game {game}: expected one of {games}").format(
                    game=repr(game), games=", ".join(GAMES)
                ),
            )
        try:
            saved = live.current(game)
        except SquaresError as err:
            return _error(409, str(err))
        if saved is None:
            return _error(404, _("No unfinished {game} game.").format(game=game))
        return JSONResponse(web_view(saved))

    @app.get("/api/games/{game_id}", summary="A game's player view", response_model=WebView)
    async def get_game_view(game_id: GameId) -> JSONResponse:
        try:
            return JSONResponse(web_view(live.get(game_id)))
        except SquaresError as err:
            return _not_found_or(err)

    @app.post("/api/games/{game_id}/moves", summary="Play a move", response_model=WebView)
    async def move(game_id: GameId, request: MoveRequest) -> JSONResponse:
        return act(game_id, request.version, "move", request.move)

    def action_route(action: str) -> Callable[..., Awaitable[JSONResponse]]:
        async def endpoint(game_id: GameId, request: ActionRequest | None = None) -> JSONResponse:
            return act(game_id, _version(request), action)

        return endpoint

    for action, summary in ACTIONS.items():
        app.add_api_route(
            f"/api/games/{{game_id}}/{action}", action_route(action), methods=["POST"],
            summary=summary, name=action, response_model=WebView,
        )  # fmt: skip

    @app.post(
        "/api/games/{game_id}/hint",
        summary="Suggest a move (counts as a hint used)",
        response_model=HintAnswer,
    )
    async def hint(game_id: GameId, request: ActionRequest | None = None) -> JSONResponse:
        try:
            saved = live.get(game_id)
            if request and request.version is not None and request.version != saved.version:
                return _error(409, _("This view is out of date."), view=web_view(saved))
            suggestion = live.hint(saved)
        except SquaresError as err:
            return _not_found_or(err)
        return JSONResponse(
            {
                "hint": {"move": suggestion.move, "reason": suggestion.reason},
                "view": web_view(saved),
            }
        )

    @app.post(
        "/api/games/{game_id}/pause",
        summary="The page is hidden: stop the clock",
        status_code=204,
        response_class=Response,
    )
    async def pause(game_id: GameId) -> Response:
        live.pause(game_id)
        return Response(status_code=204)

    @app.get(
        "/api/stats",
        summary="Statistics of every game, with the finished games",
        response_model=dict[str, GameStatistics],
    )
    async def all_stats() -> JSONResponse:
        result: dict[str, Any] = {}
        for name in GAMES:
            rows = records.all_records(database, name)
            finished = stats.finished_in_order(rows)
            result[name] = {
                **stats.game_stats(name, rows).to_json(),
                "history": [
                    {
                        "id": r.id,
                        "code": r.code,
                        "status": r.status,
                        "score": r.score,
                        "clock_ms": r.clock_ms,
                        "moves": r.position,
                        "finished_at": r.finished_at,
                    }
                    for r in finished
                ],
                "last": [r.summary() for r in stats.last_games(rows)],
            }
        return JSONResponse(result)

    @app.get(
        "/api/stats/{game}/{chart}.svg",
        summary="A statistics chart as SVG",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}}},
    )
    async def chart(game: str, chart: str) -> Response:
        draw = {"results": charts.results_over_time, "scores": charts.score_distribution}
        if game not in GAMES or chart not in draw:
            return _error(
                404, _("No such chart: expected /api/stats/GAME/results.svg or scores.svg.")
            )
        finished = stats.finished_in_order(records.all_records(database, game))
        return Response(draw[chart](game, finished), media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _version(request: ActionRequest | None) -> int | None:
    return None if request is None else request.version


def _not_found_or(err: SquaresError) -> JSONResponse:
    """404 for an unknown id; otherwise the game cannot be used (messages name no file)."""
    if isinstance(err, GameNotFound):
        return _error(404, _("No game with that id."))
    if isinstance(err, CorruptSave):
        return _error(
            409,
            _(
                "This game's saved moves do not replay; it is kept, untouched, for "
                "inspection ('squares export ID'). Start a new game."
            ),
        )
    return _error(409, str(err))
