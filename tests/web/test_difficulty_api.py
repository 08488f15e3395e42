"""A new game of a chosen difficulty through the API, its level in the view and at the
end, and a difficulty that is not a level refused with 422, nothing started."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import squares.difficulty
from squares.difficulty import level_of


@pytest.mark.parametrize("game", ["foursquare", "union-square"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_a_new_game_of_a_difficulty_deals_a_deal_of_that_level(
    client: TestClient, game: str, level: str
) -> None:
    response = client.post("/api/games", json={"game": game, "difficulty": level})
    assert response.status_code == 201, response.text
    view = response.json()
    assert view["difficulty"] == level == level_of(game, view["deal"])


def test_a_new_game_of_any_difficulty_is_a_random_deal(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "foursquare", "difficulty": "any"})
    assert response.status_code == 201, response.text


def test_the_end_of_a_game_names_its_difficulty_and_that_it_can_be_won(
    client: TestClient,
) -> None:
    view = client.post("/api/games", json={"game": "foursquare", "deal": 7}).json()
    assert view["deal_best"] is None
    over = client.post(f"/api/games/{view['id']}/resign").json()
    level = level_of("foursquare", 7)
    assert f"Difficulty: {level}." in over["deal_best"]
    assert "it can be won" in over["deal_best"]
    assert "best score" in over["deal_best"]


def test_a_deal_past_the_ratings_is_said_not_rated(client: TestClient) -> None:
    view = client.post("/api/games", json={"game": "foursquare", "deal": 100_000}).json()
    assert view["difficulty"] is None
    over = client.post(f"/api/games/{view['id']}/resign").json()
    assert "Difficulty: not rated." in over["deal_best"]


def _nothing_started(client: TestClient) -> bool:
    return all(
        client.get("/api/games/current", params={"game": game}).status_code == 404
        for game in ("foursquare", "union-square")
    )


@pytest.mark.parametrize(
    "body",
    [
        {"game": "foursquare", "difficulty": "medum"},
        {"game": "foursquare", "difficulty": ""},
        {"game": "foursquare", "difficulty": 3},
        {"game": "foursquare", "difficulty": "hard", "deal": 7},
        {"game": "foursquare", "difficulty": "hard", "daily": True},
    ],
)
def test_a_bad_difficulty_is_422_with_one_sentence_and_starts_nothing(
    client: TestClient, body: dict[str, object]
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "Traceback" not in detail
    assert _nothing_started(client)


def test_an_unknown_difficulty_names_the_levels(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "foursquare", "difficulty": "medum"})
    assert "any, easy, medium, hard, expert" in response.json()["detail"]


def test_a_level_with_no_rated_deal_is_422_naming_the_levels_there_are(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = squares.difficulty.rated_deals
    monkeypatch.setattr(
        squares.difficulty,
        "rated_deals",
        lambda game, level: () if level == "expert" else real(game, level),
    )
    response = client.post("/api/games", json={"game": "union-square", "difficulty": "expert"})
    assert response.status_code == 422
    assert "any, easy, medium, hard" in response.json()["detail"]
    assert "hard, expert" not in response.json()["detail"]
    assert _nothing_started(client)
