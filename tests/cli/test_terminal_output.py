"""What the terminal shows around the boards: the progress bar and the tables' columns."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from rich.cells import cell_len

from squares.cli.progress import Progress
from squares.cli.tables import games_table, width
from squares.i18n import language
from squares.store import records
from squares.store.db import open_db
from squares.store.records import GameRecord
from squares.store.saved import SavedSession

COLOUR = re.compile(r"\033\[[0-9;]*m")
TEMPLATE = "{done} of {total} deals, {good} won, {seconds} s left"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_bar(out: io.StringIO, lang: str = "en") -> str:
    with language(lang):
        bar = Progress(out, 1500, TEMPLATE)
        for done in (1, 750, 1500):
            bar.update(done, done // 3)
        bar.close()
    return out.getvalue()


def test_the_progress_bar_counts_in_the_language_and_ends_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    shown = run_bar(Terminal(), "de")
    assert "750 of 1.500 deals, 250 won" in shown  # German digit grouping
    assert "1.500 of 1.500 deals, 500 won, 0 s left" in shown
    assert shown.replace("\x1b[?25h", "").endswith("\n")  # the next line starts afresh
    assert "\r" in shown  # redrawn in place


def test_the_progress_bar_has_no_colour_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    shown = run_bar(Terminal())
    assert "1,500 of 1,500 deals" in shown
    assert not COLOUR.search(shown)


def saved_games() -> list[GameRecord]:
    """A game of each, as the store keeps them."""
    db = open_db(":memory:")
    SavedSession.new(db, "foursquare", 7).move("0,0")
    SavedSession.new(db, "union-square", 70).move("s")
    return records.all_records(db, None)


@pytest.mark.parametrize("lang", ["en", "te", "bg"])
def test_the_games_table_lines_up_its_columns_as_the_terminal_shows_them(lang: str) -> None:
    rows = saved_games()
    with language(lang):
        lines = games_table(rows).splitlines()
    assert len(lines) == 3
    assert not COLOUR.search("\n".join(lines))  # the table is text; colour is the console's
    # The share codes start in the same column of the screen on every line, whatever
    # script the game's title is written in (Telugu letters with vowel signs, Cyrillic).
    codes = ("foursquare:7", "union-square:70")
    starts = {width(line[: line.index(code)]) for line, code in zip(lines[1:], codes, strict=True)}
    assert len(starts) == 1
    assert all(line == line.rstrip() for line in lines)


def on_a_terminal(text: str) -> int:
    """The columns a terminal (the C library's wcwidth, as tmux) gives ``text``: Rich's
    measure, and a column for each spacing mark, which Rich counts as none."""
    return cell_len(text) + sum(unicodedata.category(c) == "Mc" for c in text)


def test_the_telugu_games_table_lines_up_on_a_terminal() -> None:
    rows = saved_games()
    with language("te"):
        lines = games_table(rows).splitlines()
    codes = ("foursquare:7", "union-square:70")
    rows_and_codes = zip(lines[1:], codes, strict=True)
    starts = {on_a_terminal(line[: line.index(code)]) for line, code in rows_and_codes}
    assert len(starts) == 1, lines


def test_wide_and_combining_characters_are_measured_as_a_terminal_shows_them() -> None:
    assert width("A♥") == 2 and width("10♦") == 3  # suit symbols take one column
    assert width("游戏") == 4  # wide letters take two
    assert width("e\u0301") == 1  # a combining accent takes none
    assert width("తెలుగు") < len("తెలుగు")  # Telugu vowel signs sit on their letter
