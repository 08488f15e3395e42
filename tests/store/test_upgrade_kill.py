"""The schema upgrade killed with SIGKILL at random moments, with real processes and files.

A version-1 file with many games is upgraded by ``squares games``; the program is killed
somewhere between its start and the end of the upgrade, then run again to the end. After
every kill the file must be either still version 1 or fully upgraded, with every game, and
a ``.v1.bak`` that exists must be a complete copy; the run after it must finish the
upgrade and leave a complete copy (a partial one was once left, then trusted).
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from squares.store.schema import APPLICATION_ID, SCHEMA_VERSION
from tests.store.test_migrations import V1

# The kills are spread over the upgrade, so it must last a while: the file starts with
# ROWS games, four times more while its upgrade takes less than UPGRADE_SECONDS here, until
# the upgrade takes MOST_CPU seconds of CPU (or the file has MOST_ROWS games). On a busy
# machine a slow start could make even a long upgrade look short: the file grew to 320,000
# games, each of the trials' upgrades then seconds of CPU instead of tenths.
ROWS = 5_000
UPGRADE_SECONDS = 0.2
MOST_CPU = 0.25
MOST_ROWS = 320_000
TRIALS = 10


def make_big_v1(path: Path, rows: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")  # as Squares left its files
    for statement in V1:
        conn.execute(statement)
    moves = '["s", "w-t1", "t2-f", "s", "s", "w-f", "t3-t4", "s", "s", "s"]'
    conn.executemany(
        "INSERT INTO games (game, deal, deal_algorithm, moves, position, status, score, "
        "clock_ms, started_at, updated_at, finished_at) VALUES "
        "('union-square', ?, 1, ?, 0, 'lost', 0, 1000, ?, ?, ?)",
        [(i, moves, f"2025-01-01T00:00:{i % 60:02d}Z", "2025-01-02", None) for i in range(rows)],
    )
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def rows_and_version(path: Path) -> tuple[int, int]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        count = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        return count, conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def make_small_v1(path: Path, deal: int = 7) -> None:
    conn = sqlite3.connect(path)
    for statement in V1:
        conn.execute(statement)
    conn.execute(
        "INSERT INTO games (game, deal, deal_algorithm, started_at, updated_at) "
        "VALUES ('foursquare', ?, 1, '2026-01-01', '2026-01-01')",
        (deal,),
    )
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


# A program that opens the file, which upgrades it, and exits (listing the games after the
# upgrade would take most of the time, and the kills are meant for the upgrade).
OPEN = "import sys; from squares.store import open_db; open_db(sys.argv[1]).close()"


def start(db: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", OPEN, str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "LANG": "C.UTF-8"},
    )


def run_timed(db: Path) -> tuple[float, float]:
    """The seconds of a start on ``db`` to its end, and the CPU seconds it used."""
    began, used = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    assert start(db).wait(timeout=120) == 0
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime
    return time.monotonic() - began, cpu


def time_the_upgrade(template: Path, timed: Path, rows: int) -> tuple[float, float, float]:
    """How long a whole upgrade of a copy of ``template`` takes here, and a start with
    nothing to upgrade (the kills are spread over the difference), and the CPU seconds
    of the upgrade beyond that start."""
    for leftover in timed.parent.glob(f"{timed.name}*"):
        leftover.unlink()
    shutil.copy(template, timed)
    whole, whole_cpu = run_timed(timed)
    assert rows_and_version(timed) == (rows, SCHEMA_VERSION)
    assert rows_and_version(Path(f"{timed}.v1.bak")) == (rows, 1)
    idle, idle_cpu = run_timed(timed)  # nothing to upgrade: the start-up alone
    return whole, idle, whole_cpu - idle_cpu


@pytest.mark.long
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_the_upgrade_never_leaves_a_partial_backup(tmp_path: Path) -> None:
    rows = ROWS
    while True:  # a file whose upgrade lasts long enough here to be killed in its midst
        template = tmp_path / "template.db"
        template.unlink(missing_ok=True)
        make_big_v1(template, rows)
        whole, idle, upgrade_cpu = time_the_upgrade(template, tmp_path / "timed.db", rows)
        if whole - idle >= UPGRADE_SECONDS or upgrade_cpu >= MOST_CPU or rows >= MOST_ROWS:
            break
        rows *= 4

    chance = random.Random(15)
    outcomes: list[str] = []
    for trial in range(TRIALS):
        db = tmp_path / f"trial{trial}.db"
        shutil.copy(template, db)
        program = start(db)
        # A third of the kills aim at the first part of the upgrade, where the copy is
        # written, a third anywhere in it, a third at its end (the schema steps after the
        # copy take most of the time, so a kill anywhere seldom lands before or after them).
        earliest, latest = [
            (0.9 * idle, idle + 0.2 * (whole - idle)),
            (0.9 * idle, whole),
            (0.9 * whole, 1.3 * whole),
        ][trial % 3]
        time.sleep(chance.uniform(earliest, latest))
        program.send_signal(signal.SIGKILL)
        program.wait(timeout=30)
        backup = Path(f"{db}.v1.bak")
        count, version = rows_and_version(db)
        assert count == rows and version in (1, SCHEMA_VERSION), (trial, count, version)
        if backup.exists():
            assert rows_and_version(backup) == (rows, 1), f"trial {trial}: partial backup"
        outcomes.append(f"v{version}, backup {'kept' if backup.exists() else 'not yet'}")
        # The next start finishes the upgrade and keeps a complete copy.
        again = start(db)
        assert again.wait(timeout=120) == 0, again.stderr.read() if again.stderr else ""
        assert rows_and_version(db) == (rows, SCHEMA_VERSION)
        assert rows_and_version(backup) == (rows, 1)
        assert not list(tmp_path.glob(f"{db.name}.v1.bak.part-*")), "a stale copy was left"
        for leftover in tmp_path.glob(f"{db.name}*"):
            leftover.unlink()
    # The kills landed in different places (not all before, not all after the upgrade).
    assert len(set(outcomes)) > 1, (outcomes, idle, whole)


def test_an_empty_backup_is_not_trusted(tmp_path: Path) -> None:
    """What a kill used to leave: an empty ``.v1.bak``. It is replaced by a complete copy."""
    db = tmp_path / "old.db"
    make_small_v1(db)
    backup = Path(f"{db}.v1.bak")
    backup.write_bytes(b"")
    (tmp_path / "old.db.v1.bak.part-999999999").write_bytes(b"partial")
    assert start(db).wait(timeout=60) == 0
    assert rows_and_version(backup) == (1, 1)
    assert not list(tmp_path.glob("*.part-*"))


def test_a_backup_of_another_file_is_kept_and_this_one_gets_its_own(tmp_path: Path) -> None:
    first, second = tmp_path / "first.db", tmp_path / "squares.db"
    make_small_v1(first, 1)
    make_small_v1(second, 2)
    # The first file's backup sits under the second's name (a file restored and upgraded).
    shutil.copy(first, tmp_path / "squares.db.v1.bak")
    shutil.copy(first, tmp_path / "squares.db.v1.bak.keep")
    assert start(second).wait(timeout=60) == 0
    assert (tmp_path / "squares.db.v1.bak").read_bytes() == (
        tmp_path / "squares.db.v1.bak.keep"
    ).read_bytes()
    copy = sqlite3.connect(tmp_path / "squares.db.v1.2.bak")
    assert copy.execute("SELECT deal FROM games").fetchall() == [(2,)]
    copy.close()


@pytest.mark.parametrize("point", ["_fsync", "replace"])
def test_killed_before_the_copy_is_renamed_the_next_start_writes_it_again(
    tmp_path: Path, point: str
) -> None:
    """Killed at a chosen point: the copy written but not yet on disk, or not yet renamed."""
    db = tmp_path / "old.db"
    make_small_v1(db)
    kill = (
        "import os, signal, sys; import squares.store.db as d\n"
        "def die(*a): os.kill(os.getpid(), signal.SIGKILL)\n"
        + ("d._fsync = die\n" if point == "_fsync" else "d.os.replace = die\n")
        + "d.open_db(sys.argv[1])"
    )
    killed = subprocess.run([sys.executable, "-c", kill, str(db)], check=False)
    assert killed.returncode == -signal.SIGKILL
    assert not Path(f"{db}.v1.bak").exists()
    assert rows_and_version(db) == (1, 1)
    assert start(db).wait(timeout=60) == 0
    assert rows_and_version(Path(f"{db}.v1.bak")) == (1, 1)
    assert rows_and_version(db) == (1, SCHEMA_VERSION)
    assert not list(tmp_path.glob("*.part-*"))
