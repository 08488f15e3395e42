"""The web app: a JSON API over the saved-games store, and the page that plays it.

The server is authoritative: the page sends moves, the engine checks them, the store
commits them, and the answer is the player view (``views.web_view``). Every error a
client can cause is answered with a status and a message, never a stack trace.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException as StarletteHTTPException

from squares import __version__
from squares.address import DEFAULT_HOST, DEFAULT_PORT
from squares.cards import MAX_DEAL, check_deal_number, is_ascii_number, parse_deal_number, shown
from squares.errors import (
    BadDatabase,
    BadDealNumber,
    CorruptSave,
    GameNotFound,
    SessionError,
    SquaresError,
    StaleGame,
)
from squares.games import GAMES
from squares.games.base import status_name
from squares.i18n import N_, _, current, language
from squares.rules import rules_in
from squares.share import daily_deal, random_deal, today
from squares.store import stats
from squares.store.db import Database, DatabaseBusy, open_db
from squares.store.paths import default_db_path
from squares.store.saved import SavedSession
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
MAX_ID = 2**63 - 1
RETRY_SECONDS = 1


def _invalid(problem: str) -> PydanticCustomError:
    """A validation error whose message is ours (already in the request's language)."""
    return PydanticCustomError("squares", "{problem}", {"problem": problem})


def _game_name(value: object) -> str:
    if not isinstance(value, str) or value not in GAMES:
        raise _invalid(
            _("unknown game {game}: expected one of {games}").format(
                game=shown(value), games=", ".join(GAMES)
            )
        )
    return value


def _deal_number(value: object) -> int:
    """A JSON integer, or its ASCII digits as a string (past 2**53 JavaScript cannot hold
    the number exactly, so the page sends such deals as text). Nothing else: no ``true``,
    no ``7.0``, no other script's digits, no spaces."""
    try:
        if isinstance(value, str):
            if not is_ascii_number(value):
                raise BadDealNumber(
                    _("bad deal number {deal}: expected an integer from 0 to {max}").format(
                        deal=shown(value), max=MAX_DEAL
                    )
                )
            return parse_deal_number(value)
        return check_deal_number(value)
    except BadDealNumber as err:
        raise _invalid(str(err)) from None


def _path_id(value: object) -> object:
    """A game id in a path: ASCII digits only (not ``+5``, ``1_000`` or other scripts')."""
    if isinstance(value, str):
        if not is_ascii_number(value):
            raise _invalid(_("expected a whole number"))
        return int(value)  # at most 40 digits: the range is checked next
    return value


GameName = Annotated[
    str,
    PlainValidator(_game_name),
    WithJsonSchema({"type": "string", "enum": list(GAMES), "description": "the game"}),
]
DealNumber = Annotated[
    int,
    PlainValidator(_deal_number),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": MAX_DEAL},
                {"type": "string", "pattern": "^[0-9]{1,19}$"},
            ],
            "description": "deal number, 0 to 2**63-1: a JSON integer, or its decimal digits "
            "as a string (for numbers past 2**53, which JavaScript cannot hold exactly)",
        }
    ),
]
GameId = Annotated[
    int,
    BeforeValidator(_path_id),
    Field(ge=1, le=MAX_ID),
    WithJsonSchema({"type": "integer", "minimum": 1, "maximum": MAX_ID}),
    PathParam(description="a saved game's id"),
]
Version = Annotated[
    int,
    Field(ge=0, le=MAX_ID),
    WithJsonSchema({"type": "integer", "minimum": 0, "maximum": MAX_ID}),
]


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: GameName
    deal: DealNumber | None = Field(default=None, description="random if absent")
    daily: bool = Field(default=False, description="today's deal (YYYYMMDD); not with deal")

    @model_validator(mode="after")
    def _one_deal(self) -> NewGame:
        if self.daily and self.deal is not None:
            raise _invalid(_("give a deal or daily, not both"))
        return self


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    move: str = Field(max_length=20, description="a move in notation: 0,1 or t5-t9")
    version: Version = Field(description="the version of the view the move was made on")


class ActionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    version: Version | None = Field(default=None, description="the view's version, if known")


class ErrorBody(BaseModel):
    """Every error: what went wrong, in the request's language."""

    detail: str


class StaleBody(BaseModel):
    """The game changed since the view the request was made on: nothing was done."""

    detail: str
    view: dict[str, Any] = Field(description="the game as it is now")


