"""Databases written by every earlier schema version open, upgraded, with every game kept."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from squares.store import SavedSession, open_db
from squares.store.records import all_records
from squares.store.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

# Schema version 1 exactly as released: a migration, once released, never changes.
V1 = (
    """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            deal INTEGER NOT NULL,
            deal_algorithm INTEGER NOT NULL,
            moves TEXT NOT NULL DEFAULT '[]',
            position INTEGER NOT NULL DEFAULT 0 CHECK (position >= 0),
            resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
            status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'won', 'lost')),
            score INTEGER,
            clock_ms INTEGER NOT NULL DEFAULT 0 CHECK (clock_ms >= 0),
            hints_used INTEGER NOT NULL DEFAULT 0 CHECK (hints_used IN (0, 1)),
            undo_used INTEGER NOT NULL DEFAULT 0 CHECK (undo_used IN (0, 1)),
            version INTEGER NOT NULL DEFAULT 1,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT
        )""",
    "CREATE INDEX games_by_status ON games (game, status, updated_at)",
)

V1_GAMES = [
    # an unfinished game with a redo tail: 3 moves stored, 2 played
    (
        "foursquare",
        7,
        '["0,0", "0,1", "1,1"]',
        2,
        0,
        "playing",
        None,
        41_000,
        0,
        1,
        "2026-03-09T12:00:00.000Z",
        None,
    ),
    # a resigned game that was the daily deal of the day it began (noon UTC, any zone)
    (
        "union-square",
        20260309,
        '["s"]',
        1,
        1,
        "lost",
        0,
        5_000,
        1,
        0,
        "2026-03-09T12:00:00.000Z",
        "2026-03-09T12:05:00.000Z",
    ),
]


def make_v1(path: Path) -> None:
    conn = sqlite3.connect(path)
    for statement in V1:
        conn.execute(statement)
    conn.executemany(
        "INSERT INTO games (game, deal, deal_algorithm, moves, position, resigned, status, score, "
        "clock_ms, hints_used, undo_used, started_at, updated_at, finished_at) "
        "VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(*g[:10], g[10], g[11] or g[10], g[11]) for g in V1_GAMES],
    )
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def test_version_1_as_released_is_still_the_first_migration() -> None:
    assert MIGRATIONS[0].version == 1
    assert MIGRATIONS[0].statements == V1


def test_migrations_are_numbered_one_after_another() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


def test_version_1_database_migrates_keeping_every_game(db_path: Path) -> None:
    make_v1(db_path)
    db = open_db(db_path)
    assert db.query("PRAGMA user_version")[0][0] == SCHEMA_VERSION
    games = all_records(db)
    assert [
        (
            g.game,
            g.deal,
            json.loads(g.moves_text),
            g.position,
            g.status,
            g.score,
            g.clock_ms,
            g.hints_used,
            g.undo_used,
            g.resigned,
        )
        for g in games
    ] == [
        ("foursquare", 7, ["0,0", "0,1", "1,1"], 2, "playing", None, 41_000, False, True, False),
        ("union-square", 20260309, ["s"], 1, "lost", 0, 5_000, True, False, True),
    ]
    # version 2 learnt which games were daily deals from their deal and start date
    assert [g.daily for g in games] == [None, "2026-03-09"]
    assert all(g.corrupt is None and g.digest is None for g in games)


def test_migrated_game_resumes_with_its_redo_tail_and_then_saves_a_digest(db_path: Path) -> None:
    make_v1(db_path)
    db = open_db(db_path)
    saved = SavedSession.resume(db, "foursquare")
    assert saved is not None and saved.moves == ["0,0", "0,1"] and saved.clock_ms >= 41_000
    saved.redo()
    assert all_records(db)[0].digest is not None
    assert SavedSession.open(db, saved.id).moves == ["0,0", "0,1", "1,1"]


def test_a_copy_of_the_old_database_is_kept_before_migrating(db_path: Path) -> None:
    make_v1(db_path)
    open_db(db_path).close()
    backup = Path(f"{db_path}.v1.bak")
    conn = sqlite3.connect(backup)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == len(V1_GAMES)
    conn.close()


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_every_earlier_version_reaches_the_current_one(db_path: Path, version: int) -> None:
    conn = sqlite3.connect(db_path)
    for migration in MIGRATIONS[:version]:
        for statement in migration.statements:
            conn.execute(statement)
    if version:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()
    db = open_db(db_path)
    assert db.query("PRAGMA user_version")[0][0] == SCHEMA_VERSION
    saved = SavedSession.new(db, "foursquare", 7).move("0,0")
    assert SavedSession.open(db, saved.id).moves == ["0,0"]


def test_two_programs_creating_the_database_at_once_both_succeed(db_path: Path) -> None:
    first = open_db(db_path)
    second = open_db(db_path)  # finds it made, migrates nothing
    SavedSession.new(first, "foursquare", 1)
    assert len(all_records(second)) == 1


def test_migrated_database_never_reuses_an_id(db_path: Path) -> None:
    make_v1(db_path)
    db = open_db(db_path)
    old = max(g.id for g in all_records(db))
    forgotten = SavedSession.new(db, "foursquare", 1)
    forgotten.abandon()  # never played: deleted
    later = SavedSession.new(db, "foursquare", 2)
    assert later.id > forgotten.id > old


def test_a_version_5_database_gains_the_reviews_table_keeping_every_game(db_path: Path) -> None:
    make_v1(db_path)
    conn = sqlite3.connect(db_path)
    for migration in MIGRATIONS[1:5]:
        for statement in migration.statements:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    db = open_db(db_path)
    assert len(all_records(db)) == len(V1_GAMES)
    assert db.query("SELECT count(*) FROM reviews")[0][0] == 0
    finished = next(g for g in all_records(db) if g.over)
    with db.write() as write:
        write.execute(
            "INSERT INTO reviews (game_id, format, review, created_at) VALUES (?, 1, '{}', 'now')",
            (finished.id,),
        )
        write.execute("DELETE FROM games WHERE id = ?", (finished.id,))
    assert db.query("SELECT count(*) FROM reviews")[0][0] == 0
