"""``POST /api/games/{id}/chance``: your chance of winning from here, as the page asks for it."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from squares.ai import get_hindsight
from squares.store import SavedSession, open_db
from squares.store.records import get
from tests.web.test_api import new


@pytest.fixture(autouse=True)
def few_live_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, samples in (("foursquare", 5), ("union-square", 2)):
        monkeypatch.setattr(type(get_hindsight(name)), "live_samples", samples)


def test_the_chance_comes_with_its_interval_and_marks_the_game(
    client: TestClient, db_path: Path
) -> None:
    view = new(client, "foursquare", deal=7)
    response = client.post(f"/api/games/{view['id']}/chance", json={"version": view["version"]})
    assert response.status_code == 200, response.text
    body = response.json()
    chance = body["chance"]
    assert chance["samples"] == 5 and 0 <= chance["wins"] <= 5
    assert chance["low"] <= chance["value"] == chance["wins"] / 5 <= chance["high"]
    assert chance["player"] == "expectimax-2"
    assert chance["text"].startswith("Chance of winning from here if expectimax-2 plays on: ")
    assert body["view"]["hints_used"] is True and body["view"]["version"] == view["version"] + 1
    db = open_db(str(db_path))
    assert SavedSession.open(db, view["id"]).hints_used and not get(db, view["id"]).clean


def test_the_chance_is_in_the_requests_language(client: TestClient) -> None:
    view = new(client, "union-square", deal=7)
    response = client.post(
        f"/api/games/{view['id']}/chance", json={}, headers={"Accept-Language": "de"}
    )
    assert response.json()["chance"]["text"].startswith(
        "Gewinnchance von hier aus, wenn keeper weiterspielt: "
    )


def test_no_chance_for_a_finished_game(client: TestClient) -> None:
    view = new(client, "union-square", deal=7)
    client.post(f"/api/games/{view['id']}/resign")
    response = client.post(f"/api/games/{view['id']}/chance")
    assert response.status_code == 422 and "the game is over" in response.json()["detail"]


def test_a_chance_asked_on_an_old_view_is_refused(client: TestClient) -> None:
    view = new(client, "union-square", deal=7)
    client.post(f"/api/games/{view['id']}/moves", json={"move": "s", "version": 1})
    response = client.post(f"/api/games/{view['id']}/chance", json={"version": 1})
    assert response.status_code == 409 and response.json()["view"]["hints_used"] is False


def test_the_chance_route_declares_its_answer_in_the_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    route = schema["paths"]["/api/games/{game_id}/chance"]["post"]
    answer = route["responses"]["200"]["content"]["application/json"]["schema"]
    name = answer["$ref"].rsplit("/", 1)[1]
    chance = schema["components"]["schemas"][name]["properties"]["chance"]
    fields = schema["components"]["schemas"][chance["$ref"].rsplit("/", 1)[1]]["properties"]
    assert {"value", "low", "high", "wins", "samples", "text"} <= set(fields)
    assert {"404", "409", "422"} <= set(route["responses"])


def test_the_playouts_of_a_chance_run_outside_the_server_process(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """They would hold the interpreter that answers the moves (``squares.web.playouts``)."""

    def not_here(self: object, state: object) -> bool:
        raise AssertionError("a playout ran in the server's process")

    monkeypatch.setattr(type(get_hindsight("union-square")), "playout", not_here)
    view = new(client, "union-square", deal=7)
    response = client.post(f"/api/games/{view['id']}/chance", json={"version": view["version"]})
    assert response.status_code == 200, response.text
    assert response.json()["chance"]["samples"] == 2


def test_a_chance_is_worked_out_after_its_playout_processes_were_killed(
    client: TestClient,
) -> None:
    """Killed by hand or for want of memory, they are started again, not left broken."""
    view = new(client, "foursquare", deal=7)
    url = f"/api/games/{view['id']}/chance"
    assert client.post(url, json={}).status_code == 200
    playouts = multiprocessing.active_children()  # this process's: the playout processes
    assert playouts
    for process in playouts:
        process.kill()  # SIGKILL
        process.join(timeout=60)
    response = client.post(url, json={})
    assert response.status_code == 200, response.text
    assert response.json()["chance"]["samples"] == 5
