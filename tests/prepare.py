"""What the suite needs before it runs, got by ``python -m tests.prepare``.

- The browser tests' Chromium and axe-core (``tests.e2e.browser``); without them it fails
  and says why.
- numba's machine code of both games' searches. Compiling it from nothing takes about a
  minute of CPU; it starts here in two processes of their own (one per game), which run on
  while the lint and type checks that come next use one core, and leave the code in numba's
  cache for every test worker. While they run they hold a lock (``COMPILING``): a test
  worker that would compile a function meanwhile waits for them instead, then reads the
  function from the cache (``tests.compiling``), so no code is compiled twice.
"""

from __future__ import annotations

import fcntl
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.e2e import browser

ROOT = Path(__file__).resolve().parents[1]
COMPILING = (
    Path(tempfile.gettempdir())
    / f"squares-compiling-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]}.lock"
)
"""The lock the compiling processes of this copy of the code hold while they run."""

PARTS = ("foursquare", "union-square")


def compile_searches(part: str) -> None:
    """Run the compiled searches of one game once: their machine code then lies in numba's
    cache."""
    if part == "foursquare":
        from squares.ai import foursquare
        from squares.ai.foursquare.solver import WholeDealSolver
        from squares.games.foursquare import Foursquare

        foursquare.warm_up()
        WholeDealSolver().solve(Foursquare().new(2), max_nodes=2000)
    else:
        from squares.ai import union_square

        union_square.warm_up()


def compile_in_background() -> None:
    """Start ``compile_searches`` for each game in a detached process (its output goes
    nowhere), which holds ``COMPILING`` until it ends: the lock is taken here and handed
    to both, so it is held from now until the last of them ends."""
    with COMPILING.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for part in PARTS:
            subprocess.Popen(
                [sys.executable, "-m", "tests.prepare", "--compile", part],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                pass_fds=(lock.fileno(),),
                cwd=ROOT,
            )
    print("compiling the searches in the background")


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--compile" and argv[1] in PARTS:
        compile_searches(argv[1])
        return 0
    code = browser.main()
    if code == 0:
        compile_in_background()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
