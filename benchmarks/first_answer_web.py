"""The first answers of ``squares serve`` after installing: how long its warm-up takes from
an empty numba cache, and then each first hint, chance of winning and review over HTTP.

Used by ``bench_first_answer.py --face web``: the server runs in a process of its own on a
new, empty cache folder (``NUMBA_CACHE_DIR``) and database; the warm-up is waited for as
the page does (``GET /api/warm-up`` until ready), then each answer is asked as the page
asks it, for each game. CPU seconds are the server's and its playout processes'.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_review import play

from squares.games import GAMES, Status, get_game

HOST = "127.0.0.1"


class Served:
    """``squares serve`` on a free port, its numba cache in ``cache``."""

    def __init__(self, folder: Path, cache: Path) -> None:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
        with socket.socket() as sock:
            sock.bind((HOST, 0))
            self.port: int = sock.getsockname()[1]
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "squares", "serve", "--no-browser", "--port", str(self.port),
             "--db", str(folder / "games.db")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )  # fmt: skip

    def up(self) -> None:
        """Return once the server answers."""
        while True:
            try:
                self.ask("GET", "/api/info")
                return
            except OSError:
                time.sleep(0.1)

    def ask(self, method: str, path: str, body: object = None) -> Any:
        client = http.client.HTTPConnection(HOST, self.port, timeout=600)
        headers = {"Content-Type": "application/json", "Host": f"{HOST}:{self.port}"}
        client.request(method, path, None if body is None else json.dumps(body), headers)
        answer = client.getresponse()
        data = json.loads(answer.read())
        client.close()
        assert answer.status < 300, data
        return data

    def cpu(self) -> float:
        """CPU seconds of the server and every process it started, so far (from /proc)."""
        return sum(_cpu(pid) for pid in _tree(self.process.pid))

    def timed(self, method: str, path: str, body: object = None) -> tuple[Any, float, float]:
        wall, cpu = time.perf_counter(), self.cpu()
        answer = self.ask(method, path, body)
        return answer, time.perf_counter() - wall, self.cpu() - cpu

    def stop(self) -> None:
        for pid in _tree(self.process.pid)[1:]:
            os.kill(pid, signal.SIGKILL)
        self.process.kill()
        self.process.wait()


def _tree(pid: int) -> list[int]:
    """``pid`` and every process beneath it."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
        for child in children:
            found += _tree(int(child))
    return found


def _cpu(pid: int) -> float:
    """User and system CPU seconds of the process ``pid``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def warmed(served: Served) -> tuple[float, float]:
    """Wall and CPU seconds from the server's start until it says it is ready."""
    served.up()
    while not served.ask("GET", "/api/warm-up")["ready"]:
        time.sleep(0.2)
    return time.perf_counter() - served.started, served.cpu()


def first_answers(served: Served, game_name: str, deal: int) -> list[tuple[str, float, float]]:
    """(answer, wall, CPU) of the first hint, chance and review of ``game_name``."""
    moves, resigned = play(game_name, "greedy", deal)
    view = served.ask("POST", "/api/games", {"game": game_name, "deal": deal})
    game_id = view["id"]
    for move in moves[: len(moves) // 4]:
        view = served.ask(
            "POST", f"/api/games/{game_id}/moves", {"move": move, "version": view["version"]}
        )
    figures = []
    for answer in ("hint", "chance"):
        body, wall, cpu = served.timed(
            "POST", f"/api/games/{game_id}/{answer}", {"version": view["version"]}
        )
        view = body["view"]  # a hint or a chance is noted on the game: a new version
        figures.append((answer, wall, cpu))
    for move in moves[len(moves) // 4 :]:
        view = served.ask(
            "POST", f"/api/games/{game_id}/moves", {"move": move, "version": view["version"]}
        )
    if resigned or view["status"] == Status.PLAYING.value:
        served.ask("POST", f"/api/games/{game_id}/resign", {"version": view["version"]})
    _body, wall, cpu = served.timed("GET", f"/api/games/{game_id}/review")
    figures.append(("review", wall, cpu))
    return figures


def main(deal: int) -> None:
    for name in GAMES:
        get_game(name)  # the games load before the clock starts
    with tempfile.TemporaryDirectory(prefix="first-answer-web-") as folder:
        cache = Path(folder) / "numba-cache"
        cache.mkdir()
        served = Served(Path(folder), cache)
        try:
            wall, cpu = warmed(served)
            print(f"squares serve, deal {deal}, seconds wall / CPU (server and its processes):")
            print(f"  {'warm-up from an empty cache':<44} {wall:7.1f} / {cpu:7.1f}")
            for game_name in GAMES:
                for answer, wall, cpu in first_answers(served, game_name, deal):
                    label = f"{game_name} first {answer} once ready"
                    print(f"  {label:<44} {wall:7.1f} / {cpu:7.1f}")
        finally:
            served.stop()
