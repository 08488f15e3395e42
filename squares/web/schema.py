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
