"""What ``/openapi.json`` says beyond the routes themselves: the actions on a game, the
links from a new game to them, and bounds written as the integers they are."""

from __future__ import annotations

from typing import Any

from squares.web.bodies import MAX_ID

ACTIONS = {  # the actions that take only the view's version
    "undo": "Undo the last move",
    "redo": "Redo a move undone",
    "restart": "Back to the deal",
    "resign": "Give up the game",
}


def exact_bounds(node: Any) -> Any:
    """FastAPI's schema models hold ``minimum`` and ``maximum`` as floats, and 2**63 - 1 as a
    float is 2**63: give the bounds back as the integers they are."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("minimum", "maximum") and isinstance(value, float) and value.is_integer():
                node[key] = MAX_ID if value == float(MAX_ID) else int(value)
            else:
                exact_bounds(value)
    elif isinstance(node, list):
        for item in node:
            exact_bounds(item)
    return node


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


# What every route may answer besides its own errors: the guards of ``squares.web.security``
# stand before all of them, a body is read by them on every POST, and a route that uses the
# saved games can find their file unusable or its disk full.
_GUARDS = {
    "403": "The request came from a page of another site (its Origin): refused",
    "421": "The Host header does not name this server (a guard against DNS rebinding)",
}
_BODY = {
    "400": "The body is not JSON this server can read, or gives a field twice",
    "413": "The body is over 16 KB",
}
_SAVED_GAMES = {
    "500": "The server cannot use its saved-games file (damaged, or deleted or replaced "
    "while it ran); its terminal says why. Nothing was done",
    "507": "The disk of the saved games is full: nothing was done; free some space and try again",
}
_INTEGER = 'written as a whole number: 1, not 1.0, 1e0 or "1"'
_REQUESTS = ("NewGame", "MoveRequest", "ActionRequest")


def every_answer(schema: dict[str, Any]) -> dict[str, Any]:
    """Declare in ``schema`` what no route states itself: the guards' and the saved-games
    file's answers, integers that are written as such, and that a new game's deal is chosen
    one way (``deal``, ``daily`` or ``difficulty``)."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    for operations in schema.get("paths", {}).values():
        for method, operation in operations.items():
            answers = operation.setdefault("responses", {})
            extra = {**_GUARDS, **(_BODY if method == "post" else {})}
            if "503" in answers:
                extra.update(_SAVED_GAMES)
            for code, description in extra.items():
                answers.setdefault(code, {"description": description, "content": error})
            for parameter in operation.get("parameters", []):
                _whole_numbers(parameter.get("schema", {}))
    models = schema.get("components", {}).get("schemas", {})
    for name in _REQUESTS:
        _whole_numbers(models.get(name, {}))
    if "NewGame" in models:
        models["NewGame"]["not"] = {"anyOf": [_both(*pair) for pair in _ONE_WAY_TO_DEAL]}
    return schema


# A new game's deal is chosen one way: a deal, the daily deal or a difficulty, never two.
_ONE_WAY_TO_DEAL = (("deal", "daily"), ("difficulty", "deal"), ("difficulty", "daily"))
_GIVEN = {"daily": {"const": True}, "deal": {"not": {"type": "null"}}}
_GIVEN["difficulty"] = _GIVEN["deal"]


def _both(first: str, second: str) -> dict[str, Any]:
    """The bodies that give both ``first`` and ``second`` (``daily`` given is ``true``, the
    others given are not ``null``)."""
    return {
        "required": [first, second],
        "properties": {first: _GIVEN[first], second: _GIVEN[second]},
    }


def _whole_numbers(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("type") == "integer":
            said = node.get("description")
            node["description"] = f"{said}; {_INTEGER}" if said else _INTEGER
        for value in node.values():
            _whole_numbers(value)
    elif isinstance(node, list):
        for item in node:
            _whole_numbers(item)
