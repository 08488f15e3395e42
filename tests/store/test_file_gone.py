"""The file taken away while a game is on: no move is acknowledged that a restart would lose.

Deleted, renamed or replaced, the file a program opened (or its write-ahead log) is no
longer the one at its path; the next action is refused, saying so, and the games saved
until then are copied beside the path. A journal left without its main file is never started over.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from squares.errors import BadDatabase
from squares.store import SavedSession, open_db
from squares.store.db import Database
from squares.store.faults import DatabaseGone, DiskFull


def games_in(path: Path) -> list[tuple[int, str]]:
    copy = sqlite3.connect(path)
    try:
        return [(row[0], row[1]) for row in copy.execute("SELECT deal, moves FROM games")]
    finally:
        copy.close()


def played(db: Database) -> SavedSession:
    return SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1")


@pytest.mark.parametrize("how", ["deleted", "renamed", "replaced", "journal deleted"])
def test_a_move_after_the_file_is_taken_away_is_refused_and_the_games_are_kept(
    db_path: Path, how: str
) -> None:
    db = open_db(db_path)
    saved = played(db)
    if how == "deleted":
        db_path.unlink()
    elif how == "renamed":
        db_path.rename(db_path.with_name("elsewhere.db"))
    elif how == "replaced":  # another database is put in its place
        other = db_path.with_name("other.db")
        open_db(other).close()
        other.replace(db_path)
    else:  # its write-ahead log, which holds the moves until a checkpoint: committed into a
        Path(f"{db_path}-wal").unlink()  # log no path leads to, they die with the program
    with pytest.raises(DatabaseGone) as refused:
        saved.move("1,0")
    message = str(refused.value)
    kept = Path(f"{db_path}.kept.db")
    said = {
        "replaced": "deleted, renamed or replaced",
        "journal deleted": f"{db_path}-wal, the journal of {db_path}, was deleted",
    }
    assert said.get(how, how) in message
    assert str(kept) in message
    assert games_in(kept) == [(7, '["0,0", "0,1"]')]  # the moves acknowledged, not the refused
    assert saved.moves == ["0,0", "0,1"]
    with pytest.raises(DatabaseGone):  # and every action after it, without another copy
        SavedSession.new(db, "union-square", 8)
    assert not Path(f"{db_path}.kept-2.db").exists()
    db.close()


def test_the_file_in_place_is_written_as_before(db_path: Path) -> None:
    db = open_db(db_path)
    played(db).move("1,0")
    db.close()
    assert games_in(db_path) == [(7, '["0,0", "0,1", "1,0"]')]
    assert not Path(f"{db_path}.kept.db").exists()


def test_a_kept_copy_already_there_is_never_written_over(db_path: Path) -> None:
    Path(f"{db_path}.kept.db").write_bytes(b"the player's own file")
    db = open_db(db_path)
    saved = played(db)
    db_path.unlink()
    with pytest.raises(DatabaseGone, match=r"kept-2\.db"):
        saved.undo()
    assert Path(f"{db_path}.kept.db").read_bytes() == b"the player's own file"
    assert games_in(Path(f"{db_path}.kept-2.db")) == [(7, '["0,0", "0,1"]')]
    db.close()


def test_a_journal_without_its_main_file_is_refused_and_left_as_it_is(db_path: Path) -> None:
    db = open_db(db_path)
    played(db)
    wal = Path(f"{db_path}-wal")
    log = wal.read_bytes()
    assert log  # the games are in the write-ahead log, not yet in the main file
    db_path.unlink()
    db.close()  # (the log of a deleted file is kept by the close: write it back as it was)
    wal.write_bytes(log)
    for writing in (False, True):  # "squares games" only reads, and must not start over
        with pytest.raises(BadDatabase) as refused:
            open_db(db_path, writing=writing)
        assert "does not exist" in str(refused.value)
        assert wal.name in str(refused.value)
        assert not db_path.exists()
        assert wal.read_bytes() == log


def test_no_file_and_an_empty_journal_is_a_new_database(db_path: Path) -> None:
    Path(f"{db_path}-wal").write_bytes(b"")
    open_db(db_path).close()
    assert db_path.is_file()
    assert os.path.getsize(db_path) > 0


@pytest.fixture(params=["as SQLite sees it", "a small tmpfs"])
def full_disk(
    request: pytest.FixtureRequest, db_path: Path, tmp_path: Path
) -> Iterator[tuple[Database, Callable[[], None]]]:
    """A database whose disk is about to be full, and what makes room on it: SQLite's page
    limit, or (where this user may mount one) a real file system of 300 KB."""
    if request.param == "as SQLite sees it":
        db = open_db(db_path)
        pages = db.query("PRAGMA page_count")[0][0]
        db.conn.execute(f"PRAGMA max_page_count = {pages + 8}")

        def more_pages() -> None:
            db.conn.execute(f"PRAGMA max_page_count = {10 * pages}")

        yield db, more_pages
        db.close()
        return
    disk = tmp_path / "disk"
    disk.mkdir()
    mount = shutil.which("mount")
    if mount is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root and mount")
    if subprocess.run([mount, "-t", "tmpfs", "-o", "size=300k", "tmpfs", str(disk)]).returncode:
        pytest.skip("this machine does not allow mounting a tmpfs")
    try:
        db = open_db(disk / "games.db")

        def make_room() -> None:
            subprocess.run([mount, "-o", "remount,size=4m", str(disk)], check=True)

        yield db, make_room
        db.close()
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_full_disk_says_to_make_room_not_to_move_the_file(
    full_disk: tuple[Database, Callable[[], None]],
) -> None:
    db, make_room = full_disk
    first = SavedSession.new(db, "foursquare", 7).move("0,0")
    with pytest.raises(DiskFull) as refused:
        for deal in range(1000):
            SavedSession.new(db, "union-square", deal).move("s")
    message = str(refused.value)
    assert "the disk is full" in message and "Free some space" in message
    assert "aside" not in message
    make_room()  # room again: play goes on, and what was saved before is there
    SavedSession.new(db, "foursquare", 8).move("0,0")
    assert SavedSession.open(db, first.id).moves == ["0,0"]


def test_another_program_closing_leaves_the_journal_in_place(db_path: Path) -> None:
    db = open_db(db_path)
    saved = played(db)
    open_db(db_path, writing=False).close()
    open_db(db_path).close()
    saved.move("1,0")
    db.close()
    assert games_in(db_path) == [(7, '["0,0", "0,1", "1,0"]')]
