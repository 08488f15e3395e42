"""``--difficulty``: a new deal of a chosen level, or a clear error that names the levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from squares.difficulty import level_of, rated_deals
from tests.cli.conftest import Run


def test_play_with_a_difficulty_deals_a_deal_of_that_level(squares: Run, tmp_path: Path) -> None:
    done = squares(
        "play", "foursquare", "--difficulty", "hard", "--plain",
        env={"SQUARES_DB": str(tmp_path / "s.db")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    deal = int(done.stdout.split("deal ", 1)[1].split()[0].replace(",", ""))
    assert level_of("foursquare", deal) == "hard"


@pytest.mark.parametrize("asked", ["medum", "", "any-difficulty"])
def test_an_unknown_difficulty_names_the_levels_and_starts_nothing(
    squares: Run, tmp_path: Path, asked: str
) -> None:
    db = tmp_path / "s.db"
    done = squares("play", "foursquare", "--difficulty", asked, env={"SQUARES_DB": str(db)})
    assert done.returncode == 2
    assert "any, easy, medium, hard, expert" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists()


def test_stats_say_the_wins_at_each_difficulty_played(squares_here: Run, tmp_path: Path) -> None:
    env = {"SQUARES_DB": str(tmp_path / "s.db")}
    hard = str(rated_deals("foursquare", "hard")[0])
    for deal in (hard, "100000"):
        squares_here("play", "foursquare", "--deal", deal, "--plain", stdin="resign\n", env=env)
    shown = squares_here("stats", "foursquare", env=env).stdout
    listed = json.loads(squares_here("stats", "foursquare", "--json", env=env).stdout)
    counts = listed["by_difficulty"]["foursquare"]
    assert counts["hard"]["played"] == 1 and counts["hard"]["won"] == 0
    assert counts["not rated"] == {"played": 1, "won": 0}
    assert "by difficulty: hard: won 0 of 1 · not rated: won 0 of 1" in shown
