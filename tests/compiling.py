"""A test worker waits for the compiling processes of ``tests.prepare`` rather than compile
what they are compiling: the first time a worker would compile a numba function, it waits
(at most ``PATIENCE`` seconds) until no process holds ``tests.prepare.COMPILING``, then
goes on, and numba finds the function in its cache. Without numba, or with no compiling
process running, nothing changes."""

from __future__ import annotations

import fcntl
import time
from typing import Any

from tests.prepare import COMPILING

PATIENCE = 300.0
"""The longest a worker waits, in seconds: past it, the worker compiles for itself."""


def wait_for_compiling(patience: float = PATIENCE) -> bool:
    """Wait until no process holds ``COMPILING``; whether none did by the end."""
    try:
        lock = COMPILING.open()
    except OSError:
        return True  # never taken: nothing compiles
    with lock:
        give_up = time.monotonic() + patience
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() > give_up:
                    return False
                time.sleep(0.1)
            else:
                fcntl.flock(lock, fcntl.LOCK_UN)
                return True


def wait_before_compiling() -> None:
    """Make numba's first compile in this process wait for ``wait_for_compiling``."""
    try:
        from numba.core.dispatcher import Dispatcher
    except ImportError:  # pragma: no cover - numba has wheels for every supported Python
        return
    compile_one = Dispatcher.compile
    waited = False

    def compile_after_waiting(self: Any, sig: Any) -> Any:
        nonlocal waited
        if not waited:
            waited = True
            wait_for_compiling()
        return compile_one(self, sig)

    Dispatcher.compile = compile_after_waiting  # type: ignore[method-assign]
