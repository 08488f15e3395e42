"""The language chosen in the terminal game is kept for its next run on the same saves."""

from __future__ import annotations

from pathlib import Path

from squares.tui.kept_language import (
    keep_language,
    kept_language,
    settings_file,
    starting_language,
)


def test_a_language_chosen_is_the_one_the_next_run_starts_in(tmp_path: Path) -> None:
    db = str(tmp_path / "squares.db")
    assert starting_language(db, None, "en") == "en"
    keep_language(db, "te")
    assert kept_language(db) == "te"
    assert starting_language(db, None, "en") == "te"


def test_lang_on_the_command_line_wins_over_the_kept_choice(tmp_path: Path) -> None:
    db = str(tmp_path / "squares.db")
    keep_language(db, "te")
    assert starting_language(db, "de", "en") == "de"


def test_a_damaged_or_foreign_settings_file_is_as_if_there_were_none(tmp_path: Path) -> None:
    db = str(tmp_path / "squares.db")
    for text in ("{not json", '"de"', '{"language": "xx"}', '{"language": 3}'):
        settings_file(db).write_text(text, encoding="utf-8")
        assert kept_language(db) is None
        assert starting_language(db, None, "fr") == "fr"


def test_a_folder_that_cannot_be_written_keeps_nothing_and_says_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "missing" / "squares.db")
    keep_language(db, "de")
    assert kept_language(db) is None


def test_each_database_keeps_its_own_and_memory_keeps_none(tmp_path: Path) -> None:
    keep_language(str(tmp_path / "a.db"), "bg")
    assert kept_language(str(tmp_path / "b.db")) is None
    keep_language(":memory:", "bg")
    assert kept_language(":memory:") is None
