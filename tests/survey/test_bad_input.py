"""Bad input to ``squares survey`` and ``survey-report``: a clear error, exit code 2, and
nothing written."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from squares.survey.results import open_results
from tests.cli.conftest import Run
from tests.survey.conftest import GAME, NODES

OTHER_GAME = "foursquare"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def existing(tmp_path: Path) -> Path:
    path = tmp_path / "existing.sqlite"
    open_results(path, GAME, int(NODES)).close()
    return path


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--deals", "5..2"], "the first deal comes after the last"),
        (["--deals", "1..x"], "bad deal range"),
        (["--deals", "0..3", "--players", "nobody"], "unknown player 'nobody'"),
        (["--deals", "0..3", "--players", ","], "bad player list"),
        (["--deals", "0..3", "--max-nodes", "0"], "at least 1"),
        (["--deals", "0..3", "--max-nodes", "-5"], "at least 1"),
        (["--deals", "0..3", "--no-players", "--no-solver"], "nothing to survey"),
        (["--deals", "0..3", "--scheduler", "localhost"], "expected tcp://HOST:PORT"),
        (["--deals", "0.." + "9" * 5000], "(5003 characters)"),
        (["--deals", "0..3", "--scheduler", "tcp://" + "h" * 5000], "(5006 characters)"),
    ],
)
def test_bad_arguments_write_no_file(
    squares_here: Run, tmp_path: Path, args: list[str], says: str
) -> None:
    path = tmp_path / "new.sqlite"
    done = squares_here("survey", GAME, *args, "--results", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    assert says in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr) < 1000  # hostile input is quoted cut short
    assert not path.exists()


def test_a_file_of_the_other_game_is_refused_untouched(squares_here: Run, existing: Path) -> None:
    before = digest(existing)
    done = squares_here("survey", OTHER_GAME, "--deals", "0..1", "--results", str(existing))
    assert done.returncode == 2 and f"a survey of {GAME}, not of {OTHER_GAME}" in done.stderr
    assert digest(existing) == before


def test_another_budget_is_refused_untouched(squares_here: Run, existing: Path) -> None:
    before = digest(existing)
    done = squares_here("survey", GAME, "--deals", "0..1", "--results", str(existing),
                        "--max-nodes", "7")  # fmt: skip
    assert done.returncode == 2 and f"--max-nodes {NODES}, not 7" in done.stderr
    assert digest(existing) == before


def test_a_newer_format_is_refused_by_survey_and_report(squares_here: Run, existing: Path) -> None:
    with sqlite3.connect(existing) as conn:
        conn.execute("PRAGMA user_version = 2")
    conn.close()
    before = digest(existing)
    for argv in (
        ["survey", GAME, "--deals", "0..1", "--results", str(existing)],
        ["survey-report", str(existing)],
    ):
        done = squares_here(*argv)
        assert done.returncode == 2 and "newer than this program reads" in done.stderr
    assert digest(existing) == before


@pytest.mark.parametrize("kind", ["text", "saved games", "folder"])
def test_what_is_not_a_results_file_is_refused_untouched(
    squares_here: Run, tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "other"
    if kind == "text":
        path.write_text("deal,who\n1,greedy\n", encoding="utf-8")
    elif kind == "saved games":
        assert squares_here("games", "--db", str(path)).returncode == 0
    else:
        path.mkdir()
    before = "" if path.is_dir() else digest(path)
    for argv in (
        ["survey", GAME, "--deals", "0..1", "--results", str(path)],
        ["survey-report", str(path)],
    ):
        done = squares_here(*argv)
        assert done.returncode == 2 and "results file" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
    assert before == ("" if path.is_dir() else digest(path))


def test_a_report_of_no_file_is_an_error(squares_here: Run, tmp_path: Path) -> None:
    done = squares_here("survey-report", str(tmp_path / "none.sqlite"))
    assert done.returncode == 2 and "no such results file" in done.stderr
    assert not (tmp_path / "none.sqlite").exists()
