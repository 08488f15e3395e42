"""Where the server works out a chance of winning: in processes of its own.

A chance is hundreds of playouts, and a playout is the strongest player's choices, much of
them Python between calls of the compiled kernels (Union Square's player is Python
through and through). Run in the server's threads, that Python holds the interpreter's
lock in turns with the threads answering moves: beside 4 chance requests a move took
several times longer than beside 4 processes busy on the same cores
(``benchmarks/bench_moves_beside_chance.py``). In processes of their own the playouts take
the cores but never the lock, and a move waits only for a core.

There are at most one per core, reused for every chance. ``squares serve`` starts the
first as it starts (``start``, in the background: see ``squares.web.warming``); each
process loads (or compiles) the searches before it takes a chance, and another starts only
when a chance is asked while every one is busy. Where nothing started one, the first
chance asked does. They are spawned, not forked: a fork of the threaded server
would copy its locks and its database connection mid-use.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from squares.ai import get_hindsight, prepare
from squares.games import get_game
from squares.review.chance import Chance, from_here

_pool: ProcessPoolExecutor | None = None
_making = threading.Lock()
_ready = threading.Event()
"""Set once ``start`` has its process ready."""
_WORKERS = os.cpu_count() or 1
"""One process per core."""


def _worked_out(game_name: str, state: Any, at: int, resigned: bool, samples: int) -> Chance:
    return from_here(get_game(game_name), state, at, resigned=resigned, samples=samples)


def _serving(server: int, games: tuple[str, ...]) -> None:
    """A playout process leaves Ctrl-C to the server, which ends it as it stops, and ends
    on its own once the server is gone, however it went (killed, it could not say). It
    prepares the searches of ``games`` before it takes any work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    for game in games:
        prepare(game)


def _processes(games: tuple[str, ...] = ()) -> ProcessPoolExecutor:
    global _pool
    with _making:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=_WORKERS,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_serving,
                initargs=(os.getpid(), games),
            )
        return _pool


def start(games: Sequence[str]) -> None:
    """Start one playout process now, preparing the searches of ``games``, and return once
    it is ready (``ready()``): the first chance asked then starts nothing and compiles
    nothing. A chance is one piece of work; another process starts (from the cache the
    first one filled) only when a chance is asked while every process is busy. If none
    can be started now (no file left for its pipes), the first chance starts one."""
    try:
        pool = _processes(tuple(games))
    except OSError:  # no pipe or process to be had now (its files all taken by connections)
        return  # the first chance tries again
    try:
        pool.submit(os.getpid).result()
    except (BrokenProcessPool, OSError):  # killed, or not started: the first chance tries again
        _discard(pool)
        return
    _ready.set()


def ready() -> bool:
    """Whether ``start`` has its playout process started and prepared."""
    return _ready.is_set()


def stop() -> None:
    """End the playout processes (the next chance, or ``start``, starts new ones)."""
    global _pool
    with _making:
        if _pool is not None:
            _pool.shutdown(cancel_futures=True)
            _pool = None
        _ready.clear()


def _discard(pool: ProcessPoolExecutor) -> None:
    """Forget ``pool``, one of whose processes ended abruptly (killed, by hand or for want of
    memory), if it is still the one in use: the next chance starts new processes."""
    global _pool
    with _making:
        if _pool is pool:
            _pool = None
            _ready.clear()
    pool.shutdown(wait=False, cancel_futures=True)


def chance(game_name: str, state: Any, at: int, *, resigned: bool = False) -> Chance:
    """``squares.review.chance.from_here`` for the game ``game_name``, worked out in one of
    the server's playout processes (the same answer: its playouts are seeded by what the
    player sees), over the number of playouts this process sets for the game. Should a
    process of them have been killed, the chance is worked out once more in new ones."""
    samples = get_hindsight(game_name).live_samples
    work = functools.partial(_worked_out, game_name, state, at, resigned, samples)
    pool = _processes()
    try:
        return pool.submit(work).result()
    except BrokenProcessPool:
        _discard(pool)
    return _processes().submit(work).result()
