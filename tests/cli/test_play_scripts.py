"""The line mode driven by a script: refused lines on standard error and in the exit
status, hints that can be typed, and what is said on leaving a game."""

from __future__ import annotations

import re

from squares.cli.exits import EXIT_REFUSED
from squares.games import get_game
from tests.cli.conftest import Run


def test_a_refused_line_from_a_pipe_goes_to_stderr_and_sets_the_exit_status(
    squares: Run,
) -> None:
    result = squares("play", "foursquare", "--deal", "7", stdin="0,0\n9,9\n0,1\nq\n")
    assert result.returncode == EXIT_REFUSED == 3
    assert "Error: illegal move '9,9'" in result.stderr
    assert "9,9" not in result.stdout
    assert "Traceback" not in result.stderr


def test_a_pipe_whose_every_line_is_played_exits_with_0(squares: Run) -> None:
    result = squares("play", "foursquare", "--deal", "7", stdin="0,0\n0,1\nq\n")
    assert result.returncode == 0 and result.stderr == ""


def test_a_losing_move_never_confirmed_is_a_refused_line(squares_here: Run) -> None:
    game = get_game("foursquare")
    state, played = game.new(7), list[str]()
    while not (losing := [m for m in game.legal_moves(state) if game.loses(state, m)]):
        move = game.legal_moves(state)[0]
        state, played = game.apply(state, move), [*played, str(move)]
    script = "\n".join([*played, str(losing[0]), "u", "q"]) + "\n"
    result = squares_here("play", "foursquare", "--deal", "7", stdin=script)
    assert "Warning:" in result.stderr
    assert result.returncode == EXIT_REFUSED


def test_a_union_square_hint_gives_the_move_as_it_is_typed(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="h\nq\n")
    hint = next(line for line in result.stdout.splitlines() if line.startswith("Hint: "))
    typed = re.search(r"\(type (\S+)\)$", hint)
    assert typed is not None, hint
    game = get_game("union-square")
    assert typed[1] in [str(m) for m in game.legal_moves(game.new(7))]
    again = squares_here("play", "union-square", stdin=f"{typed[1]}\nq\n")
    assert again.returncode == 0 and again.stderr == ""


def test_restart_then_a_new_deal_counts_the_moves_made_not_zero(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n0,1\nrestart\nn 43\nq\n")
    assert "Game 1 (foursquare:7, 2 moves) counts as lost." in result.stdout
    assert "0 moves" not in result.stdout


def test_q_says_the_game_is_saved_and_how_to_resume_it(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="s\nq\n")
    assert "Game 1 (union-square:7) is saved: 'squares play union-square' resumes it." in (
        result.stdout
    )
    resumed = squares_here("play", "union-square", stdin="q\n")
    assert resumed.stdout.startswith("Resuming game 1")


def test_rules_and_review_help_describe_the_command(squares_here: Run) -> None:
    rules = squares_here("rules", "--help").stdout
    assert "the moves, how the game ends and how it is scored" in " ".join(rules.split())
    review = squares_here("review", "--help").stdout
    assert "a solver that knows the whole deal" in " ".join(review.split())


def test_games_json_is_one_array_with_a_game_a_line_as_its_help_says(
    squares_here: Run,
) -> None:
    squares_here("play", "union-square", "--deal", "7", stdin="s\nq\n")
    squares_here("play", "foursquare", "--deal", "7", stdin="0,0\nq\n")
    help_text = " ".join(squares_here("games", "--help").stdout.split())
    assert "one JSON array, newest first, a game a line" in help_text
    lines = squares_here("games", "--json").stdout.splitlines()
    assert lines[0] == "[" and lines[-1] == "]"
    assert [line.startswith('{"id"') for line in lines[1:-1]] == [True, True]
