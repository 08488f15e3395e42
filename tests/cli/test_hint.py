"""Hints in the text mode: the move shown on the board, a reason, and the game marked."""

from __future__ import annotations

import json

from tests.cli.conftest import Run


def test_hint_marks_the_move_on_the_board_and_gives_a_reason(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--deal", "7", stdin="0,0\nh\nq\n")
    assert result.returncode == 0
    hint = next(line for line in result.stdout.splitlines() if line.startswith("Hint: "))
    assert "Place 8♠ at" in hint and "face down" in hint
    board = result.stdout.split("Hint: ")[0].rsplit("Foursquare · deal 7", 1)[1]
    assert "*" in board  # the suggested cell


def test_union_square_hint_names_what_the_move_frees(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="h\nq\n")
    hint = next(line for line in result.stdout.splitlines() if line.startswith("Hint: "))
    assert "foundation" in hint and "frees" in hint
    assert "»t4" in result.stdout or "»t12" in result.stdout


def test_a_hint_is_recorded_on_the_game(squares_here: Run) -> None:
    squares_here("play", "union-square", "--deal", "7", stdin="s\nh\nq\n")
    games = json.loads(squares_here("games", "--json").stdout)
    assert games[0]["hints_used"] is True


def test_no_hint_once_the_game_is_over(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="resign\nh\nq\n")
    assert "Error: the game is over" in result.stderr
