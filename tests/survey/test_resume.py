"""``squares survey`` writes what it lacks: a survey run in parts has the rows of one run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.survey.conftest import GAME, NODES, rows_of


def survey(run: Run, path: Path, deals: str, *more: str) -> str:
    done = run("survey", GAME, "--deals", deals, "--results", str(path), "--max-nodes", NODES,
               "--players", "greedy", *more)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.long
def test_a_survey_resumed_has_the_rows_of_one_whole_run_and_none_twice(
    squares_here: Run, tmp_path: Path
) -> None:
    parts, whole = tmp_path / "parts.sqlite", tmp_path / "whole.sqlite"
    first = survey(squares_here, parts, "0..2", "--workers", "1")
    second = survey(squares_here, parts, "0..5", "--workers", "1")
    again = survey(squares_here, parts, "0..5", "--workers", "1")
    survey(squares_here, whole, "0..5")  # on the local Dask cluster, one worker per core
    rows = rows_of(parts)
    assert rows == rows_of(whole)
    assert sorted((deal, who) for deal, who, *_ in rows) == [
        (deal, who) for deal in range(6) for who in ("greedy", "whole-deal")
    ]
    assert re.match(r"6 results written .* \(0 there already\)", first)
    assert re.match(r"6 results written .* \(6 there already\)", second)  # only the new deals
    assert re.match(r"0 results written .* \(12 there already\)", again)


def test_a_player_added_later_is_surveyed_alone(squares_here: Run, tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..3", "--no-solver", "--workers", "1")
    out = squares_here("survey", GAME, "--deals", "0..3", "--results", str(path),
                       "--players", "greedy,builder", "--no-solver", "--workers", "1")  # fmt: skip
    assert out.returncode == 0 and out.stdout.startswith("4 results written")
    assert {who for _, who, *_ in rows_of(path)} == {"greedy", "builder"}
