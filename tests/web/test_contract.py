"""The API's contract: the games described by the server, every response body declared in
``/openapi.json``, and one rule for the end of a game."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from squares.games import GAMES


def finish(client: TestClient, game: str, deal: int) -> dict[str, Any]:
    """A new game played to its end by always taking the first legal move."""
    view: dict[str, Any] = client.post("/api/games", json={"game": game, "deal": deal}).json()
    while view["status"] == "playing":
        moves = [m for m in view["legal"] if m.endswith("-f")] or view["legal"]
        answer = client.post(
            f"/api/games/{view['id']}/moves", json={"move": moves[0], "version": view["version"]}
        )
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def test_the_server_describes_every_game_of_the_registry(client: TestClient) -> None:
    described = client.get("/api/info").json()["games"]
    assert [d["name"] for d in described] == list(GAMES)
    for description in described:
        game = GAMES[description["name"]]
        assert description["score_range"] == list(game.info.score_range)
        assert set(description["end_reasons"]) == {str(r) for r in game.info.end_reasons}
        assert description["players"], "every game has a player that gives hints"
        for example in description["move_examples"]:
            game.parse_move(example)  # every example is a move in the game's notation


def test_the_descriptions_follow_the_language(client: TestClient) -> None:
    described = client.get("/api/info", headers={"Accept-Language": "de"}).json()["games"]
    reasons = {d["name"]: d["end_reasons"] for d in described}
    assert reasons["foursquare"]["face-down-limit"] != (
        "Game over: more than 4 piles are face down."
    )


def test_undo_after_the_end_is_refused_and_the_statistics_do_not_change(
    client: TestClient,
) -> None:
    view = finish(client, "foursquare", 3)
    assert view["end"] in ("face-down-limit", "stock-empty", "won")
    assert view["can_undo"] is False and view["can_redo"] is False
    before = client.get("/api/stats").json()["foursquare"]
    for action in ("undo", "redo", "restart", "resign"):
        answer = client.post(f"/api/games/{view['id']}/{action}", json={"version": view["version"]})
        assert answer.status_code >= 400, action
    again = client.get(f"/api/games/{view['id']}").json()
    assert (again["status"], again["version"], again["moves"]) == (
        view["status"], view["version"], view["moves"],
    )  # fmt: skip
    assert client.get("/api/stats").json()["foursquare"] == before


def test_resign_restart_redo_redo_never_reopens_a_resigned_game(client: TestClient) -> None:
    view: dict[str, Any] = client.post(
        "/api/games", json={"game": "union-square", "deal": 7}
    ).json()
    url = f"/api/games/{view['id']}"
    for move in ("s", "s"):
        view = client.post(f"{url}/moves", json={"move": move, "version": view["version"]}).json()
    view = client.post(f"{url}/resign", json={"version": view["version"]}).json()
    assert (view["status"], view["end"]) == ("lost", "resigned")
    for action in ("restart", "redo", "redo"):
        client.post(f"{url}/{action}", json={})
    again = client.get(url).json()
    assert (again["status"], again["end"], again["moves"]) == ("lost", "resigned", 2)


def _empty_schemas(node: Any, where: str = "") -> list[str]:
    found: list[str] = []
    if isinstance(node, dict):
        if "schema" in node and node["schema"] == {}:
            found.append(where)
        for key, value in node.items():
            found += _empty_schemas(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _empty_schemas(value, f"{where}/{index}")
    return found


def test_openapi_declares_every_json_response_body(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert _empty_schemas(schema["paths"]) == []
    views = schema["components"]["schemas"]
    assert {"FoursquareWebView", "UnionSquareWebView", "GamesInfo", "HintAnswer"} <= set(views)
    placement = views["FoursquarePlacement"]["properties"]
    assert {"move", "flips", "loses"} <= set(placement)
