"""The API's request and error bodies, as declared types: read strictly, and published in
``/openapi.json`` with every error answer a route can give."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import Path as PathParam
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

from squares.cards import MAX_DEAL, check_deal_number, is_ascii_number, parse_deal_number, shown
from squares.difficulty import UnknownDifficulty, check_difficulty
from squares.errors import (
    BadDealNumber,
)
from squares.games import GAMES
from squares.i18n import _

MAX_ID = 2**63 - 1


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
    daily: bool = Field(
        default=False,
        description="today's daily deal of the game, its level by weekday; not with deal",
    )
    difficulty: str | None = Field(
        default=None,
        max_length=20,
        description="a random deal of this level: any, easy, medium, hard or expert; "
        "not with deal or daily",
    )

    @model_validator(mode="after")
    def _one_deal(self) -> NewGame:
        if self.daily and self.deal is not None:
            raise _invalid(_("give a deal or daily, not both"))
        if self.difficulty is not None:
            if self.daily or self.deal is not None:
                raise _invalid(_("give a deal, daily or a difficulty, not two of them"))
            try:
                check_difficulty(self.game, self.difficulty)
            except UnknownDifficulty as err:
                raise _invalid(str(err)) from None
        return self


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    move: str = Field(max_length=20, description="a move in notation: 0,1 or t5-t9")
    version: Version = Field(description="the version of the view the move was made on")


class ActionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    version: Version | None = Field(default=None, description="the view's version, if known")


def sent_version(request: ActionRequest | None) -> int | None:
    """The version of the view the request was made on, if it says."""
    return None if request is None else request.version


class ErrorBody(BaseModel):
    """Every error: what went wrong, in the request's language."""

    detail: str


class StaleBody(BaseModel):
    """The game changed since the view the request was made on: nothing was done."""

    detail: str
    view: dict[str, Any] = Field(description="the game as it is now")


def declared(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers of a route, as the OpenAPI schema declares them."""
    about = {
        400: (ErrorBody, "The body is not JSON this server can read, or gives a field twice"),
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


UNFINISHED = {
    "model": ErrorBody,
    "description": "The game is not over: only a finished game has a review",
}

BODY_ERRORS = (400, 413, 422)
GAME_ERRORS = (404, 409, 410, 422, 503)


def problems(errors: Sequence[Any]) -> str:
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
