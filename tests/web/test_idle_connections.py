"""Connections that send nothing, or almost nothing, cannot keep the server from answering:
they are closed after a while, at most so many are held, and the terminal is told once."""

from __future__ import annotations

import http.client
import json
import resource
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from squares.web import connections
from tests.e2e.served import AppServer, ServerLoop, serve_process

FILES = 160  # the server's file limit: ulimit -n 160
IDLE = 300  # connections that never send a byte: more than the server may open
SOON = "import squares.web.connections as c; c.REQUEST_SECONDS = 1"
"""The server's time for a request's headers: a second, not 10, as the held connections'
end is what the test waits for."""


def get_info(port: int) -> int:
    """The status of a plain request on a new connection (a long timeout: a liveness guard)."""
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        client.request("GET", "/api/info", headers={"Host": f"127.0.0.1:{port}"})
        return client.getresponse().status
    finally:
        client.close()


def closed_by_server(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.fixture
def low_file_limit_server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))

    process, port = serve_process(
        tmp_path / "games.db", SOON, stderr=subprocess.PIPE, preexec_fn=limit
    )
    yield process, port
    process.terminate()
    process.wait(timeout=30)


def test_idle_connections_past_the_file_limit_leave_requests_answered(
    low_file_limit_server: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = low_file_limit_server
    idle = []
    for _ in range(IDLE):
        sock = socket.socket()
        sock.connect(("127.0.0.1", port))
        idle.append(sock)
    try:
        assert get_info(port) == 200  # while all of them are still open on this side
        assert get_info(port) == 200
        # and each is closed by the server: for a new one, or after its time to send
        assert all(closed_by_server(sock, 60) for sock in idle)
    finally:
        for sock in idle:
            sock.close()
    process.terminate()
    _out, err = process.communicate(timeout=30)
    assert err.count("connections were open at once") == 1, err[-2000:]
    assert "Traceback" not in err and len(err) < 2000


@pytest.fixture
def quick_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppServer]:
    monkeypatch.setattr(connections, "REQUEST_SECONDS", 0.3)
    loop = ServerLoop()
    server = AppServer(db=tmp_path / "games.db", loop=loop)
    server.start()
    yield server
    server.stop()
    loop.close()


def test_a_connection_that_sends_nothing_is_closed(quick_server: AppServer) -> None:
    with socket.create_connection(("127.0.0.1", quick_server.port)) as sock:
        assert closed_by_server(sock, 30)


def test_a_request_sent_a_byte_at_a_time_too_slowly_is_closed(quick_server: AppServer) -> None:
    request = f"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:{quick_server.port}\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", quick_server.port)) as sock:
        sent = 0
        try:
            for byte in request[:-1]:
                sock.sendall(bytes([byte]))
                sent += 1
                time.sleep(0.05)
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert sent < len(request) - 1 or closed_by_server(sock, 30)


def test_a_request_in_time_is_answered_and_the_connection_kept(quick_server: AppServer) -> None:
    client = http.client.HTTPConnection("127.0.0.1", quick_server.port, timeout=30)
    headers = {"Host": f"127.0.0.1:{quick_server.port}"}
    for _ in range(3):
        client.request("GET", "/api/info", headers=headers)
        answer = client.getresponse()
        assert answer.status == 200 and json.loads(answer.read())["games"]
    client.close()
