"""A keen player's history: 100,000 finished games, stored through the import path, then
the statistics, both charts, the games list and a move timed.

Run on demand: ``python benchmarks/bench_history.py [--games N] [--db PATH]``. Prints
figures only (the goals: the statistics page and its charts under 300 ms together, each
chart under 100 KB, ``squares stats`` under 300 ms, a move as fast as on an empty file).
The games are generated in a few shapes (won, resigned with a score, lost), spread over
five years; the file is kept with ``--db`` to time the commands again by hand.

Schema 4 (every statistic read from the index of finished games, every page of the file
checked at each start) against schema 5 (the finished games summed up by day; a command
that only reads checks the pages it reads), one after the other on copies of one file, on
a shared 2-core machine under load (load average 6 to 9, so the figures are above what an
idle machine gives; the ratios are the point):

=================================  ==========  ==========
median                              schema 4    schema 5
=================================  ==========  ==========
GET /api/stats                        457 ms       26 ms
chart foursquare results              176 ms       48 ms
chart foursquare scores                29 ms       29 ms
chart union-square results            287 ms       44 ms
chart union-square scores              55 ms       56 ms
the page and its four charts       ~1,004 ms      201 ms  (schema 4: the sum of the five)
squares stats                       2,054 ms      210 ms
squares stats --json                2,217 ms      212 ms
squares games --json                8,966 ms    5,112 ms
squares games --limit 20               (new)      195 ms
python start-up and imports           331 ms      151 ms
a move (saved)                       12.0 ms     16.0 ms  (an earlier pair: 20.0 and 21.9)
=================================  ==========  ==========

The charts stay at 49.4, 22.2, 49.4 and 20.7 KB. What schema 5 costs: an import of 5,000
finished games took 9.6 s instead of 5.5 s under heavier load (each game that ends sums
its day again), and the upgrade of this file sums its 100,000 games once (7 s then).
"""

from __future__ import annotations

import argparse
import compileall
import json
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from squares.store import SavedSession, open_db
from squares.store.transfer import import_games, read_import
from squares.web.app import create_app

START = datetime(2021, 1, 1, tzinfo=UTC)


def game_file(index: int) -> dict[str, Any]:
    """One exported game; the kinds cycle so that every statistic has data."""
    began = START + timedelta(minutes=26 * index)
    ended = began + timedelta(minutes=3)
    stamp = {
        "started_at": began.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "finished_at": ended.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
    }
    kind = index % 3
    if kind == 0:  # a Union Square game resigned after a few deals
        moves = ["s"] * (1 + index % 5)
        return {
            "kind": "squares game",
            "format": 1,
            "game": "union-square",
            "deal": index,
            "moves": moves,
            "resigned": True,
            "clock_ms": 60_000 + index % 997,
            **stamp,
        }
    if kind == 1:  # a Foursquare game resigned after the first card
        return {
            "kind": "squares game",
            "format": 1,
            "game": "foursquare",
            "deal": index,
            "moves": ["0,0"],
            "resigned": True,
            "clock_ms": 30_000 + index % 991,
            **stamp,
        }
    return {
        "kind": "squares game",
        "format": 1,
        "game": "union-square",
        "deal": index,
        "moves": [],
        "resigned": True,
        "clock_ms": 1_000,
        "hints_used": True,
        **stamp,
    }


def fill(db_path: Path, count: int) -> float:
    db = open_db(db_path)
    began = time.perf_counter()
    batch = 5_000
    for first in range(0, count, batch):
        text = json.dumps(
            {"kind": "squares games", "format": 1,
             "games": [game_file(i) for i in range(first, min(count, first + batch))]}
        )  # fmt: skip
        import_games(db, read_import(text))
        print(f"  imported {min(count, first + batch):,} games", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    db.close()
    return time.perf_counter() - began


def timed(label: str, action: Any, repeat: int = 5) -> Any:
    times, result = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - began)
    print(f"{label:<38} median {statistics.median(times) * 1000:8.1f} ms")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--db", type=Path, help="keep the database here (default: temporary)")
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    db_path = args.db or Path(folder.name) / "history.db"
    if not db_path.exists():
        seconds = fill(db_path, args.games)
        print(f"import of {args.games:,} games: {seconds:.1f} s")
    size = db_path.stat().st_size
    print(f"database: {size / 1e6:.1f} MB")
    host = "http://127.0.0.1:8417"
    with TestClient(create_app(db=db_path), base_url=host) as client:
        urls = ["/api/stats"] + [
            f"/api/stats/{game}/{chart}.svg"
            for game in ("foursquare", "union-square")
            for chart in ("results", "scores")
        ]
        page = timed("GET /api/stats", lambda: client.get(urls[0]))
        print(f"{'':<38} {len(page.content) / 1000:8.1f} KB")
        for url in urls[1:]:
            label = "chart " + url.removeprefix("/api/stats/").replace("/", " ")
            svg = timed(label.removesuffix(".svg"), lambda url=url: client.get(url))
            print(f"{'':<38} {len(svg.content) / 1000:8.1f} KB")
        timed("  (the page and its four charts)", lambda: [client.get(url) for url in urls])
    # An installed Squares has its modules compiled; without that (PYTHONDONTWRITEBYTECODE)
    # every start would compile them again, which is no part of the command's time.
    compileall.compile_dir(Path(create_app.__code__.co_filename).parents[1], quiet=1)
    commands = (["stats"], ["stats", "--json"], ["games", "--json"], ["games", "--limit", "20"])
    for command in commands:
        timed(
            "squares " + " ".join(command),
            lambda command=command: subprocess.run(
                [sys.executable, "-m", "squares", *command, "--db", str(db_path)],
                stdout=subprocess.DEVNULL, check=True,
            ),
            repeat=3,
        )  # fmt: skip
    timed(
        "  (python start-up and imports alone)",
        lambda: subprocess.run([sys.executable, "-c", "import squares.cli.main"], check=True),
        repeat=3,
    )
    db = open_db(db_path)
    saved = SavedSession.new(db, "foursquare", 7)
    line = iter(["0,0", "0,1", "1,1", "1,0", "-1,0"] * 10)
    timed("a move (saved)", lambda: saved.move(next(line)).undo().redo(), repeat=5)


if __name__ == "__main__":
    main()
