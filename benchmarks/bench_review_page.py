"""What the review page waits for, through the web app: the first ``/review`` of a finished
game (worked out and stored), the second (read back), and ``/replay`` (every player view
of the game and of the solver's line), with the size of the replay's body.

Games are played by a baseline player on numbered deals, saved in a database of their own
in a temporary folder. Times are wall-clock on this machine.

    python benchmarks/bench_review_page.py                  # both games, deals 0..3, greedy
    python benchmarks/bench_review_page.py --game foursquare --deals 0..9
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench_review import play  # the benchmark beside this one: the same games
from fastapi.testclient import TestClient

from squares.games import GAMES
from squares.web.app import create_app

HOST, PORT = "127.0.0.1", 8417


def timed(client: TestClient, path: str) -> tuple[float, int]:
    start = time.perf_counter()
    answer = client.get(path)
    seconds = time.perf_counter() - start
    if answer.status_code != 200:
        raise SystemExit(f"{path}: {answer.status_code} {answer.text}")
    return seconds, len(answer.content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(GAMES), action="append")
    parser.add_argument("--deals", default="0..3", help="A..B, both ends included")
    parser.add_argument("--player", default="greedy", help="the player whose games are reviewed")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split(".."))
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(db=Path(folder) / "bench.db", host=HOST, port=PORT)
        with TestClient(app, base_url=f"http://{HOST}:{PORT}") as client:
            for game_name in args.game or list(GAMES):
                figures: dict[str, list[float]] = {"first": [], "again": [], "replay": []}
                for deal in range(first, last + 1):
                    moves, resigned = play(game_name, args.player, deal)
                    view = client.post("/api/games", json={"game": game_name, "deal": deal}).json()
                    game_id = view["id"]
                    for move in moves:
                        view = client.post(
                            f"/api/games/{game_id}/moves",
                            json={"move": move, "version": view["version"]},
                        ).json()
                    if resigned:
                        client.post(f"/api/games/{game_id}/resign")
                    worked_out, _size = timed(client, f"/api/games/{game_id}/review")
                    again, _size = timed(client, f"/api/games/{game_id}/review")
                    replay, size = timed(client, f"/api/games/{game_id}/replay")
                    for name, value in zip(figures, (worked_out, again, replay), strict=True):
                        figures[name].append(value)
                    print(
                        f"{game_name} deal {deal}: {len(moves)} moves; review {worked_out:.2f} s, "
                        f"again {again * 1000:.0f} ms; replay {replay * 1000:.0f} ms, "
                        f"{size / 1024:.0f} KiB"
                    )
                means = {name: statistics.mean(values) for name, values in figures.items()}
                print(
                    f"{game_name}: review mean {means['first']:.2f} s, again "
                    f"{means['again'] * 1000:.0f} ms, replay {means['replay'] * 1000:.0f} ms"
                )


if __name__ == "__main__":
    main()
