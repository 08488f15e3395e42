"""``squares review GAME_ID [--json]``: a finished game's review, and what it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.store import SavedSession, open_db
from tests.cli.conftest import Run


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)


def finished_game(path: Path) -> int:
    db = open_db(path)
    return SavedSession.new(db, "foursquare", 2).move("0,0").move("0,1").resign().id


def test_review_json_has_the_documented_fields(squares_here: Run, private_database: Path) -> None:
    game_id = finished_game(private_database)
    result = squares_here("review", str(game_id), "--json")
    assert result.returncode == 0, result.stderr
    review = json.loads(result.stdout)
    assert (review["game"], review["deal"], review["status"]) == ("foursquare", 2, "lost")
    assert review["best_score"] == 24 and review["best_proven"] is True
    assert [m["move"] for m in review["moves"]] == ["0,0", "0,1"]
    chance = review["moves"][0]["win_chance"]
    assert chance["low"] <= chance["value"] <= chance["high"]
    assert set(review["moves"][0]) >= {"index", "move", "best_after", "win_chance", "lost_win"}


def test_review_text_names_the_best_score_and_the_curve(
    squares_here: Run, private_database: Path
) -> None:
    game_id = finished_game(private_database)
    result = squares_here("review", str(game_id), "--db", str(private_database))
    assert result.returncode == 0, result.stderr
    assert f"Review of game {game_id}" in result.stdout
    assert "Best possible: 24 (proven); yours: none" in result.stdout
    assert "Chance to win before each move" in result.stdout


def test_review_of_an_unfinished_game_is_refused(squares_here: Run, private_database: Path) -> None:
    db = open_db(private_database)
    game_id = SavedSession.new(db, "foursquare", 2).move("0,0").id
    result = squares_here("review", str(game_id))
    assert result.returncode == 2
    assert "is not over" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("game_id", ["99", "0", "x", "-1", "1" * 60])
def test_review_of_a_game_that_is_not_there_is_refused(
    squares_here: Run, private_database: Path, game_id: str
) -> None:
    finished_game(private_database)
    result = squares_here("review", game_id)
    assert result.returncode == 2
    assert result.stderr and "Traceback" not in result.stderr


def test_review_of_a_corrupt_game_is_refused(squares_here: Run, private_database: Path) -> None:
    game_id = finished_game(private_database)
    db = open_db(private_database)
    with db.write() as conn:
        conn.execute('UPDATE games SET moves = \'["0,0", "7,7"]\' WHERE id = ?', (game_id,))
    result = squares_here("review", str(game_id))
    assert result.returncode == 2
    assert "cannot be resumed" in result.stderr
