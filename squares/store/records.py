"""Rows of the ``games`` table as values, and the queries that find them.

A ``GameRecord`` is what is stored, read as it is: nothing here replays moves (see
``history``), so a damaged row can still be listed and exported.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from squares.cards import shown
from squares.errors import CorruptSave, GameNotFound
from squares.games import GAMES
from squares.games.base import JSON
from squares.i18n import N_, _
from squares.share import format_code
from squares.store.db import Database

STATUSES = ("playing", "won", "lost")
MAX_ID = 2**63 - 1  # SQLite's largest integer
MAX_CLOCK_MS = 100 * 36525 * 24 * 3600 * 10  # a hundred years: far from SQLite's limit
MOVES_NOT_NOTATION = N_("its moves are not a JSON list of moves in notation")
COLUMNS = (
    "id, game, deal, deal_algorithm, moves, position, resigned, status, score, clock_ms, "
    "hints_used, undo_used, version, started_at, updated_at, finished_at, daily, digest, corrupt"
)


def now_iso() -> str:
    """The time now, UTC, as stored: ``2026-03-09T18:04:05.123Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One saved game as stored. ``moves_text`` is the JSON list of the whole history
    (redo tail included); the first ``position`` of them are played."""

    id: int
    game: str
    deal: int
    deal_algorithm: int
    moves_text: str
    position: int
    resigned: bool
    status: str
    score: int | None
    clock_ms: int
    hints_used: bool
    undo_used: bool
    version: int
    started_at: str
    updated_at: str
    finished_at: str | None
    daily: str | None
    digest: str | None
    corrupt: str | None
    """Why the row could not be resumed, as marked in the database."""
    unreadable: str | None = None
    """A field that does not hold what it should (found reading the row, not yet marked)."""

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> GameRecord:
        """Read a row as it is; a field of the wrong kind is replaced by a neutral value and
        named in ``unreadable`` (a damaged file must still list, count and export)."""
        fields = _Fields(row)
        status = fields.text("status")
        if status not in STATUSES:
            fields.problems.append(
                _("status {status} is not one of {statuses}").format(
                    status=shown(status), statuses=", ".join(STATUSES)
                )
            )
        game = fields.text("game")
        if game not in GAMES:
            fields.problems.append(_("unknown game {game}").format(game=shown(game)))
        return cls(
            id=fields.number("id"),
            game=game,
            deal=fields.number("deal"),
            deal_algorithm=fields.number("deal_algorithm"),
            moves_text=fields.text("moves"),
            position=fields.number("position"),
            resigned=fields.flag("resigned"),
            status=status,
            score=fields.number("score", optional=True),
            clock_ms=fields.number("clock_ms"),
            hints_used=fields.flag("hints_used"),
            undo_used=fields.flag("undo_used"),
            version=fields.number("version"),
            started_at=fields.text("started_at"),
            updated_at=fields.text("updated_at"),
            finished_at=fields.text("finished_at", optional=True),
            daily=fields.text("daily", optional=True),
            digest=fields.text("digest", optional=True),
            corrupt=fields.text("corrupt", optional=True),
            unreadable="; ".join(fields.problems) or None,
        )

    @property
    def usable(self) -> bool:
        """Neither marked corrupt nor found unreadable: it counts, and may be resumed."""
        return self.corrupt is None and self.unreadable is None

    @property
    def code(self) -> str:
        """The share code of the deal: ``foursquare:7``."""
        return format_code(self.game, self.deal)

    @property
    def over(self) -> bool:
        return self.status != "playing"

    @property
    def won(self) -> bool:
        return self.status == "won" and self.usable

    @property
    def clean(self) -> bool:
        """Played without undo, restart or hint."""
        return not self.hints_used and not self.undo_used

    def history(self) -> list[str]:
        """The whole stored history in notation; ``CorruptSave`` if it is not a list of them."""
        try:
            moves: Any = json.loads(self.moves_text)
        except ValueError:
            moves = None
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise CorruptSave(
                _("game {id}: {problem}").format(id=self.id, problem=_(MOVES_NOT_NOTATION))
            )
        return moves

    def played(self) -> list[str]:
        """The moves from the deal to the current position."""
        return self.history()[: self.position]

    def summary(self) -> JSON:
        """The row for ``squares games --json``: the moves of the current line as notation."""
        try:
            moves: list[str] | None = self.played()
        except CorruptSave:
            moves = None
        return {
            "id": self.id,
            "game": self.game,
            "deal": self.deal,
            "code": self.code,
            "status": self.status,
            "resigned": self.resigned,
            "score": self.score,
            "move_count": self.position,
            "moves": moves,
            "clock_ms": self.clock_ms,
            "hints_used": self.hints_used,
            "undo_used": self.undo_used,
            "daily": self.daily,
            "started_at": self.started_at,
            "updated_at": self.updated_at,
            "finished_at": self.finished_at,
            "version": self.version,
            "corrupt": self.corrupt or self.unreadable,
        }


class _Fields:
    """The columns of one row, each checked for its kind; problems are collected."""

    def __init__(self, row: sqlite3.Row) -> None:
        self.row = row
        self.problems: list[str] = []

    def number(self, name: str, optional: bool = False) -> Any:
        value = self.row[name]
        if (value is None and optional) or (isinstance(value, int) and value >= 0):
            return value
        self.problems.append(
            _("{field} is {value}, not a whole number").format(field=name, value=shown(value))
        )
        return None if optional else 0

    def flag(self, name: str) -> bool:
        value = self.row[name]
        if value not in (0, 1):
            self.problems.append(
                _("{field} is {value}, not 0 or 1").format(field=name, value=shown(value))
            )
        return bool(value)

    def text(self, name: str, optional: bool = False) -> Any:
        value = self.row[name]
        if (value is None and optional) or isinstance(value, str):
            return value
        self.problems.append(
            _("{field} is {value}, not text").format(field=name, value=shown(value))
        )
        return None if optional else str(value)


def get(db: Database, game_id: int) -> GameRecord:
    """The game stored as ``game_id``; ``GameNotFound`` naming the file otherwise."""
    in_range = isinstance(game_id, int) and 0 <= game_id <= MAX_ID
    rows = db.query(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)) if in_range else []
    if not rows:
        raise GameNotFound(
            _("there is no game {id} in {path} ('squares games' lists them)").format(
                id=game_id, path=db.path
            )
        )
    return GameRecord.from_row(rows[0])


def latest_unfinished(db: Database, game: str) -> GameRecord | None:
    """The unfinished, resumable game of ``game`` played most recently, if any."""
    rows = db.query(
        f"SELECT {COLUMNS} FROM games WHERE game = ? AND status = 'playing' AND corrupt IS NULL "
        "ORDER BY updated_at DESC, id DESC LIMIT 1",
        (game,),
    )
    return GameRecord.from_row(rows[0]) if rows else None


def all_records(db: Database, game: str | None = None) -> list[GameRecord]:
    """Every game (of ``game``, if given), oldest first."""
    where, params = ("WHERE game = ?", (game,)) if game else ("", ())
    rows = db.query(f"SELECT {COLUMNS} FROM games {where} ORDER BY id", params)
    return [GameRecord.from_row(r) for r in rows]


def newest_first(
    db: Database, game: str | None = None, limit: int | None = None, offset: int = 0
) -> Iterator[GameRecord]:
    """The games (of ``game``, if given), the newest first, read as they are used:
    ``limit`` of them at most, after skipping the ``offset`` newest."""
    where, params = ("WHERE game = ?", [game]) if game else ("", [])
    rows = db.each(
        f"SELECT {COLUMNS} FROM games {where} ORDER BY id DESC LIMIT ? OFFSET ?",
        [*params, -1 if limit is None else limit, offset],
    )
    return (GameRecord.from_row(r) for r in rows)


def daily_records(db: Database) -> list[GameRecord]:
    """Every game dealt as a daily deal, oldest first."""
    rows = db.query(f"SELECT {COLUMNS} FROM games WHERE daily IS NOT NULL ORDER BY daily, id")
    return [GameRecord.from_row(r) for r in rows]
