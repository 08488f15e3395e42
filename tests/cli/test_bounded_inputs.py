"""Inputs too large for anything to come of them are refused at once: a clear error, exit
code 2 and nothing written, never a traceback, a hang or memory running out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from squares.cli import games as games_cli
from squares.cli.arguments import MOST_DEALS, WORKERS_PER_CORE
from tests.cli.conftest import Run

WHOLE_RANGE = "0..9223372036854775807"


def refused(result: object, *words: str) -> None:
    assert getattr(result, "returncode", None) == 2
    stderr = str(getattr(result, "stderr", ""))
    assert "Traceback" not in stderr
    for word in words:
        assert word in stderr


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "foursquare", "--deals", WHOLE_RANGE],
        ["simulate", "foursquare", "--deals", WHOLE_RANGE],
        ["survey", "foursquare", "--deals", WHOLE_RANGE, "--results", "{folder}/r.sqlite"],
    ],
)
def test_a_deal_range_longer_than_a_run_can_take_is_refused(
    squares_here: Run, tmp_path: Path, command: list[str]
) -> None:
    result = squares_here(*(part.format(folder=tmp_path) for part in command))
    refused(result, "--deals", f"{MOST_DEALS:,}", "in parts")
    assert list(tmp_path.iterdir()) == []


def test_the_longest_deal_range_is_taken(squares_here: Run) -> None:
    last = MOST_DEALS - 1
    result = squares_here("solve", "foursquare", "--deals", f"{last}..{last}", "--max-nodes", "5")
    assert result.returncode == 0


def test_a_budget_past_what_a_search_counts_to_is_refused(squares_here: Run) -> None:
    nodes = "1" + "0" * 29
    result = squares_here("solve", "foursquare", "--deal", "1", "--max-nodes", nodes)
    refused(result, "--max-nodes", "9223372036854775807")


@pytest.mark.parametrize("command", ["simulate", "survey"])
def test_more_processes_than_the_cores_can_serve_is_refused(
    squares_here: Run, tmp_path: Path, command: str
) -> None:
    results = ["--results", str(tmp_path / "r.sqlite")] if command == "survey" else []
    result = squares_here(
        command, "foursquare", "--deals", "0..3", "--workers", "1000000", *results
    )
    refused(result, "--workers", str(WORKERS_PER_CORE * (os.cpu_count() or 1)))
    assert list(tmp_path.iterdir()) == []


def test_a_device_as_the_results_file_is_refused(squares_here: Run) -> None:
    result = squares_here("survey", "foursquare", "--deals", "0..3", "--results", os.devnull)
    refused(result, "--results", "not a file")


def test_an_import_file_that_never_ends_is_refused_after_a_bounded_read(
    squares_here: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, private_database: Path
) -> None:
    monkeypatch.setattr(games_cli, "MOST_IMPORT", 1024)  # /dev/zero, without reading 256 MB
    result = squares_here("import", "/dev/zero")
    refused(result, "/dev/zero", "longer than", "nothing was imported")
    assert not private_database.exists()  # the database was not even opened


def test_a_bad_import_file_creates_no_database(
    squares_here: Run, tmp_path: Path, private_database: Path
) -> None:
    file = tmp_path / "game.json"
    file.write_text("[1, 2")
    refused(squares_here("import", str(file)), "nothing was imported")
    assert not private_database.exists()
