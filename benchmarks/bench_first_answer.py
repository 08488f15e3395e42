"""How long a player waits for the first hint, chance of winning or review after installing.

Each answer is asked in a new Python process whose numba cache (``NUMBA_CACHE_DIR``) is a
new, empty folder, as after an install: the compiled search is built before the first
answer. The same process then asks again (the search compiled), and a second process on
the same folder asks once (a later run of the program, which loads the search from the
cache). These are the figures the terminal game quotes while a player waits
(``squares/tui/waiting.py``). Wall-clock and CPU seconds; on a machine shared with other
work the CPU time is the steadier figure.

    python benchmarks/bench_first_answer.py                         # hint, union-square
    python benchmarks/bench_first_answer.py --game foursquare --answer review
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from squares.games import GAMES

ANSWERS = ("hint", "chance", "review")
DEAL = 3

CHILD = """
import json, sys
sys.path.insert(0, {here!r})
from bench_review import play
from deal_runs import timed
from squares.ai import hint
from squares.games import get_game
from squares.review import compute
from squares.review.chance import from_here

game_name, answer, deal = {game!r}, {answer!r}, {deal}
game = get_game(game_name)
moves, resigned = play(game_name, "greedy", deal)
states = [game.new(deal)]
for move in moves[: len(moves) // 4]:
    states.append(game.apply_text(states[-1], move))


def ask() -> object:
    if answer == "hint":
        return hint(game_name, states)
    if answer == "chance":
        return from_here(game, states[-1], len(states) - 1)
    return compute(game, deal, moves, resigned=resigned)


times = []
for _ in range({asks}):
    _answer, wall, cpu = timed(ask)
    times.append([wall, cpu])
print(json.dumps(times))
"""


def ask_in_a_new_process(game: str, answer: str, cache: Path, asks: int) -> list[list[float]]:
    """(wall, CPU) seconds of each of ``asks`` answers in one new process on ``cache``."""
    code = CHILD.format(
        here=str(Path(__file__).parent), game=game, answer=answer, deal=DEAL, asks=asks
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    times: list[list[float]] = json.loads(done.stdout.splitlines()[-1])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(GAMES), default="union-square")
    parser.add_argument("--answer", choices=ANSWERS, default="hint")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as folder:
        cache = Path(folder)
        (first, again), (later,) = (
            ask_in_a_new_process(args.game, args.answer, cache, 2),
            ask_in_a_new_process(args.game, args.answer, cache, 1),
        )
    print(f"{args.game} {args.answer} (deal {DEAL}), seconds wall / CPU:")
    for label, (wall, cpu) in (
        ("first after install (empty cache)", first),
        ("again, same process", again),
        ("first in a later run (cache kept)", later),
    ):
        print(f"  {label:<36} {wall:7.1f} / {cpu:7.1f}")


if __name__ == "__main__":
    main()
