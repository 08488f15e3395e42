from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def squares() -> Run:
    """Run the ``squares`` command in a real process, as a user or a script would."""

    def run(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        environ.update(env or {})
        return subprocess.run(
            [sys.executable, "-m", "squares", *args], input=stdin, capture_output=True,
            text=True, env=environ, timeout=120, encoding="utf-8",
        )

    return run
