"""``GET /api/games/{id}/review``: a finished game's review; 409 while it is played."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from squares.ai import get_hindsight
from squares.difficulty import level_of
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


def test_the_word_fields_are_declared_and_said_in_the_requests_language(
    client: TestClient,
) -> None:
    game_id = started(client)
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert "words" in schemas["ReviewedMove"]["properties"]
    assert {"played_words", "better_words"} <= set(schemas["Critical"]["properties"])
    assert "words" in schemas["Replay"]["properties"]
    assert "words" in schemas["SolverLine"]["properties"]
    english = client.get(f"/api/games/{game_id}/review").json()
    german = client.get(f"/api/games/{game_id}/review", headers={"Accept-Language": "de"}).json()
    card = GAMES["foursquare"].new(2).remaining[0]  # the card the deal put in hand first
    assert english["moves"][0]["words"] == f"the {card.pretty} to start the grid"
    assert german["moves"][0]["move"] == "0,0" and german["moves"][0]["words"].startswith("die ")
    replay = client.get(f"/api/games/{game_id}/replay", headers={"Accept-Language": "de"})
    assert replay.json()["words"] == [german["moves"][0]["words"]]


def test_the_review_says_the_deals_level_in_the_requests_language_each_time_it_is_read(
    client: TestClient,
) -> None:
    game_id = started(client)
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    first = client.get(f"/api/games/{game_id}/review").json()  # worked out, then kept
    kept = client.get(f"/api/games/{game_id}/review", headers={"Accept-Language": "de"}).json()
    level = level_of("foursquare", 2)
    assert first["difficulty"] == kept["difficulty"] == level == "easy"
    assert first["difficulty_words"].startswith("Difficulty: easy.")
    assert kept["difficulty_words"].startswith("Schwierigkeit: leicht.")
