"""``GET /api/games/{id}/replay``: a finished game's player views, after each move and along
the solver's line from the critical move; 409 while it is played, and no stock order."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.games.foursquare import Foursquare
from squares.session import Session

DEAL, PLAYED = 2, 12  # on deal 2, always the last legal cell loses points along the way


@pytest.fixture(autouse=True)
def cheap_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)
    monkeypatch.setattr(type(get_hindsight("union-square")), "solve_nodes", 2_000)


def played(client: TestClient, game: str, count: int) -> tuple[int, list[str]]:
    """A game of ``count`` moves, each the last legal one, still on."""
    view: dict[str, Any] = client.post("/api/games", json={"game": game, "deal": DEAL}).json()
    moves: list[str] = []
    for _ in range(count):
        move = view["legal"][-1]
        answer = client.post(
            f"/api/games/{view['id']}/moves", json={"move": move, "version": view["version"]}
        )
        assert answer.status_code == 200, answer.text
        view, moves = answer.json(), [*moves, move]
    return int(view["id"]), moves


def resigned(client: TestClient, game: str, count: int) -> tuple[int, list[str]]:
    game_id, moves = played(client, game, count)
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    return game_id, moves


def test_the_replay_has_the_view_before_the_first_move_and_after_each(
    client: TestClient,
) -> None:
    game_id, moves = resigned(client, "foursquare", PLAYED)
    response = client.get(f"/api/games/{game_id}/replay")
    assert response.status_code == 200, response.text
    replay = response.json()
    assert replay["moves"] == moves and len(replay["views"]) == len(moves) + 1
    engine = Session.rebuild(Foursquare(), DEAL, moves, len(moves))
    for count, view in enumerate(replay["views"]):
        state = engine.state_after(count)
        assert len(view["piles"]) == len(state.piles) and view["stock"] == len(state.remaining) - 1
    assert replay["views"][0]["piles"] == [] and replay["views"][-1]["end"] == "resigned"


def test_the_solvers_line_starts_at_the_critical_move_and_follows_its_moves(
    client: TestClient,
) -> None:
    game_id, _moves = resigned(client, "foursquare", PLAYED)
    critical = client.get(f"/api/games/{game_id}/review").json()["critical"]
    solver = client.get(f"/api/games/{game_id}/replay").json()["solver"]
    assert solver["from"] == critical["index"] and solver["moves"] == critical["line"]
    assert len(solver["views"]) == len(critical["line"]) + 1
    played_there = client.get(f"/api/games/{game_id}/replay").json()["views"][critical["index"]]
    assert solver["views"][0] == played_there
    row, col = (int(n) for n in critical["line"][0].split(","))
    assert (row, col) in [(pile["row"], pile["col"]) for pile in solver["views"][1]["piles"]]


def test_the_replay_never_shows_the_cards_still_in_the_stock(client: TestClient) -> None:
    game_id, moves = resigned(client, "foursquare", PLAYED)
    body = client.get(f"/api/games/{game_id}/replay").json()
    unseen = Session.rebuild(Foursquare(), DEAL, moves, len(moves)).state.remaining[1:]
    player_views = json.dumps(body["views"])
    assert unseen and not any(f'"{card}"' in player_views for card in unseen)
    assert all(isinstance(view["stock"], int) for view in body["views"])


def test_a_union_square_replay_has_a_view_after_each_move(client: TestClient) -> None:
    game_id, moves = resigned(client, "union-square", 4)
    replay = client.get(f"/api/games/{game_id}/replay").json()
    assert len(replay["views"]) == len(moves) + 1
    engine = Session.rebuild(GAMES["union-square"], DEAL, moves, len(moves))
    for count, view in enumerate(replay["views"][:-1]):
        assert view == engine.game.view(engine.state_after(count))
    assert replay["views"][-1]["end"] == "resigned"


def test_a_game_still_played_has_no_replay_yet(client: TestClient) -> None:
    game_id, _moves = played(client, "foursquare", 1)
    response = client.get(f"/api/games/{game_id}/replay")
    assert response.status_code == 409
    assert set(response.json()) == {"detail"} and "not over" in response.json()["detail"]


def test_an_unknown_game_has_no_replay(client: TestClient) -> None:
    played(client, "foursquare", 1)
    response = client.get("/api/games/999/replay")
    assert response.status_code == 404 and set(response.json()) == {"detail"}


def test_the_replay_route_is_declared_in_the_schema(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/api/games/{game_id}/replay"]["get"]
    assert {"200", "404", "409", "410", "422"} <= set(route["responses"])
    schema = route["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/Replay"}
