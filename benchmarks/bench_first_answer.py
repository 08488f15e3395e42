"""How long a player waits for the first hint, chance of winning or review after installing.

Each face is measured from a new, empty numba cache folder (``NUMBA_CACHE_DIR``), as after
an install, in a new process:

- ``--face script`` (the default): the answer asked at once, with no warm-up before it, as
  ``squares review`` or a script using the package asks it; the compiled search is built
  before the first answer. The same process then asks again (the search compiled), and a
  second process on the same folder asks once (a later run, which loads the cache).
- ``--face terminal``: the terminal game and the line mode (``squares tui``, ``squares
  play``), which start the game's warm-up as they start (``squares.ai.warm_up``): the
  warm-up, then the first hint, chance and review once it is done, each worked out in the
  player's process; then the same in a later run (cache kept).
- ``--face web``: ``squares serve``, which prepares both games' searches and its playout
  processes as it starts (``squares.web.warming``): the warm-up until the page is told it
  is ready, then each game's first hint, chance and review over HTTP
  (``first_answer_web.py``).

The ``script`` figures are those the terminal game quotes while a player waits
(``squares/tui/answers.py``). Wall-clock and CPU seconds; on a machine shared with other
work the CPU time is the steadier figure.

    python benchmarks/bench_first_answer.py                         # hint, union-square
    python benchmarks/bench_first_answer.py --game foursquare --answer review
    python benchmarks/bench_first_answer.py --face terminal --game union-square
    python benchmarks/bench_first_answer.py --face web
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import first_answer_web

from squares.games import GAMES

ANSWERS = ("hint", "chance", "review")
DEAL = 3

CHILD = """
import json, sys
sys.path.insert(0, {here!r})
from bench_review import play
from deal_runs import timed
from squares.ai import hint, prepare
from squares.games import get_game
from squares.review import compute
from squares.review.chance import from_here

game_name, answers, deal, warm = {game!r}, {answers!r}, {deal}, {warm!r}
game = get_game(game_name)
moves, resigned = play(game_name, "greedy", deal)
states = [game.new(deal)]
for move in moves[: len(moves) // 4]:
    states.append(game.apply_text(states[-1], move))


def ask(answer: str) -> object:
    if answer == "hint":
        return hint(game_name, states)
    if answer == "chance":
        return from_here(game, states[-1], len(states) - 1)
    return compute(game, deal, moves, resigned=resigned)


times = {{}}
if warm:
    times["warm-up"] = [list(timed(lambda: prepare(game_name))[1:])]
for answer in answers:
    times[answer] = [list(timed(lambda: ask(answer))[1:]) for _ in range({asks})]
print(json.dumps(times))
"""


def ask_in_a_new_process(
    game: str, answers: tuple[str, ...], cache: Path, asks: int, warm: bool = False
) -> dict[str, list[list[float]]]:
    """(wall, CPU) seconds of each of ``asks`` of each answer in one new process on
    ``cache``, after the warm-up (its own figures, "warm-up") if ``warm``."""
    code = CHILD.format(
        here=str(Path(__file__).parent), game=game, answers=answers, deal=DEAL, asks=asks,
        warm=warm,
    )  # fmt: skip
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    times: dict[str, list[list[float]]] = json.loads(done.stdout.splitlines()[-1])
    return times


def show(label: str, wall: float, cpu: float) -> None:
    print(f"  {label:<44} {wall:7.1f} / {cpu:7.1f}")


def script(game: str, answer: str, cache: Path) -> None:
    (first, again), (later,) = (
        ask_in_a_new_process(game, (answer,), cache, 2)[answer],
        ask_in_a_new_process(game, (answer,), cache, 1)[answer],
    )
    print(f"{game} {answer} asked at once (deal {DEAL}), seconds wall / CPU:")
    show("first after install (empty cache)", *first)
    show("again, same process", *again)
    show("first in a later run (cache kept)", *later)


def terminal(game: str, cache: Path) -> None:
    print(f"{game}, the terminal game's warm-up, then each answer (deal {DEAL}), wall / CPU:")
    for run in ("after install (empty cache)", "in a later run (cache kept)"):
        times = ask_in_a_new_process(game, ANSWERS, cache, 1, warm=True)
        for answer, ((wall, cpu),) in times.items():
            show(f"{answer}, {run}", wall, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--face", choices=("script", "terminal", "web"), default="script")
    parser.add_argument("--game", choices=list(GAMES), default="union-square")
    parser.add_argument("--answer", choices=ANSWERS, default="hint", help="--face script's")
    args = parser.parse_args()
    if args.face == "web":
        first_answer_web.main(DEAL)
        return
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as folder:
        if args.face == "script":
            script(args.game, args.answer, Path(folder))
        else:
            terminal(args.game, Path(folder))


if __name__ == "__main__":
    main()
