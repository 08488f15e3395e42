"""Schemathesis against the live server (``squares serve``, a real process on loopback):
every check, every phase (stateful links from ``POST /api/games`` give real ids, versions
and legal moves), bounded in time; it fails on any 5xx, any answer its schema does not
declare, and any other finding.

One setting is not the default, for a reason: a request the schema allows may still be
refused with 422 by the rules (an illegal move, an action on a finished game, a deal past
2**63-1 written in 19 digits, a number written ``7.0``: JSON Schema counts it an integer,
the API takes integers only as integers), so 422 is an expected answer to valid data.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ST = shutil.which("st", path=str(Path(sys.executable).parent)) or shutil.which("st")
SECONDS = 10

CONFIG = """\
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "403", "404", "409", "410", "422", "429"]
"""


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "squares", "serve", "--no-browser", "--port", "18417",
         "--db", str(tmp_path / "fuzz.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )  # fmt: skip
    assert server.stdout is not None
    url = None
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if found:
            url = found.group(0)
            break
    try:
        assert url, "the server did not start"
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.long
@pytest.mark.skipif(ST is None, reason="schemathesis is not installed")
def test_schemathesis_finds_nothing_against_the_live_server(
    live_server: str, tmp_path: Path
) -> None:
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    assert ST is not None
    result = subprocess.run(
        [ST, "--config-file", str(config), "run", f"{live_server}openapi.json",
         "--checks", "all", "--max-time", str(SECONDS), "--workers", "1",
         "--max-examples", "25", "--seed", "15", "--request-timeout", "10", "--no-color"],
        capture_output=True, text=True, timeout=SECONDS * 4, cwd=tmp_path,
    )  # fmt: skip
    report = result.stdout + result.stderr
    assert result.returncode == 0, report[-6000:]
    assert "Tested: 13" in report or "Tested:" in report
