"""``chance`` in the text mode: your chance of winning from here, noted on the game like a
hint, so a win after it is no clean win."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from squares.ai import get_hindsight
from squares.store import SavedSession, open_db
from squares.store.records import all_records, get
from tests.cli.conftest import Run

ANSWER = re.compile(
    r"^Chance of winning from here if expectimax-2 plays on: (\d+)% \((\d+)%–(\d+)%, "
    r"(\d+) deals of the unseen cards\)$"
)


@pytest.fixture(autouse=True)
def few_live_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, samples in (("foursquare", 5), ("union-square", 2)):
        monkeypatch.setattr(type(get_hindsight(name)), "live_samples", samples)


def test_chance_says_the_chance_with_its_interval_and_marks_the_game(
    squares_here: Run, private_database: Path
) -> None:
    result = squares_here("play", "--plain", "foursquare", "--deal", "7", stdin="0,0\nchance\nq\n")
    assert result.returncode == 0
    assert "Working out your chance…" in result.stdout
    line = next(line for line in result.stdout.splitlines() if line.startswith("Chance of"))
    found = ANSWER.match(line)
    assert found, line
    value, low, high, deals = map(int, found.groups())
    assert low <= value <= high and deals == 5
    db = open_db(str(private_database))
    (record,) = all_records(db, "foursquare")
    game_id = record.id
    reopened = SavedSession.open(db, game_id)
    assert reopened.hints_used and reopened.moves == ["0,0"]
    assert not get(db, game_id).clean  # a win from here would be no clean win


def test_the_same_position_gives_the_same_chance_after_undo_and_redo(squares_here: Run) -> None:
    result = squares_here(
        "play", "--plain", "union-square", "--deal", "7", stdin="s\nchance\nu\nr\nchance\nq\n"
    )
    answers = [line for line in result.stdout.splitlines() if line.startswith("Chance of")]
    assert len(answers) == 2 and answers[0] == answers[1]


def test_no_chance_once_the_game_is_over(squares_here: Run) -> None:
    result = squares_here(
        "play", "--plain", "union-square", "--deal", "7", stdin="resign\nchance\nq\n"
    )
    assert "Error: the game is over" in result.stderr
    assert "Chance of winning" not in result.stdout and "Working out" not in result.stdout


def test_the_help_lists_chance(squares_here: Run) -> None:
    result = squares_here("play", "--plain", "foursquare", "--deal", "7", stdin="?\nq\n")
    assert "  chance      your chance of winning from here" in result.stdout
