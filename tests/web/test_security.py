"""A server on the player's machine: only its own address, no other sites, small bodies."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi.testclient import TestClient


def test_foreign_host_header_is_refused(client: TestClient) -> None:
    for host in (
        "evil.example",
        "evil.example:8417",
        "127.0.0.1:9999",
        "attacker.127.0.0.1.nip.io:8417",
    ):
        response = client.get("/api/stats", headers={"host": host})
        assert response.status_code == 421, host


def test_own_addresses_are_accepted(client: TestClient) -> None:
    for host in ("127.0.0.1:8417", "localhost:8417"):
        assert client.get("/api/stats", headers={"host": host}).status_code == 200


def test_request_from_another_site_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/games", json={"game": "foursquare"}, headers={"origin": "http://evil.example"}
    )
    assert response.status_code == 403
    assert client.get("/api/games/current", params={"game": "foursquare"}).status_code == 404


def test_request_from_the_page_itself_is_accepted(client: TestClient) -> None:
    response = client.post(
        "/api/games", json={"game": "foursquare"}, headers={"origin": "http://127.0.0.1:8417"}
    )
    assert response.status_code == 201


def test_no_cors_headers_are_sent(client: TestClient) -> None:
    response = client.options(
        "/api/games",
        headers={"origin": "http://127.0.0.1:8417", "access-control-request-method": "POST"},
    )
    assert "access-control-allow-origin" not in response.headers


def test_large_body_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/games",
        content=b'{"game": "' + b"x" * 40_000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


def test_streamed_large_body_is_refused(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 1024

    response = client.post(
        "/api/games", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


def test_static_files_come_only_from_the_package(client: TestClient) -> None:
    for path in (
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static//etc/passwd",
    ):
        response = client.get(path)
        assert response.status_code in (400, 404), path
        assert "create_app" not in response.text and "root:" not in response.text


def test_errors_show_no_paths_or_traces(client: TestClient, db_path: object) -> None:
    responses = [
        client.get("/api/games/99"),
        client.post("/api/games", json={"game": "nope"}),
        client.post("/api/games/99/moves", json={"move": "0,0", "version": 1}),
    ]
    for response in responses:
        assert str(db_path) not in response.text
        assert "Traceback" not in response.text and ".py" not in response.text
