"""Where the server works out a chance of winning: in processes of its own.

A chance is hundreds of playouts, and a playout is the strongest player's choices, much of
them Python between calls of the compiled kernels (Union Square's player is Python
through and through). Run in the server's threads, that Python holds the interpreter's
lock in turns with the threads answering moves: beside 4 chance requests a move took
several times longer than beside 4 processes busy on the same cores
(``benchmarks/bench_moves_beside_chance.py``). In processes of their own the playouts take
the cores but never the lock, and a move waits only for a core.

The processes start with the first chance asked (each loads the package and the compiled
searches, a second or two), one per core, and are reused for every chance after it. They
are spawned, not forked: a fork of the threaded server would copy its locks and its
database connection mid-use.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from squares.ai import get_hindsight
from squares.games import get_game
from squares.review.chance import Chance, from_here

_pool: ProcessPoolExecutor | None = None
_making = threading.Lock()


def _worked_out(game_name: str, state: Any, at: int, resigned: bool, samples: int) -> Chance:
    return from_here(get_game(game_name), state, at, resigned=resigned, samples=samples)


def _processes() -> ProcessPoolExecutor:
    global _pool
    with _making:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=os.cpu_count() or 1, mp_context=multiprocessing.get_context("spawn")
            )
        return _pool


def chance(game_name: str, state: Any, at: int, *, resigned: bool = False) -> Chance:
    """``squares.review.chance.from_here`` for the game ``game_name``, worked out in one of
    the server's playout processes (the same answer: its playouts are seeded by what the
    player sees), over the number of playouts this process sets for the game."""
    samples = get_hindsight(game_name).live_samples
    return _processes().submit(_worked_out, game_name, state, at, resigned, samples).result()
