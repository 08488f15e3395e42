"""``GET /api/games/{id}/review``: a finished game's review; 409 while it is played."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from squares.ai import get_hindsight
from squares.games import GAMES


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)


def started(client: TestClient) -> int:
    view = client.post("/api/games", json={"game": "foursquare", "deal": 2}).json()
    moved = client.post(
        f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": view["version"]}
    )
    assert moved.status_code == 200, moved.text
    game_id: int = view["id"]
    return game_id


def test_the_review_of_a_finished_game(client: TestClient) -> None:
    game_id = started(client)
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    response = client.get(f"/api/games/{game_id}/review")
    assert response.status_code == 200, response.text
    review = response.json()
    assert review["best_score"] == 24 and [m["move"] for m in review["moves"]] == ["0,0"]


def test_a_game_still_played_has_no_review_yet(client: TestClient) -> None:
    response = client.get(f"/api/games/{started(client)}/review")
    assert response.status_code == 409
    assert set(response.json()) == {"detail"} and "not over" in response.json()["detail"]


def test_an_unknown_game_has_no_review(client: TestClient) -> None:
    started(client)
    response = client.get("/api/games/999/review")
    assert response.status_code == 404 and set(response.json()) == {"detail"}


def test_the_review_route_is_declared_in_the_schema(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/api/games/{game_id}/review"]["get"]
    assert {"200", "404", "409", "410"} <= set(route["responses"])
