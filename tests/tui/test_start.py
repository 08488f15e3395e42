"""Which face ``squares play`` opens: the full screen at a terminal, the line mode with
``--plain`` or a pipe; ``squares tui`` always the full screen."""

from __future__ import annotations

import io
import sys

import pytest

import squares.tui
from squares.cli import main as cli_main
from squares.store.db import Database

languages: list[str | None] = []  # the --lang each full-screen game was given


@pytest.fixture
def full_screen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int | None]]:
    started: list[tuple[str, int | None]] = []
    languages.clear()

    def run(db: Database, game: str, deal: int | None, new: bool, given: str | None = None) -> int:
        started.append((game, deal))
        languages.append(given)
        return 0

    monkeypatch.setattr(squares.tui, "run", run)
    return started


def test_play_at_a_terminal_opens_the_full_screen_game(
    monkeypatch: pytest.MonkeyPatch, full_screen: list[tuple[str, int | None]]
) -> None:
    monkeypatch.setattr(cli_main, "_at_a_terminal", lambda: True)
    assert cli_main.main(["play", "foursquare", "--deal", "7"]) == 0
    assert full_screen == [("foursquare", 7)]


def test_tui_is_the_full_screen_game_even_from_a_pipe(
    full_screen: list[tuple[str, int | None]],
) -> None:
    assert cli_main.main(["tui", "--deal", "union-square:9"]) == 0
    assert full_screen == [("union-square", 9)]


@pytest.mark.parametrize("terminal", [True, False], ids=["plain at a terminal", "a pipe"])
def test_plain_or_a_pipe_keeps_the_line_mode(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    full_screen: list[tuple[str, int | None]],
    terminal: bool,
) -> None:
    monkeypatch.setattr(cli_main, "_at_a_terminal", lambda: terminal)
    monkeypatch.setattr(sys, "stdin", io.StringIO("0,0\nq\n"))
    args = ["play", "foursquare", "--deal", "7", *(["--plain"] if terminal else [])]
    assert cli_main.main(args) == 0
    assert full_screen == []
    assert "Legal:" in capsys.readouterr().out


def test_lang_on_the_command_line_is_handed_to_the_full_screen_game(
    full_screen: list[tuple[str, int | None]],
) -> None:
    # given, it wins over the language kept from the last run; not given, the kept one does
    assert cli_main.main(["--lang", "te", "tui", "--deal", "union-square:9"]) == 0
    assert cli_main.main(["tui", "--deal", "union-square:9"]) == 0
    assert languages == ["te", None]
