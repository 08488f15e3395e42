"""A move's round trip over one kept-alive connection to ``squares serve``: median and p95.

Run on demand: ``python benchmarks/bench_keepalive.py [--moves N]``. Starts the server on
loopback with a temporary database, plays moves (a move, then undo, over and over) on one
HTTP/1.1 connection, and prints the times. Before the listening socket was made TCP's own
(so that every accepted connection gets ``TCP_NODELAY``), each answer after the first
waited for the client's delayed ACK: about 40 ms a request on Linux.
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
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--port", type=int, default=18517)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-m", "squares", "serve", "--no-browser", "--port",
             str(args.port), "--db", str(Path(folder) / "bench.db")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "LANG": "C.UTF-8"},
        )  # fmt: skip
        assert server.stdout is not None
        port = None
        for line in server.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
                break
        try:
            assert port, "the server did not start"
            connection = http.client.HTTPConnection("127.0.0.1", port)
            headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}

            def post(path: str, body: object) -> dict[str, object]:
                connection.request("POST", path, json.dumps(body), headers)
                answer = connection.getresponse()
                data: dict[str, object] = json.loads(answer.read())
                assert answer.status in (200, 201), data
                return data

            view = post("/api/games", {"game": "union-square", "deal": 7})
            game, version = view["id"], view["version"]
            times = []
            for index in range(args.moves):
                path, body = (
                    (f"/api/games/{game}/moves", {"move": "s", "version": version})
                    if index % 2 == 0
                    else (f"/api/games/{game}/undo", {"version": version})
                )
                began = time.perf_counter()
                version = post(path, body)["version"]
                times.append(time.perf_counter() - began)
            connection.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{len(times)} requests on one kept-alive connection (a move, then undo, ...)")
    print(f"median {statistics.median(times) * 1000:.2f} ms   p95 {p95 * 1000:.2f} ms")


if __name__ == "__main__":
    main()
