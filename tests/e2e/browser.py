"""Which Chromium the browser tests drive, and getting one if the machine has none.

A Chromium on the machine is preferred (``SQUARES_CHROMIUM``, then the usual names on the
PATH, e.g. Debian's ``chromium``); otherwise Playwright's own download is used.
``python -m tests.e2e.browser`` fetches that download only when no Chromium is found.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def system_chromium() -> str | None:
    """The path of a Chromium installed on this machine, or None."""
    chosen = os.environ.get("SQUARES_CHROMIUM")
    if chosen:
        return shutil.which(chosen)
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def main() -> int:
    found = system_chromium()
    if found:
        print(f"browser tests will use {found}")
        return 0
    print("no Chromium on this machine: fetching Playwright's own")
    return subprocess.call([sys.executable, "-m", "playwright", "install", "chromium"])


if __name__ == "__main__":
    sys.exit(main())
