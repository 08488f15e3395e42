from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from squares.store import Database, open_db
from squares.store.records import GameRecord, get


@pytest.fixture
def db_path(private_database: Path) -> Path:
    """The test's own database file (the one ``SQUARES_DB`` points at)."""
    return private_database


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_db(db_path)
    yield database
    database.close()


_DEFAULTS: dict[str, Any] = {
    "game": "foursquare",
    "deal": 7,
    "deal_algorithm": 1,
    "moves": "[]",
    "position": 0,
    "resigned": 0,
    "status": "won",
    "score": None,
    "clock_ms": 60_000,
    "hints_used": 0,
    "undo_used": 0,
    "started_at": "2026-03-01T10:00:00.000Z",
    "finished_at": None,
}


def add_game(db: Database, **fields: Any) -> GameRecord:
    """Store a crafted row as it is (no replay): for statistics and for damaged rows."""
    row = {**_DEFAULTS, **fields}
    row.setdefault("updated_at", row["finished_at"] or row["started_at"])
    names = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    with db.write() as conn:
        game_id = conn.execute(
            f"INSERT INTO games ({names}) VALUES ({marks}) RETURNING id", tuple(row.values())
        ).fetchone()[0]
    return get(db, game_id)


def raw_row(db: Database, game_id: int) -> dict[str, Any]:
    return dict(db.query("SELECT * FROM games WHERE id = ?", (game_id,))[0])
