"""A real ``squares survey`` killed with SIGKILL midway loses no row it wrote, and run
again it ends with the rows of a run never interrupted, none counted twice."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.survey.conftest import GAME, NODES, rows_of

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

DEALS = "0..29"
ARGS = ("--deals", DEALS, "--players", "greedy,builder", "--max-nodes", NODES, "--no-solver")
TIMEOUT = 60.0


def count(path: Path) -> int:
    try:
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
            (n,) = conn.execute("SELECT count(*) FROM results").fetchone()
            return int(n)
    except sqlite3.Error:  # not made yet, or its tables not yet
        return 0


@pytest.mark.long
def test_a_survey_killed_midway_then_run_again_has_every_row_once(
    squares_here: Run, tmp_path: Path
) -> None:
    killed, whole = tmp_path / "killed.sqlite", tmp_path / "whole.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "squares", "survey", GAME, *ARGS, "--results", str(killed),
         "--workers", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + TIMEOUT
    try:
        while count(killed) == 0 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    written = count(killed)
    assert 0 < written < 60, "the kill did not land midway"
    kept = rows_of(killed)
    resumed = squares_here("survey", GAME, *ARGS, "--results", str(killed), "--workers", "1")
    assert resumed.returncode == 0
    assert resumed.stdout.startswith(f"{60 - written} results written")
    squares_here("survey", GAME, *ARGS, "--results", str(whole), "--workers", "1")
    assert rows_of(killed) == rows_of(whole)
    assert set(kept) <= set(rows_of(whole))  # what the killed run wrote stands as it was
