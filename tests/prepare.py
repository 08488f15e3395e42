"""What the suite needs before it runs, got by ``python -m tests.prepare``.

- The browser tests' Chromium and axe-core (``tests.e2e.browser``); without them it fails
  and says why.
- numba's machine code of both games' searches, in numba's cache for every test worker.
  Compiling it from nothing takes about a minute of CPU, once per copy of the code; it is
  done here in four processes at once (``PARTS``), so that it takes the time of the
  longest part, and no test worker compiles it again while the suite runs. With the cache
  filled already, this takes a few seconds.
"""

from __future__ import annotations

import subprocess
import sys
import time

from squares.ai import foursquare, union_square
from tests.e2e import browser

PARTS = {
    "foursquare-players": foursquare.warm_up_players,
    "foursquare-solver": foursquare.warm_up_solver,
    "union-square-paths": union_square.warm_up_paths,
    "union-square-classes": union_square.warm_up_classes,
}
"""The compiled code the suite runs, in parts that compile little of the same code."""


def compile_searches() -> int:
    """Run each part in a process of its own, all at once; the exit code of the first
    that failed, else 0."""
    started = time.monotonic()
    running = [
        subprocess.Popen([sys.executable, "-m", "tests.prepare", "--compile", part])
        for part in PARTS
    ]
    codes = [process.wait() for process in running]
    print(f"the searches compiled (or were in numba's cache): {time.monotonic() - started:.0f} s")
    return next((code for code in codes if code != 0), 0)


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--compile" and argv[1] in PARTS:
        PARTS[argv[1]]()
        return 0
    return browser.main() or compile_searches()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
