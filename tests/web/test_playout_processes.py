"""The server's playout processes (``squares.web.playouts``) end with the server, however
it ends: stopped with Ctrl-C or SIGTERM, or killed without a word."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.e2e.served import serve_process

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")


def children(pid: int) -> set[int]:
    found = set()
    for thread in Path(f"/proc/{pid}/task").iterdir():
        text = (thread / "children").read_text().split()
        found |= {int(child) for child in text}
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def served_with_a_chance(tmp_path: Path) -> tuple[subprocess.Popen[str], set[int]]:
    """``squares serve`` in a process group of its own, once it has worked out a chance."""
    server, port = serve_process(tmp_path / "games.db", start_new_session=True)
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
    client.request("POST", "/api/games", json.dumps({"game": "union-square", "deal": 3}), headers)
    game = json.loads(client.getresponse().read())["id"]
    client.request("POST", f"/api/games/{game}/chance", "{}", headers)
    answer = client.getresponse()
    assert answer.status == 200, answer.read()
    answer.read()
    client.close()
    playouts = children(server.pid)
    assert playouts, "the chance was worked out in a process of the server's"
    return server, playouts


def gone_soon(pids: set[int]) -> bool:
    deadline = time.monotonic() + 60  # a liveness bound, not a speed
    while time.monotonic() < deadline:
        if not any(alive(pid) for pid in pids):
            return True
        time.sleep(0.2)
    return False


# The three tests that end a real server are ``long`` (out of the fast loop, started
# first): each starts ``squares serve`` and works out a chance in its processes, 2 to 3 s
# of CPU, for a shutdown that everyday edits leave alone.
@pytest.mark.long
def test_the_playout_processes_end_when_the_server_is_killed(tmp_path: Path) -> None:
    server, playouts = served_with_a_chance(tmp_path)
    server.kill()
    server.wait(timeout=30)
    assert gone_soon(playouts)


@pytest.mark.long
def test_ctrl_c_stops_the_server_and_its_playouts_without_a_traceback(tmp_path: Path) -> None:
    server, playouts = served_with_a_chance(tmp_path)
    os.killpg(server.pid, signal.SIGINT)  # as the terminal sends it: to the whole group
    out, _err = server.communicate(timeout=60)
    assert "Traceback" not in out and "KeyboardInterrupt" not in out
    assert gone_soon(playouts)


@pytest.mark.long
def test_sigterm_stops_the_server_as_ctrl_c_does(tmp_path: Path) -> None:
    server, playouts = served_with_a_chance(tmp_path)
    server.terminate()  # SIGTERM, to the server alone: kill, or a service manager
    out, _err = server.communicate(timeout=60)
    assert server.returncode == 0, out
    assert "Stopped." in out
    assert "Traceback" not in out and "leaked" not in out
    assert gone_soon(playouts)


def test_a_server_with_no_file_left_for_its_chance_process_starts_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With its file limit taken by connections as it starts, the server cannot open the
    pipes of the chance's process: that start is left to the first chance, and says nothing."""
    from squares.web import playouts

    def no_files_left(games: tuple[str, ...] = ()) -> object:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(playouts, "_processes", no_files_left)
    playouts.start(("foursquare",))  # raised OSError before, a traceback in the warm-up
    assert not playouts.ready()