def _declared(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers of a route, as the OpenAPI schema declares them."""
    about = {
        400: (ErrorBody, "The body is not JSON this server can read"),
        404: (ErrorBody, "No such game"),
        409: (StaleBody, "The view is out of date: nothing was done; the game as it is now"),
        410: (
            ErrorBody,
            "The game can no longer be played: its saved moves do not replay (it is kept for "
            "inspection), or it was left without a move and forgotten",
        ),
        413: (ErrorBody, "The body is over 16 KB"),
        422: (ErrorBody, "The request is refused: a field, or a move the game does not allow"),
        503: (ErrorBody, "The saved games are in use by another program: try again"),
    }
    return {code: {"model": about[code][0], "description": about[code][1]} for code in codes}


BODY_ERRORS = (400, 413, 422)
GAME_ERRORS = (404, 409, 410, 422, 503)


def _error(status: int, detail: str, **extra: Any) -> JSONResponse:
    headers = {"Retry-After": str(RETRY_SECONDS)} if status == 503 else None
    return JSONResponse({"detail": detail, **extra}, status_code=status, headers=headers)


def _page(text: str) -> HTMLResponse:
    """A page in the request's language, which caches keep apart from the others."""
    return HTMLResponse(text, headers={**LANGUAGE_VARIES, "Content-Language": current()})


def create_app(
    db: Path | None = None, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT
) -> FastAPI:
    """The app over the database at ``db`` (default: $SQUARES_DB, then the data directory).

    The routes are plain functions, which the server runs in worker threads: a slow hint
    or a slow disk keeps no other request waiting. ``LiveGames.lock`` keeps the games in
    memory consistent between threads; a hint is thought out without holding it.
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
    )
    app.add_middleware(LocalOnly, hosts=allowed_hosts(host, port))
    app.add_middleware(LanguageMiddleware)  # outermost: even a refusal is in the language
    app.state.db = database
    app.state.live = live

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return _error(400, _(NOT_JSON))
        return _error(422, _("Bad request: {problems}").format(problems=_problems(errors)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        messages = {
            400: NOT_JSON,
            404: N_("Not found."),
            405: N_("This method is not allowed here."),
        }
        message = messages.get(exc.status_code)
        detail = _(message) if message else str(exc.detail)
        answer = _error(exc.status_code, detail)
        answer.headers.update(exc.headers or {})  # such as Allow, with a 405
        return answer

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        with language(request_language(request)):  # answered outside the middleware
            return _error(
                500, _("Something went wrong on the server; the game is as it was saved.")
            )

    def act(
        game_id: int, version: int | None, action: str, move: str | None = None
    ) -> JSONResponse:
        with live.lock:
            saved = live.get(game_id)
            if version is not None and version != saved.version:
                return _stale(saved, version)
            try:
                if action == "move":
                    saved.move(move or "")
                else:
                    getattr(saved, action)()
            except StaleGame:
                fresh = live.reload(game_id)
                return _stale(fresh, version if version is not None else saved.version)
            return JSONResponse(web_view(saved))

    @app.get("/", include_in_schema=False)
    def index() -> Response:
        return _page(page.index_page())

    @app.get("/stats", include_in_schema=False)
    def stats_page() -> Response:
        return _page(page.stats_page())

    @app.get(
        "/api/i18n",
        summary="The page script's messages in the request's language",
        response_model=JsCatalog,
    )
    def i18n() -> JSONResponse:
        return JSONResponse(js_catalog(current()), headers=LANGUAGE_VARIES)

    @app.get("/rules/{game}", include_in_schema=False)
    def rules_page(game: str) -> Response:
        if game not in GAMES:
            return _error(
                404,
                _("No rules for {game}: expected one of {games}.").format(
                    game=shown(game), games=", ".join(GAMES)
                ),
            )
        lang, text = rules_in(game, current())
        return _page(page.rules_page(lang, _(GAMES[game].title), text))

    @app.get(
        "/api/info",
        summary="The games: title, score, notation, keys, end reasons and players",
        response_model=GamesInfo,
    )
    def games_info() -> JSONResponse:
        return JSONResponse(describe_games(), headers=LANGUAGE_VARIES)

    @app.post(
        "/api/games",
        status_code=201,
        summary="Start a game",
        response_model=WebView,
        responses={**_declared(*BODY_ERRORS, 503), 201: {"links": NEW_GAME_LINKS}},
    )
    def new_game(request: NewGame) -> JSONResponse:
        if request.daily:
            deal = daily_deal(today())
        elif request.deal is None:
            deal = random_deal()
        else:
            deal = request.deal
        with live.lock:
            saved = live.start(request.game, deal)
            return JSONResponse(web_view(saved), status_code=201)

    @app.get(
        "/api/games/current",
        summary="The unfinished game of one game, if any",
        response_model=WebView,
        responses=_declared(404, 422, 503),
    )
    def current_game(game: Annotated[GameName, Query()]) -> JSONResponse:
        with live.lock:
            saved = live.current(game)
            if saved is None:
                return _error(404, _("No unfinished {game} game.").format(game=game))
            return JSONResponse(web_view(saved))

    @app.get(
        "/api/games/{game_id}",
        summary="A game's player view",
        response_model=WebView,
        responses=_declared(404, 410, 422, 503),
    )
    def get_game_view(game_id: GameId) -> JSONResponse:
        with live.lock:
            return JSONResponse(web_view(live.get(game_id)))

    @app.post(
        "/api/games/{game_id}/moves",
        summary="Play a move",
        response_model=WebView,
        responses={**_declared(*BODY_ERRORS, *GAME_ERRORS), 200: {"links": NEW_GAME_LINKS}},
    )
    def move(game_id: GameId, request: MoveRequest) -> JSONResponse:
        return act(game_id, request.version, "move", request.move)

    def action_route(action: str) -> Callable[..., JSONResponse]:
        def endpoint(game_id: GameId, request: ActionRequest | None = None) -> JSONResponse:
            return act(game_id, _version(request), action)

        return endpoint

    for action, summary in ACTIONS.items():
        app.add_api_route(
            f"/api/games/{{game_id}}/{action}", action_route(action), methods=["POST"],
            summary=summary, name=action, responses=_declared(*BODY_ERRORS, *GAME_ERRORS),
            response_model=WebView,
        )  # fmt: skip

    @app.post(
        "/api/games/{game_id}/hint",
        summary="Suggest a move (counts as a hint used)",
        response_model=HintAnswer,
        responses=_declared(*BODY_ERRORS, *GAME_ERRORS),
    )
    def hint(game_id: GameId, request: ActionRequest | None = None) -> JSONResponse:
        version = _version(request)
        with live.lock:
            saved = live.get(game_id)
            if version is not None and version != saved.version:
                return _stale(saved, version)
            if saved.over:
                raise SessionError(
                    _("the game is over ({status}): no hint").format(
                        status=status_name(saved.status)
                    )
                )
            thought_on, states = saved.version, saved.played
        suggestion = live.think(saved.game.name, states)  # the slow part, with no lock held
        with live.lock:
            saved = live.get(game_id)
            if saved.version != thought_on:  # played meanwhile: the hint is for another board
                return _stale(saved, thought_on)
            saved.note_hint()
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
        responses=_declared(422, 503),
    )
    def pause(game_id: GameId) -> Response:
        with live.lock:
            live.pause(game_id)
        return Response(status_code=204)

    @app.get(
        "/api/stats",
        summary="Statistics of every game, their last games, and results by period",
        response_model=dict[str, GameStatistics],
        responses=_declared(503),
    )
    def all_stats() -> JSONResponse:
        return JSONResponse({name: stats.page_stats(database, name) for name in GAMES})

    @app.get(
        "/api/stats/{game}/{chart}.svg",
        summary="A statistics chart as SVG",
        responses={
            **_declared(404, 422, 503),
            200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}},
        },
        response_class=Response,
    )
    def chart(game: str, chart: str) -> Response:
        draw = {"results": charts.results_over_time, "scores": charts.score_distribution}
        if game not in GAMES or chart not in draw:
            return _error(
                404, _("No such chart: expected /api/stats/GAME/results.svg or scores.svg.")
            )
        return Response(draw[chart](database, game), media_type="image/svg+xml")

    @app.exception_handler(SquaresError)
    async def refused(request: Request, exc: SquaresError) -> JSONResponse:
        """What the store and the rules refuse, each cause with its one code; no message that
        names a file reaches a client (the server's terminal gets the whole of it)."""
        if isinstance(exc, GameNotFound):
            if _was_given(database, request.path_params.get("game_id")):
                return _error(
                    410,
                    _(
                        "This game is no longer kept: it was left without a move when "
                        "another was dealt. Start a new game."
                    ),
                )
            return _error(404, _("No game with that id."))
        if isinstance(exc, CorruptSave):
            return _error(
                410,
                _(
                    "This game's saved moves do not replay; it is kept, untouched, for "
                    "inspection ('squares export ID'). Start a new game."
                ),
            )
        if isinstance(exc, DatabaseBusy):
            return _error(
                503,
                _(
                    "The saved games are in use by another program that keeps them locked; "
                    "try again in a moment."
                ),
            )
        if isinstance(exc, BadDatabase):
            print(_("squares: error: {problem}").format(problem=exc), file=sys.stderr)
            return _error(
                500,
                _(
                    "The server cannot use its saved-games file; its terminal says why. The "
                    "game is as it was saved."
                ),
            )
        return _error(422, str(exc))

    schema = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _exact_bounds(schema())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _exact_bounds(node: Any) -> Any:
    """FastAPI's schema models hold ``minimum`` and ``maximum`` as floats, and 2**63 - 1 as a
    float is 2**63: give the bounds back as the integers they are."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("minimum", "maximum") and isinstance(value, float) and value.is_integer():
                node[key] = MAX_ID if value == float(MAX_ID) else int(value)
            else:
                _exact_bounds(value)
    elif isinstance(node, list):
        for item in node:
            _exact_bounds(item)
    return node


NOT_JSON = N_(
    "The request body is not JSON this server can read (malformed, not UTF-8, nested too "
    "deeply, or a number too long)."
)
# After a game is started or a move made, its id, version and legal moves lead to the
# actions on it (the links let a client, or a fuzzer, follow them with real values).
_ON_THE_NEW_GAME = {
    "parameters": {"game_id": "$response.body#/id"},
    "requestBody": {"version": "$response.body#/version"},
}
NEW_GAME_LINKS = {
    "Move": {
        "operationId": "move_api_games__game_id__moves_post",
        "parameters": {"game_id": "$response.body#/id"},
        "requestBody": {"move": "$response.body#/legal/0", "version": "$response.body#/version"},
    },
    "View": {
        "operationId": "get_game_view_api_games__game_id__get",
        "parameters": {"game_id": "$response.body#/id"},
    },
    "Hint": {"operationId": "hint_api_games__game_id__hint_post", **_ON_THE_NEW_GAME},
    **{
        action.title(): {
            "operationId": f"{action}_api_games__game_id__{action}_post",
            **_ON_THE_NEW_GAME,
        }
        for action in ACTIONS
    },
}


def _was_given(database: Database, game_id: object) -> bool:
    """Whether ``game_id`` was once a game's (ids are never reused: ``AUTOINCREMENT``)."""
    try:
        number = int(str(game_id))
    except ValueError:
        return False
    rows = database.query("SELECT seq FROM sqlite_sequence WHERE name = 'games'")
    return bool(rows) and 1 <= number <= rows[0][0]


def _version(request: ActionRequest | None) -> int | None:
    return None if request is None else request.version


def _stale(saved: SavedSession, version: int) -> JSONResponse:
    return _error(
        409,
        _(
            "This view is out of date (version {version}; the game is at "
            "version {current}). Nothing was played."
        ).format(version=version, current=saved.version),
        view=web_view(saved),
    )


def _problems(errors: Sequence[Any]) -> str:
    """Pydantic's findings in the request's language, one per field."""
    said: dict[str, str] = {}
    for error in errors:
        where = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path")]
        field = where[0] if where else "body"
        if field in said:
            continue
        kind = error.get("type", "")
        context = error.get("ctx") or {}
        if kind == "squares":
            text = str(context.get("problem", ""))
        elif kind == "missing":
            text = _("missing")
        elif kind == "extra_forbidden":
            text = _("not a field of this request")
        elif kind in ("int_type", "int_parsing", "int_from_float", "int_parsing_size"):
            text = _("expected a whole number")
        elif kind == "bool_type":
            text = _("expected true or false")
        elif kind == "string_type":
            text = _("expected a string")
        elif kind == "string_too_long":
            text = _("at most {count} characters").format(count=context.get("max_length"))
        elif kind in ("greater_than_equal", "less_than_equal"):
            text = _("out of range")
        elif kind in ("model_type", "model_attributes_type", "dict_type"):
            text = _("expected a JSON object")
        else:
            text = _("not valid here")
        said[field] = f"{field}: {text}" if where else text
    return "; ".join(said.values())
