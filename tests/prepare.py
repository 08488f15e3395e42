"""What the suite needs before it runs, got by ``python -m tests.prepare``.

- The browser tests' Chromium and axe-core (``tests.e2e.browser``); without them it fails
  and says why.
- numba's machine code of both games' searches. Compiling it from nothing takes about
  20 seconds of one core; it starts here in a process of its own, which runs on while the
  lint and type checks that come next use one core, and leaves the code in numba's cache
  for every test worker. Should the suite start first, a worker compiles what it needs
  itself, as it would without this.
"""

from __future__ import annotations

import subprocess
import sys

from tests.e2e import browser


def compile_searches() -> None:
    """Run each compiled search once: its machine code then lies in numba's cache."""
    from squares.ai import foursquare, union_square
    from squares.ai.foursquare.solver import WholeDealSolver
    from squares.games.foursquare import Foursquare

    union_square.warm_up()
    foursquare.warm_up()
    WholeDealSolver().solve(Foursquare().new(2), max_nodes=2000)


def compile_in_background() -> None:
    """Start ``compile_searches`` in a detached process (its output goes nowhere)."""
    subprocess.Popen(
        [sys.executable, "-m", "tests.prepare", "--compile"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    print("compiling the searches in the background")


def main(argv: list[str]) -> int:
    if argv == ["--compile"]:
        compile_searches()
        return 0
    code = browser.main()
    if code == 0:
        compile_in_background()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
