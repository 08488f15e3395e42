from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable

import pytest

from squares.cli.main import main

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def squares() -> Run:
    """Run the ``squares`` command in a real process, as a user or a script would."""

    def run(
        *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        environ.update(env or {})
        return subprocess.run(
            [sys.executable, "-m", "squares", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=environ,
            timeout=120,
            encoding="utf-8",
        )

    return run


@pytest.fixture
def squares_here(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """Run the command line in this process: the same ``main``, ten times faster to start.

    Take it for what the command says and saves; take ``squares`` (a real process) where
    the process itself is what is checked: its exit status as a shell sees it, real pipes,
    the interpreter's own start-up, signals. ``env`` is set for this test from then on.
    """

    def run(
        *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        capsys.readouterr()
        for name, value in (env or {}).items():
            monkeypatch.setenv(name, value)
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            code = main(list(args))
        except SystemExit as exit:  # argparse's usage errors
            code = exit.code if isinstance(exit.code, int) else 2
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["squares", *args], code, out, err)

    return run
