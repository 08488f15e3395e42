"""Text-mode play driven through a pipe, end to end, as scripts and tests drive it."""

from __future__ import annotations

import io
import re
import threading

import pytest

from squares.cli.exits import EXIT_REFUSED
from squares.cli.play import TextGame
from squares.cli.style import Style, wants_colour
from squares.games.foursquare import Foursquare, FoursquareState
from squares.store import SavedSession, open_db
from tests.cli.conftest import Run

ANSI = re.compile(r"\033\[[0-9;]*m")


def boards(output: str) -> list[str]:
    """The board headers, one per redraw, in order."""
    heads = ("Foursquare ·", "Union Square ·")
    return [line for line in output.splitlines() if line.startswith(heads)]


def test_pipe_plays_the_moves_and_quits(squares: Run) -> None:
    result = squares("play", "foursquare", "--deal", "7", stdin="0,0\n0,1\nq\n")
    assert result.returncode == 0
    headers = boards(result.stdout)
    assert len(headers) == 3
    assert "deal 7" in headers[0] and "stock 39" in headers[0] and "card to place: A♥" in headers[0]
    assert "stock 37" in headers[2] and "card to place: 8♣" in headers[2]
    assert "Legal: -1,0 -1,1 0,-1 0,0 0,1 0,2 1,0 1,1" in result.stdout


def test_end_of_input_ends_the_game_quietly(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n")
    assert result.returncode == 0
    assert len(boards(result.stdout)) == 2


def test_error_line_never_ends_the_game(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--deal", "7", stdin="0,0\nzz\n9,9\n0,1\nq\n")
    assert result.returncode == EXIT_REFUSED
    assert "Error: bad Foursquare move 'zz'" in result.stderr
    assert "Error: illegal move '9,9': cell 9,9 is not next to a pile" in result.stderr
    assert "Error" not in result.stdout
    headers = boards(result.stdout)
    # the board is drawn again, unchanged, after each error; then the good move is played
    assert headers[1] == headers[2] == headers[3]
    assert "stock 37" in headers[4]


def test_undo_redo_restart_and_new_deal(squares_here: Run) -> None:
    script = "0,0\n0,1\nu\nu\nu\nr\nrestart\nn 42\nq\n"
    result = squares_here("play", "foursquare", "--deal", "7", stdin=script)
    headers = boards(result.stdout)
    stocks = [int(re.search(r"stock (\d+)", h)[1]) for h in headers]  # type: ignore[index]
    # deal, 0,0, 0,1, undo, undo, (nothing to undo), redo, restart, new deal 42
    assert stocks == [39, 38, 37, 38, 39, 39, 38, 39, 39]
    assert "Error: nothing to undo" in result.stderr
    assert "deal 42" in headers[-1]


def test_resign_ends_the_game_and_says_so(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="s\nresign\ns\nq\n")
    assert "You resigned." in result.stdout
    assert "Error: the game is over (resigned)" in result.stderr


def test_after_the_game_is_over_any_move_text_says_the_result_stands(squares_here: Run) -> None:
    # not "bad move 'y'": whatever is typed once the game is over, it is not played
    result = squares_here("play", "foursquare", "--deal", "7", stdin="resign\ny\n0,1\nq\n")
    assert result.stderr.count("Error: the game is over (resigned) and its result stands") == 2
    assert "bad Foursquare move" not in result.stderr


def test_union_square_from_a_pipe(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="s\nt4-f\nw-t3\nq\n")
    headers = boards(result.stdout)
    assert "stock 88" in headers[0] and "score 0" in headers[0]
    assert "stock 87" in headers[1]
    assert "score 1" in headers[2]
    assert "Foundations: f1 A♥ (1)" in result.stdout
    assert "Error: illegal move 'w-t3'" in result.stderr


def test_piped_output_is_plain_with_suit_symbols(squares: Run) -> None:
    result = squares("play", "union-square", "--deal", "7", stdin="q\n")
    assert not ANSI.search(result.stdout)
    assert "♣" in result.stdout and "♥" in result.stdout


def test_terminal_output_shows_red_suits_in_red() -> None:
    out = io.StringIO()
    db = open_db(":memory:")
    TextGame(db, SavedSession.new(db, "union-square", 7), out, Style(colour=True)).run(iter(["q"]))
    assert "\033[31mA♥\033[0m" in out.getvalue()  # hearts red
    assert "\033[31m3♣" not in out.getvalue()  # clubs are not


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_color_turns_colour_off_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    assert wants_colour(_Terminal())
    assert not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(_Terminal())


def _about_to_lose() -> tuple[FoursquareState, str, str]:
    """A deal-7 position after some placements where one legal placement loses."""
    game = Foursquare()
    state, played = game.new(7), list[str]()
    while True:
        moves = game.legal_moves(state)
        losing = [m for m in moves if game.loses(state, m)]
        safe = [m for m in moves if not game.loses(state, m)]
        if losing and safe:
            return state, " ".join(played), str(losing[0])
        state = game.play(state, safe[0])
        played.append(str(safe[0]))


def test_losing_placement_is_marked_and_needs_confirmation(squares_here: Run) -> None:
    _, played, losing = _about_to_lose()
    script = "\n".join(played.split()) + f"\n{losing}\n{losing}\nq\n"
    result = squares_here("play", "foursquare", "--deal", "7", stdin=script)
    assert f"{losing}!" in result.stdout  # marked in the legal list
    assert f"Warning: {losing} loses the game" in result.stderr
    assert result.returncode == 0  # it was confirmed, and played
    # one board per placement before, none for the warning, one after the confirmation
    assert len(boards(result.stdout)) == len(played.split()) + 2
    assert "Game over: more than 4 piles are face down." in result.stdout


def test_losing_placement_with_bang_is_played_at_once(squares_here: Run) -> None:
    _, played, losing = _about_to_lose()
    script = "\n".join(played.split()) + f"\n{losing}!\nq\n"
    result = squares_here("play", "foursquare", "--deal", "7", stdin=script)
    assert "Warning" not in result.stdout
    assert "Game over" in result.stdout


def test_the_end_of_a_game_on_a_surveyed_deal_names_the_best_score_it_allowed(
    squares_here: Run,
) -> None:
    from squares.ai.deal_results import best_known

    known = best_known("foursquare", 7)
    assert known is not None and known.proven
    result = squares_here("play", "foursquare", "--deal", "7", stdin="0,0\nresign\ny\nq\n")
    assert f"The best score this deal allowed is {known.score}." in result.stdout
    unsurveyed = squares_here("play", "foursquare", "--deal", "99999999", stdin="resign\ny\nq\n")
    assert "You resigned." in unsurveyed.stdout and "this deal allowed" not in unsurveyed.stdout


def test_a_hint_asked_while_the_search_is_prepared_says_it_waits_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the game's warm-up runs (the first start after installing) the hint says
    what it waits for; once the warm-up is done, it no longer does."""
    from squares import ai

    released = threading.Event()
    preparing = threading.Thread(target=released.wait, daemon=True)
    preparing.start()
    monkeypatch.setitem(ai._WARMING, "foursquare", preparing)
    db = open_db(":memory:")

    def hint_said() -> str:
        out = io.StringIO()
        TextGame(db, SavedSession.new(db, "foursquare", 7), out, Style(colour=False)).run(
            iter(["h", "q"])
        )
        return out.getvalue()

    waiting = "The search is still being prepared"
    assert waiting in hint_said() and "Hint:" in hint_said()
    released.set()
    preparing.join()
    assert waiting not in hint_said()
