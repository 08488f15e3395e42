"""The database file: created right, refused (and left untouched) when it cannot be used."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from squares.errors import BadDatabase
from squares.store import SavedSession, open_db
from squares.store.schema import APPLICATION_ID, SCHEMA_VERSION


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.fixture
def played(db_path: Path) -> Iterator[Path]:
    """A database holding enough games to span many pages, closed cleanly."""
    db = open_db(db_path)
    SavedSession.new(db, "union-square", 7).move("s").move("s")
    columns = "game, deal, deal_algorithm, moves, position, status, score, started_at, updated_at"
    with db.write() as conn:
        for _ in range(60):
            conn.execute(f"INSERT INTO games ({columns}) SELECT {columns} FROM games WHERE id = 1")
    db.close()
    yield db_path


def refused(path: Path) -> str:
    """Open ``path``, expect ``BadDatabase``, check nothing in its folder changed."""
    before = files_in(path.parent)
    with pytest.raises(BadDatabase) as caught:
        open_db(path)
    assert files_in(path.parent) == before
    message = str(caught.value)
    assert str(path) in message
    return message


def test_new_database_has_the_schema_wal_mode_and_full_sync(db_path: Path) -> None:
    db = open_db(db_path)
    assert db.query("PRAGMA user_version")[0][0] == SCHEMA_VERSION
    assert db.query("PRAGMA application_id")[0][0] == APPLICATION_ID
    assert db.query("PRAGMA journal_mode")[0][0] == "wal"
    assert db.query("PRAGMA synchronous")[0][0] == 2  # FULL
    assert db.query("PRAGMA busy_timeout")[0][0] >= 1000


def test_missing_folders_are_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "games.db"
    open_db(path).close()
    assert path.is_file()


def test_empty_file_becomes_a_new_database(db_path: Path) -> None:
    db_path.write_bytes(b"")
    assert open_db(db_path).query("PRAGMA user_version")[0][0] == SCHEMA_VERSION


def test_a_file_that_is_not_a_database_is_refused_and_left_untouched(db_path: Path) -> None:
    db_path.write_bytes(b"my shopping list: eggs, milk\n" * 200)
    message = refused(db_path)
    assert "not an SQLite database" in message and "--db" in message


def test_a_truncated_database_is_refused_and_left_untouched(played: Path) -> None:
    data = played.read_bytes()
    assert len(data) >= 4 * 4096
    played.write_bytes(data[: len(data) // 2])
    message = refused(played)
    assert "truncated" in message and "backup" in message


def test_a_checkpoint_killed_after_the_first_page_is_recovered_not_refused(
    db_path: Path, tmp_path: Path
) -> None:
    """A checkpoint writes page 1 (with the new page count) before the pages after it: a
    kill in between leaves a file shorter than its header says, beside a full log."""
    db = open_db(db_path)
    SavedSession.new(db, "union-square", 7).move("s")
    db.close()
    columns = "game, deal, deal_algorithm, moves, position, status, score, started_at, updated_at"
    writer = sqlite3.connect(db_path)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    for _ in range(10):  # 1,024 games, many pages, all of them still only in the log
        writer.execute(f"INSERT INTO games ({columns}) SELECT {columns} FROM games")
    writer.commit()
    crashed = tmp_path / "crashed" / "squares.db"
    crashed.parent.mkdir()
    log = Path(f"{db_path}-wal").read_bytes()
    Path(f"{crashed}-wal").write_bytes(log)
    page_size = int.from_bytes(log[8:12], "big")
    frames = range(32, len(log) - page_size - 23, page_size + 24)
    first = [at for at in frames if int.from_bytes(log[at : at + 4], "big") == 1][-1]
    data = bytearray(db_path.read_bytes())
    data[:page_size] = log[first + 24 : first + 24 + page_size]
    crashed.write_bytes(bytes(data))
    writer.close()
    header = crashed.read_bytes()[:100]
    assert int.from_bytes(header[28:32], "big") * page_size > crashed.stat().st_size

    recovered = open_db(crashed)
    assert recovered.query("SELECT count(*) FROM games")[0][0] == 1024
    assert recovered.query("PRAGMA integrity_check")[0][0] == "ok"
    recovered.close()


def test_a_database_cut_inside_its_header_is_refused(played: Path) -> None:
    played.write_bytes(played.read_bytes()[:60])
    assert "truncated" in refused(played)


def test_a_damaged_database_is_refused_and_left_untouched(played: Path) -> None:
    data = bytearray(played.read_bytes())
    # Overwrite a page in the middle with noise: right length, wrong contents.
    data[4096 * 3 : 4096 * 4] = bytes(range(256)) * 16
    played.write_bytes(bytes(data))
    message = refused(played)
    assert "damaged" in message or "malformed" in message


def test_a_read_only_database_is_refused_and_left_untouched(played: Path) -> None:
    played.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        message = refused(played)
    finally:
        played.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert "read-only" in message and "chmod u+w" in message


def test_a_database_from_a_newer_squares_is_refused_and_left_untouched(played: Path) -> None:
    conn = sqlite3.connect(played)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    message = refused(played)
    assert "newer version of Squares" in message and "upgrade" in message
    assert f"schema {SCHEMA_VERSION + 1}" in message


def test_another_programs_database_is_refused_and_left_untouched(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    message = refused(db_path)
    assert "not one of Squares" in message and "recipes" in message


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "games.db"
    folder.mkdir()
    with pytest.raises(BadDatabase, match="is a directory"):
        open_db(folder)


def test_a_database_in_a_read_only_directory_is_refused(played: Path) -> None:
    folder = played.parent
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user can write to any directory")
        assert "read-only" in refused(played)
    finally:
        folder.chmod(stat.S_IRWXU)


def test_an_index_that_disagrees_with_its_table_is_refused(played: Path) -> None:
    conn = sqlite3.connect(played)
    page = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games_by_status'")
    root = page.fetchone()[0]
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(played.read_bytes())
    start = (root - 1) * page_size
    at = data.index(b"playing", start, start + page_size)
    data[at : at + 7] = b"plazing"  # the index now names rows by a status no row has
    played.write_bytes(bytes(data))
    assert "damaged" in refused(played)


def root_page(path: Path, name: str) -> int:
    conn = sqlite3.connect(path)
    page = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (name,)).fetchone()
    conn.close()
    return int(page[0])


def test_a_reading_program_refuses_a_damaged_page_it_reads(played: Path) -> None:
    from squares.store.stats import query_stats

    data = bytearray(played.read_bytes())
    root = root_page(played, "game_days")  # the pages the statistics read
    data[(root - 1) * 4096 : root * 4096] = bytes(range(256)) * 16
    played.write_bytes(bytes(data))
    before = files_in(played.parent)
    db = open_db(played, writing=False)
    with pytest.raises(BadDatabase) as caught:
        query_stats(db, "union-square")
    db.close()
    assert str(played) in str(caught.value) and "malformed" in str(caught.value)
    assert files_in(played.parent) == before


def test_a_reading_program_cannot_write(played: Path) -> None:
    db = open_db(played, writing=False)
    before = played.read_bytes()
    with pytest.raises(BadDatabase), db.write() as conn:
        conn.execute("DELETE FROM games")
    assert db.query("SELECT count(*) FROM games")[0][0] == 61
    db.close()
    assert played.read_bytes() == before


def test_a_reading_program_refuses_a_file_missing_an_index(played: Path) -> None:
    conn = sqlite3.connect(played)
    conn.execute("DROP INDEX games_by_status")
    conn.commit()
    conn.close()
    before = files_in(played.parent)
    with pytest.raises(BadDatabase) as caught:
        open_db(played, writing=False)
    assert "damaged" in str(caught.value) and "games_by_status" in str(caught.value)
    assert files_in(played.parent) == before


def test_a_reading_program_checks_every_page_of_a_file_it_must_upgrade(played: Path) -> None:
    conn = sqlite3.connect(played)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    page = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games_by_status'")
    root = page.fetchone()[0]
    conn.close()
    data = bytearray(played.read_bytes())
    start = (root - 1) * 4096
    at = data.index(b"playing", start, start + 4096)
    data[at : at + 7] = b"plazing"  # only the full check sees it
    played.write_bytes(bytes(data))
    assert "damaged" in refused_reading(played)


def refused_reading(path: Path) -> str:
    before = files_in(path.parent)
    with pytest.raises(BadDatabase) as caught:
        open_db(path, writing=False)
    assert files_in(path.parent) == before
    return str(caught.value)
