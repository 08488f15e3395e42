"""The difficulty survey (``squares difficulty``): a deal's level is the weakest player of
its game's family that wins it, measured, resumable and the same on every run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from squares.survey.deals import play_deal
from squares.survey.difficulty import family, levels, rate
from squares.survey.results import read_results
from tests.cli.conftest import Run
from tests.survey.conftest import rows_of

SURVEYS = Path(__file__).resolve().parents[2] / "surveys"


def test_a_deal_is_as_hard_as_the_weakest_player_that_wins_it() -> None:
    assert rate([True, True, True]) == "easy"
    assert rate([True, False, False]) == "easy"
    assert rate([False, True, True]) == "medium"
    assert rate([False, False, True]) == "hard"
    assert rate([False, False, False]) == "expert"


def test_a_deal_is_rated_only_once_every_player_of_the_family_has_played_it() -> None:
    results = read_results(SURVEYS / "foursquare.sqlite")
    try:
        rows = results.rows(range(3))
    finally:
        results.close()
    assert sorted(levels("foursquare", rows)) == [0, 1, 2]
    weakest = family("foursquare")[0].who
    assert sorted(levels("foursquare", [r for r in rows if r.who != weakest])) == []


def test_a_hasty_player_plays_another_game_than_its_player_and_the_same_each_time() -> None:
    def game(haste: float) -> list[tuple[bool, int | None, int]]:
        played = [play_deal("union-square", "keeper", deal, haste, deal) for deal in range(2)]
        return [(p.won, p.score, p.moves) for p in played]

    assert game(0.3) == game(0.3)
    assert game(0.3) != game(0.0)


def test_a_stronger_player_plays_a_deal_only_when_every_weaker_one_lost_it(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "us.sqlite"
    run = ("difficulty", "union-square", "--results", str(path), "--workers", "1", "--json")
    done = squares_here(*run, "--deals", "8..8")
    assert done.returncode == 0, done.stderr
    before = rows_of(path)
    more = squares_here(*run, "--deals", "8..9")  # 9: the weakest two lose it
    assert more.returncode == 0, more.stderr
    rows = rows_of(path)
    assert rows[: len(before)] == before
    names = [member.who for member in family("union-square")]
    for deal in (8, 9):
        games = sorted(
            ((row[1], row[3]) for row in rows if row[0] == deal),
            key=lambda g: names.index(str(g[0])),
        )
        whos = [who for who, _outcome in games]
        assert whos == names[: len(whos)]
        assert all(outcome == "lost" for _who, outcome in games[:-1])
        assert games[-1][1] == "won" or len(games) == len(names)
    assert len([row for row in rows if row[0] == 9]) > 1
    figures = json.loads(more.stdout)
    assert figures["deals"] == 2
    assert [line["level"] for line in figures["levels"]] == ["easy", "medium", "hard", "expert"]
    assert sum(line["deals"] for line in figures["levels"]) == 2
    again = squares_here(*run, "--deals", "8..9")
    assert again.returncode == 0 and rows_of(path) == rows


def test_the_rows_of_the_committed_survey_come_out_the_same_when_played_again(
    squares_here: Run, tmp_path: Path
) -> None:
    committed = {
        (row[0], row[1]): row for row in rows_of(SURVEYS / "union-square-difficulty.sqlite")
    }
    path = tmp_path / "again.sqlite"
    done = squares_here(
        "difficulty", "union-square", "--deals", "8..9", "--results", str(path), "--workers", "1"
    )
    assert done.returncode == 0, done.stderr
    played = rows_of(path)
    assert played and all(row == committed[(row[0], row[1])] for row in played)


def test_a_file_of_the_other_game_is_refused_and_left_as_it_was(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "fs.sqlite"
    shutil.copy(SURVEYS / "foursquare.sqlite", path)
    before = path.read_bytes()
    done = squares_here(
        "difficulty", "union-square", "--deals", "0..1", "--results", str(path), "--workers", "1"
    )
    assert done.returncode == 2
    assert "foursquare" in done.stderr and "Traceback" not in done.stderr
    assert path.read_bytes() == before
