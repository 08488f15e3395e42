"""A move's round trip to ``squares serve`` alone, beside 4 "chance of winning" requests, and
beside 4 CPU-bound processes: median and p95, and their ratios to the move alone.

    python benchmarks/bench_moves_beside_chance.py                  # this tree
    python benchmarks/bench_moves_beside_chance.py --before HEAD~3  # and an older commit

Each server runs on loopback over a temporary database. The moves (a legal move of one game,
then undo, over and over) go on one kept-alive connection while 4 clients ask the chance
of winning of a game of the other (``--chance-game``, Union Square unless told), each as
soon as its last answer came. With ``--before``,
the package of that commit (``git archive``) is served too, and the two are measured in
turns, so that both see the same load from the rest of the machine; the ratio of their
medians beside the chance requests is the figure to compare. Its compiled code is kept
in ``NUMBA_CACHE_DIR`` (a folder of the temporary directory), so only its first run
compiles it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHANCE_CLIENTS = 4
GAMES = ("foursquare", "union-square")


class Served:
    """A ``squares serve`` process and the moves measured on it."""

    def __init__(self, label: str, pythonpath: Path, folder: Path) -> None:
        self.label = label
        env = {**os.environ, "LANG": "C.UTF-8", "PYTHONPATH": str(pythonpath)}
        if pythonpath != ROOT:
            env["NUMBA_CACHE_DIR"] = str(Path(tempfile.gettempdir()) / "squares-bench-numba")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "squares", "serve", "--no-browser", "--port", "18611",
             "--db", str(folder / f"{label}.db")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=folder,
        )  # fmt: skip
        assert self.process.stdout is not None
        for line in self.process.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                self.port = int(found.group(1))
                break
        else:
            raise SystemExit(f"{label}: the server did not start")
        stdout = self.process.stdout  # read on, so that the server never waits on a full pipe
        threading.Thread(target=lambda: all(stdout), daemon=True).start()
        self.times: dict[str, list[float]] = {}
        self.answers: dict[int, int] = {}  # how many answers of each status
        self.chance_times: list[float] = []  # each chance request's round trip

    def post(self, connection: http.client.HTTPConnection, path: str, body: object) -> Any:
        headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{self.port}"}
        connection.request("POST", path, json.dumps(body), headers)
        answer = connection.getresponse()
        self.answers[answer.status] = self.answers.get(answer.status, 0) + 1
        return json.loads(answer.read())

    def moves(self, game_name: str, phase: str, count: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        view = self.post(connection, "/api/games", {"game": game_name, "deal": 7})
        game, version, move = view["id"], view["version"], view["legal"][0]
        times = self.times.setdefault(phase, [])
        for index in range(count):
            path, body = (
                (f"/api/games/{game}/moves", {"move": move, "version": version})
                if index % 2 == 0
                else (f"/api/games/{game}/undo", {"version": version})
            )
            began = time.perf_counter()
            version = self.post(connection, path, body)["version"]
            times.append(time.perf_counter() - began)
        connection.close()

    @contextmanager
    def chances(self, game_name: str) -> Iterator[None]:
        """``CHANCE_CLIENTS`` clients asking the chance of one game without a pause."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        game = self.post(connection, "/api/games", {"game": game_name, "deal": 11})["id"]
        connection.close()
        stop = threading.Event()
        answered = threading.Semaphore(0)

        def ask() -> None:
            mine = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
            while not stop.is_set():
                began = time.perf_counter()
                self.post(mine, f"/api/games/{game}/chance", {})
                self.chance_times.append(time.perf_counter() - began)
                answered.release()
            mine.close()

        threads = [threading.Thread(target=ask) for _ in range(CHANCE_CLIENTS)]
        for thread in threads:
            thread.start()
        for _ in range(CHANCE_CLIENTS):  # under way, and past any start-up of their own
            answered.acquire()
        try:
            yield
        finally:
            stop.set()
            for thread in threads:
                thread.join()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


@contextmanager
def busy_processes() -> Iterator[None]:
    """``CHANCE_CLIENTS`` processes spinning on the CPU (the machine's load, without the GIL)."""
    spin = "import time\nend = time.time() + 600\nwhile time.time() < end: pass"
    processes = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(CHANCE_CLIENTS)]
    try:
        yield
    finally:
        for process in processes:
            process.kill()
            process.wait()


def export(commit: str, folder: Path) -> Path:
    """The ``squares`` package of ``commit``, written into ``folder``."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "squares"], cwd=ROOT, check=True,
        capture_output=True,
    ).stdout  # fmt: skip
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100, help="moves a phase (default 100)")
    parser.add_argument("--rounds", type=int, default=2, help="turns of each phase")
    parser.add_argument("--before", metavar="COMMIT", help="serve that commit's package too")
    parser.add_argument(
        "--chance-game", choices=GAMES, default="union-square", help="the game asked its chance"
    )
    args = parser.parse_args()
    moved = next(game for game in GAMES if game != args.chance_game)  # its own game
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        servers = [Served("this tree", ROOT, folder)]
        if args.before:
            old = export(args.before, folder / "before")
            servers.insert(0, Served(f"at {args.before}", old, folder))
        try:
            for _ in range(args.rounds):
                for server in servers:
                    server.moves(moved, "alone", args.moves)
                    with server.chances(args.chance_game):
                        server.moves(moved, "beside 4 chance requests", args.moves)
                    with busy_processes():
                        server.moves(moved, "beside 4 busy processes", args.moves)
        finally:
            for server in servers:
                server.stop()
    print(f"{args.rounds} x {args.moves} moves a phase, each on one kept-alive connection")
    for server in servers:
        alone = summary(server.times["alone"])[0]
        for phase, times in server.times.items():
            median, p95 = summary(times)
            print(
                f"{server.label:>16}  {phase:<26} median {median:7.2f} ms  p95 {p95:7.2f} ms"
                f"  ({median / alone:5.1f} x alone)"
            )
        chance, chance_p95 = summary(server.chance_times)
        print(
            f"{server.label:>16}  a chance request (4 at once): median {chance:7.0f} ms  "
            f"p95 {chance_p95:7.0f} ms; answers by status: {server.answers}"
        )
    if len(servers) == 2:
        before, after = (summary(s.times["beside 4 chance requests"])[0] for s in servers)
        print(f"beside 4 chance requests, this tree's median is {before / after:.1f} x faster")


if __name__ == "__main__":
    main()
