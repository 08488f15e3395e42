"""What the benchmarks that time one answer per position share: their command line
(``--game``, ``--deals A..B``, ``--player``, ``--no-warm-up``) and the timing of a call
in wall-clock and CPU seconds."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TypeVar

from squares.games import GAMES

T = TypeVar("T")


def deal_arguments(doc: str, deals: str, player_help: str) -> tuple[argparse.Namespace, range]:
    """The parsed command line and its deals, both ends included."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--game", choices=list(GAMES), action="append")
    parser.add_argument("--deals", default=deals, help="A..B, both ends included")
    parser.add_argument("--player", default="greedy", help=player_help)
    parser.add_argument("--no-warm-up", action="store_true")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split(".."))
    if args.game is None:
        args.game = list(GAMES)
    return args, range(first, last + 1)


def timed(call: Callable[[], T]) -> tuple[T, float, float]:
    """``call()``'s result, and the wall-clock and CPU seconds it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu
