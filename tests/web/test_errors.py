"""Hostile requests: each cause one status code, one body shape ``{"detail": "..."}`` in the
request's language, no path of the server's, and nothing changed."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from squares.games import GAMES
from squares.store import open_db
from tests.web.conftest import BASE, HOST, PORT

GERMAN = {"Accept-Language": "de"}


def new(client: TestClient, game: str = "foursquare", **extra: object) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, **extra})
    assert response.status_code == 201, response.text
    view: dict[str, Any] = response.json()
    return view


def count_games(db_path: Path) -> int:
    return int(open_db(db_path).query("SELECT count(*) FROM games")[0][0])


def assert_error(response: Any, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) <= {"detail", "view"} and isinstance(body["detail"], str), body
    for word in words:
        assert word in body["detail"], body["detail"]
    detail: str = body["detail"]
    return detail


# -- 1: number-like input is length-checked before conversion --------------------------
def test_a_deal_of_thousands_of_digits_is_a_clear_422(client: TestClient, db_path: Path) -> None:
    before = count_games(db_path)
    for deal in ("9" * 4400, "9" * 5000, "1" * 100_00):
        response = client.post("/api/games", json={"game": "foursquare", "deal": deal})
        assert_error(response, 422, "deal")
        assert len(response.text) < 500  # the number is quoted cut short
    assert count_games(db_path) == before


def test_a_json_number_of_thousands_of_digits_is_400(client: TestClient) -> None:
    body = b'{"game": "foursquare", "deal": ' + b"9" * 5000 + b"}"
    response = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert_error(response, 400, "JSON")


@pytest.mark.parametrize("game_id", ["9" * 5000, "99999999999999999999", "0", "-1", "+5", "1_0"])
def test_odd_game_ids_are_refused_as_such(client: TestClient, game_id: str) -> None:
    assert_error(client.get(f"/api/games/{game_id}"), 422, "game_id")
    assert_error(
        client.post(f"/api/games/{game_id}/moves", json={"move": "0,0", "version": 1}), 422
    )


def test_arabic_indic_digits_in_a_path_are_not_an_id(client: TestClient) -> None:
    new(client, deal=7)
    assert_error(client.get("/api/games/\u0661"), 422, "game_id")


@pytest.mark.parametrize("version", [2**63, 10**30, -1])
def test_versions_out_of_range_are_422(client: TestClient, version: int) -> None:
    view = new(client, deal=7)
    response = client.post(
        f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": version}
    )
    assert_error(response, 422, "version")


# -- 4: no path in any answer; busy is 503; a corrupt unfinished game does not block -----
def test_no_answer_names_the_database_file(client: TestClient, db_path: Path) -> None:
    view = new(client, deal=7)
    answers = [
        client.get("/api/games/999999"),
        client.post("/api/games/999999/moves", json={"move": "0,0", "version": 1}),
        client.get(f"/api/games/{view['id']}"),
        client.get("/api/stats"),
    ]
    for answer in answers:
        assert str(db_path) not in answer.text and db_path.name not in answer.text


def test_a_busy_database_is_503_with_a_retry_hint(client: TestClient, db_path: Path) -> None:
    view = new(client, deal=7)
    client.app.state.db.conn.execute("PRAGMA busy_timeout = 50")  # type: ignore[attr-defined]
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        response = client.post(f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": 1})
        detail = assert_error(response, 503, "another program")
        assert response.headers["retry-after"] == "1"
        assert str(db_path) not in detail and db_path.name not in detail
    finally:
        other.execute("ROLLBACK")
        other.close()
    again = client.post(f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": 1})
    assert again.status_code == 200  # nothing was played by the refused attempt


def corrupt_the_unfinished_game(db_path: Path, game_id: int) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET moves = '[\"9,9\"]', position = 1 WHERE id = ?", (game_id,))
    conn.commit()
    conn.close()


def test_a_corrupt_unfinished_game_does_not_stop_a_new_one(
    client: TestClient, db_path: Path
) -> None:
    view = new(client, deal=7)
    corrupt_the_unfinished_game(db_path, view["id"])
    fresh = TestClient(client.app, base_url=BASE)  # as after a restart: nothing kept in memory
    fresh.app.state.live._open.clear()  # type: ignore[attr-defined]
    started = fresh.post("/api/games", json={"game": "foursquare", "deal": 8})
    assert started.status_code == 201, started.text
    assert_error(fresh.get(f"/api/games/{view['id']}"), 410, "squares export")


def test_a_corrupt_unfinished_game_is_not_offered_as_the_current_one(
    client: TestClient, db_path: Path
) -> None:
    view = new(client, deal=7)
    corrupt_the_unfinished_game(db_path, view["id"])
    client.app.state.live._open.clear()  # type: ignore[attr-defined]
    response = client.get("/api/games/current", params={"game": "foursquare"})
    assert_error(response, 404, "No unfinished")
    assert db_path.name not in response.text


# -- 6: strict types, ASCII notation --------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [
        {"game": "foursquare", "deal": True},
        {"game": "foursquare", "daily": "yes"},
        {"game": "foursquare", "daily": 1},
        {"game": "foursquare", "deal": 7.0},
        {"game": "foursquare", "deal": " 7"},
        {"game": "foursquare", "deal": "\u0667"},  # Arabic-Indic seven
        {"game": "foursquare", "deal": "\uff17"},  # fullwidth seven
        {"game": "foursquare", "deal": 7, "daily": True},
        {"game": " Foursquare "},
        {"game": ["foursquare"]},
        {"game": "foursquare", "deal": None, "extra": 1},
    ],
)
def test_loose_new_game_bodies_are_422(client: TestClient, db_path: Path, body: Any) -> None:
    before = count_games(db_path)
    assert_error(client.post("/api/games", json=body), 422)
    assert count_games(db_path) == before


def test_the_largest_deal_is_accepted_as_a_number_and_as_digits(client: TestClient) -> None:
    assert new(client, deal=2**63 - 1)["deal"] == 2**63 - 1
    assert new(client, deal=str(2**63 - 1))["deal"] == 2**63 - 1  # as the page sends it


@pytest.mark.parametrize(
    "body",
    [
        {"move": "0,0", "version": "1"},
        {"move": "0,0", "version": 1.0},
        {"move": "0,0", "version": True},
        {"move": "\u0660,\u0660", "version": 1},  # Arabic-Indic 0,0
        {"move": "\uff10,\uff10", "version": 1},  # fullwidth 0,0
        {"move": 0, "version": 1},
    ],
)
def test_loose_moves_are_422_and_play_nothing(client: TestClient, body: Any) -> None:
    view = new(client, deal=7)
    assert_error(client.post(f"/api/games/{view['id']}/moves", json=body), 422)
    assert client.get(f"/api/games/{view['id']}").json()["version"] == 1


def test_actions_take_a_strict_version_too(client: TestClient) -> None:
    view = new(client, deal=7)
    for body in ({"version": "1"}, {"version": True}, {"version": 1.5}, {"v": 1}):
        assert_error(client.post(f"/api/games/{view['id']}/resign", json=body), 422)
    assert client.get(f"/api/games/{view['id']}").json()["status"] == "playing"


# -- 7: one shape, one code per cause, in the language, documented -------------------
@pytest.mark.parametrize(
    "content",
    [b"{not json", b'{"game": "foursquare"', b"\xff\xfe{}", b"[" * 100_000],
)
def test_bodies_that_are_not_json_are_400_in_the_language(
    client: TestClient, content: bytes
) -> None:
    for path in ("/api/games", "/api/games/1/moves", "/api/games/1/hint"):
        response = client.post(
            path, content=content[:16_000], headers={"content-type": "application/json", **GERMAN}
        )
        detail = assert_error(response, 400)
        assert "JSON" in detail and "There was an error" not in detail
        assert detail != assert_error(
            client.post(
                path, content=content[:16_000], headers={"content-type": "application/json"}
            ),
            400,
        )  # German is not English


def test_a_body_that_is_json_but_not_an_object_is_422(client: TestClient) -> None:
    bodies: list[object] = [[], "foursquare", 7, None]
    for body in bodies:
        assert_error(client.post("/api/games", json=body), 422)


def test_a_finished_game_refuses_every_action_alike_and_in_the_language(
    client: TestClient,
) -> None:
    view = new(client, deal=7)
    client.post(f"/api/games/{view['id']}/resign")
    for action in ("hint", "restart", "resign"):
        response = client.post(f"/api/games/{view['id']}/{action}", headers=GERMAN)
        assert_error(response, 422)
    hint = client.post(f"/api/games/{view['id']}/hint", headers=GERMAN).json()["detail"]
    assert "verloren" in hint and "(lost)" not in hint
    move = client.post(f"/api/games/{view['id']}/moves", json={"move": "0,1", "version": 2})
    assert_error(move, 422)


def test_a_stale_hint_is_409_with_the_view(client: TestClient) -> None:
    view = new(client, deal=7)
    client.post(f"/api/games/{view['id']}/moves", json={"move": "0,0", "version": 1})
    response = client.post(f"/api/games/{view['id']}/hint", json={"version": 1})
    assert_error(response, 409)
    assert response.json()["view"]["version"] == 2


def test_unknown_routes_and_methods_answer_in_the_language(client: TestClient) -> None:
    assert assert_error(client.get("/api/nothing", headers=GERMAN), 404) != "Not Found"
    assert assert_error(client.delete("/api/games", headers=GERMAN), 405) != ("Method Not Allowed")


def test_the_schema_declares_every_error_with_its_real_body(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    assert "HTTPValidationError" not in components
    assert components["ErrorBody"]["required"] == ["detail"]
    assert set(components["StaleBody"]["required"]) == {"detail", "view"}
    operations = schema["paths"]
    move = operations["/api/games/{game_id}/moves"]["post"]["responses"]
    assert set(move) >= {"200", "400", "404", "409", "410", "413", "422", "503"}
    assert move["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    assert move["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/StaleBody")
    new_game = components["NewGame"]["properties"]["game"]
    assert new_game["enum"] == list(GAMES)
    current = operations["/api/games/current"]["get"]["parameters"][0]["schema"]
    assert current["enum"] == list(GAMES)


# -- item 7 of issue 10: database and AI work off the event loop ----------------------
def test_a_move_is_answered_while_a_slow_hint_is_thought_out(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from squares.web.app import create_app
    from squares.web.live import LiveGames

    thinking, release = threading.Event(), threading.Event()
    real_think = LiveGames.think

    def slow_think(game: str, state: Any) -> Any:
        thinking.set()
        assert release.wait(timeout=30), "the hint was never released"
        return real_think(game, state)

    monkeypatch.setattr(LiveGames, "think", staticmethod(slow_think))
    with TestClient(create_app(db=db_path, host=HOST, port=PORT), base_url=BASE) as client:
        slow = new(client, deal=7)
        other = new(client, "union-square", deal=3)
        hint_answer: list[Any] = []
        asking = threading.Thread(
            target=lambda: hint_answer.append(client.post(f"/api/games/{slow['id']}/hint"))
        )
        asking.start()
        assert thinking.wait(timeout=30)
        # The hint is still being thought out: a move on another game is answered now ...
        moved = client.post(f"/api/games/{other['id']}/moves", json={"move": "s", "version": 1})
        assert moved.status_code == 200 and not hint_answer
        # ... and so is a read of the very game the hint is for.
        assert client.get(f"/api/games/{slow['id']}").status_code == 200 and not hint_answer
        release.set()
        asking.join(timeout=30)
        assert hint_answer and hint_answer[0].status_code == 200
