"""The server and its saved-games file when the file is taken away or its disk fills, a body
that gives a field twice, and the schema saying all of it as the server does it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from fastapi.testclient import TestClient

from tests.web.test_errors import assert_error, new


def move(client: TestClient, view: dict[str, Any]) -> Any:
    body = {"move": view["legal"][0], "version": view["version"]}
    return client.post(f"/api/games/{view['id']}/moves", json=body)


def test_a_move_after_the_file_is_deleted_is_refused_and_the_games_are_kept(
    client: TestClient, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    view = move(client, new(client, deal=7)).json()
    db_path.unlink()
    detail = assert_error(move(client, view), 500, "deleted, renamed or replaced", "copied")
    assert str(db_path.parent) not in detail
    assert_error(client.post("/api/games", json={"game": "union-square"}), 500)
    assert "was deleted, renamed or replaced" in capsys.readouterr().err  # on its terminal
    kept = sqlite3.connect(f"{db_path}.kept.db")
    rows = kept.execute("SELECT deal, moves FROM games").fetchall()
    kept.close()
    assert [deal for deal, _moves in rows] == [7]
    assert len(json.loads(rows[0][1])) == view["moves"] == 1  # what was acknowledged, no more


def test_a_full_disk_is_507_with_its_own_advice_and_changes_nothing(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    first = new(client, deal=1)
    database = client.app.state.db  # type: ignore[attr-defined]
    pages = database.query("PRAGMA page_count")[0][0]
    database.conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk, as SQLite sees it
    for deal in range(2, 500):  # each game played is kept (a loss once the next is dealt)
        answer = client.post("/api/games", json={"game": "union-square", "deal": deal})
        if answer.status_code != 201 or (answer := move(client, answer.json())).status_code != 200:
            break
    detail = assert_error(answer, 507, "disk is full", "Free some space")
    assert "aside" not in detail
    said = capsys.readouterr().err
    assert "the disk is full" in said and "move this one aside" not in said
    assert client.get(f"/api/games/{first['id']}").json()["version"] == first["version"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/games", '{"game": "foursquare", "deal": 1, "deal": 2}', "deal"),
        ("/api/games", '{"game": "union-square", "game": "foursquare"}', "game"),
    ],
)
def test_a_field_given_twice_is_400_and_nothing_is_done(
    client: TestClient, path: str, body: str, field: str
) -> None:
    answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert_error(answer, 400, f"'{field}'", "twice")
    assert client.get("/api/games/current", params={"game": "foursquare"}).status_code == 404


def test_a_version_given_twice_plays_nothing(client: TestClient) -> None:
    view = new(client)
    body = f'{{"move": "{view["legal"][0]}", "version": 99, "version": {view["version"]}}}'
    answer = client.post(
        f"/api/games/{view['id']}/moves", content=body, headers={"Content-Type": "application/json"}
    )
    assert_error(answer, 400, "'version'")
    assert client.get(f"/api/games/{view['id']}").json()["moves"] == 0


def test_the_schema_declares_the_guards_and_the_files_answers(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answers = operation["responses"]
            assert {"403", "421"} <= set(answers), (method, path)
            if method == "post":
                assert {"400", "413"} <= set(answers), (method, path)
            if "503" in answers:
                assert {"500", "507"} <= set(answers), (method, path)
                assert "full" in answers["507"]["description"]


@pytest.mark.parametrize(
    "body",
    [
        {"daily": True, "deal": 3},
        {"difficulty": "easy", "deal": 3},
        {"difficulty": "easy", "daily": True},
        {"daily": True},
        {"daily": False, "deal": 3},
        {"daily": True, "deal": None},
        {"difficulty": "easy", "daily": False},
        {"difficulty": "easy", "deal": None},
        {"difficulty": None, "deal": 3},
    ],
)
def test_the_schema_refuses_two_ways_of_choosing_the_deal_as_the_server_does(
    client: TestClient, body: dict[str, Any]
) -> None:
    model = client.get("/openapi.json").json()["components"]["schemas"]["NewGame"]
    body = {"game": "foursquare", **body}
    answer = client.post("/api/games", json=body)
    assert answer.status_code in (201, 422), answer.text
    assert jsonschema_rs.validator_for(model).is_valid(body) == (answer.status_code == 201)


def test_the_schema_says_an_integer_is_written_without_a_fraction(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    version = schema["components"]["schemas"]["MoveRequest"]["properties"]["version"]
    assert "not 1.0" in version["description"]
    view = new(client)
    answer = client.post(
        f"/api/games/{view['id']}/moves",
        content=f'{{"move": "{view["legal"][0]}", "version": {view["version"]}.0}}',
        headers={"Content-Type": "application/json"},
    )
    assert_error(answer, 422, "version")
