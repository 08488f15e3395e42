"""What the browser tests need beyond the Python packages: a Chromium, and axe-core.

A Chromium on the machine is preferred (``SQUARES_CHROMIUM``, then the usual names on the
PATH, e.g. Debian's ``chromium``); otherwise Playwright's own download is used.
axe-core (the accessibility checker the audit injects into each page) comes from the npm
registry into ``tests/e2e/.axe/`` (not committed), pinned to ``AXE_VERSION``.
``python -m tests.e2e.browser`` gets both; without npm it fails and says so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
AXE_VERSION = "4.14.1"
AXE_HOME = Path(__file__).parent / ".axe"
AXE_SCRIPT = AXE_HOME / "node_modules" / "axe-core" / "axe.min.js"


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


def axe_installed() -> bool:
    """Whether axe-core ``AXE_VERSION`` is where the audit reads it."""
    manifest = AXE_SCRIPT.parent / "package.json"
    if not AXE_SCRIPT.is_file() or not manifest.is_file():
        return False
    return bool(json.loads(manifest.read_text()).get("version") == AXE_VERSION)


def install_axe() -> int:
    """axe-core from the npm registry into ``AXE_HOME``; 0 on success."""
    if axe_installed():
        print(f"axe-core {AXE_VERSION} is in {AXE_HOME.name}/")
        return 0
    npm = shutil.which("npm")
    if npm is None:
        print(
            "npm is not installed: the accessibility audit needs axe-core from the npm "
            "registry (install npm, e.g. Debian's package npm, then run this again)",
            file=sys.stderr,
        )
        return 1
    AXE_HOME.mkdir(exist_ok=True)
    code = subprocess.call(
        [
            npm,
            "install",
            "--prefix",
            str(AXE_HOME),
            "--no-save",
            "--no-package-lock",
            "--no-audit",
            "--no-fund",
            f"axe-core@{AXE_VERSION}",
        ]
    )
    if code == 0 and not axe_installed():
        print(f"npm ran, but {AXE_SCRIPT} is missing", file=sys.stderr)
        return 1
    return code


def main() -> int:
    found = system_chromium()
    if found:
        print(f"browser tests will use {found}")
    else:
        print("no Chromium on this machine: fetching Playwright's own")
        code = subprocess.call([sys.executable, "-m", "playwright", "install", "chromium"])
        if code:
            return code
    return install_axe()


if __name__ == "__main__":
    sys.exit(main())
