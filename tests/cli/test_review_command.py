"""``squares review GAME_ID [--json]``: a finished game's review, and what it refuses."""

from __future__ import annotations

import json
import re
import threading
from importlib import import_module
from pathlib import Path

import pytest

from squares.ai import get_hindsight, get_player, warmed_up
from squares.games import GAMES
from squares.store import SavedSession, open_db
from tests.cli.conftest import Run

# A Foursquare cell (row,column) or a Union Square move or pile of the notation.
NOTATION = re.compile(r"-?\d+,-?\d+|\bt\d+\b|\b[wt]\d*-[tf]\d*\b")


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


def lost_game(path: Path) -> int:
    """Foursquare deal 1 played by ``greedy`` to its loss: it has a critical move."""
    db = open_db(path)
    saved = SavedSession.new(db, "foursquare", 1)
    player = get_player("foursquare", "greedy")
    while not saved.over:
        saved.move(str(player.choose(saved.game.observe(saved.state))))
    return saved.id


def test_review_names_the_critical_and_the_better_move_in_words_in_the_language(
    squares_here: Run, private_database: Path
) -> None:
    game_id = lost_game(private_database)
    tools = json.loads(squares_here("review", str(game_id), "--json").stdout)
    critical = tools["critical"]
    assert critical["played"] != critical["played_words"]  # notation and words side by side
    assert all(m["words"].startswith("the ") for m in tools["moves"])
    said = squares_here("review", str(game_id)).stdout
    assert f"Move {critical['index'] + 1}, {critical['played_words']}, lost the win" in said
    assert f"Better: {critical['reason']}" in said
    # the reason says the better move once, naming its place as the move's words do
    assert critical["reason"].startswith(f"Place {critical['better_words']}: ")
    assert said.count(critical["better_words"]) == 1
    assert not NOTATION.search(said), NOTATION.findall(said)
    german = squares_here("--lang", "de", "review", str(game_id)).stdout
    assert f"Zug {critical['index'] + 1}, die " in german
    assert critical["played_words"] not in german and critical["reason"] not in german


def test_the_review_of_a_hinted_game_says_the_solver_sees_the_whole_deal(
    squares_here: Run, private_database: Path
) -> None:
    plain = finished_game(private_database)
    db = open_db(private_database)
    hinted = SavedSession.new(db, "foursquare", 3).move("0,0").note_hint().resign().id
    note = "sees the whole deal"
    assert note not in squares_here("review", str(plain)).stdout
    assert note in " ".join(squares_here("review", str(hinted)).stdout.split())


def test_a_review_asked_while_the_search_is_prepared_says_it_waits_for_it(
    squares_here: Run, private_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the game's warm-up still compiles the search (the first run after
    installing), the review says on stderr that it waits for it; the review is the same."""
    from squares.cli import review as review_cli

    warmed_up("foursquare")  # a warm-up this process began earlier, loaded
    released = threading.Event()
    package = import_module(GAMES["foursquare"].info.ai_package)
    monkeypatch.setattr(package, "warm_up", released.wait)
    monkeypatch.setattr(review_cli, "PATIENCE", 0.01)
    game_id = finished_game(private_database)
    waiting = squares_here("review", str(game_id), "--json")
    assert waiting.returncode == 0, waiting.stderr
    assert "The search is still being prepared" in waiting.stderr
    released.set()
    ready = squares_here("review", str(game_id), "--json")
    assert ready.returncode == 0 and "still being prepared" not in ready.stderr
    assert json.loads(ready.stdout) == json.loads(waiting.stdout)
