"""Games as versioned JSON: export one, import one or many, clear with a backup first.

One game::

    {"kind": "squares game", "format": 1, "game": "foursquare", "deal": 7,
     "code": "foursquare:7", "deal_algorithm": 1, "moves": ["0,0", "0,1"], "position": 2,
     "resigned": false, "status": "playing", "score": null, "clock_ms": 41250,
     "hints_used": false, "undo_used": false, "daily": null,
     "started_at": "2026-03-09T18:04:05.123Z", "finished_at": null, "id": 3}

Many (what ``clear_finished`` keeps as its backup)::

    {"kind": "squares games", "format": 1, "games": [<one game>, ...]}

An import checks every field and replays every move before it stores anything; the first
problem raises ``CorruptSave`` naming the JSON line, the field or the move. ``id`` and
``code`` are informative (a game gets a new id), ``status`` and ``score`` must be what
the moves lead to.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from squares.cards import DEAL_ALGORITHM, check_deal_number
from squares.errors import CorruptSave, SquaresError
from squares.games import get_game
from squares.games.base import JSON
from squares.share import daily_deal, format_code
from squares.store import history
from squares.store.db import Database
from squares.store.records import COLUMNS, GameRecord, now_iso

FORMAT = 1
ONE, MANY = "squares game", "squares games"
_FIELDS = {
    "kind",
    "format",
    "game",
    "deal",
    "code",
    "deal_algorithm",
    "moves",
    "position",
    "resigned",
    "status",
    "score",
    "clock_ms",
    "hints_used",
    "undo_used",
    "daily",
    "started_at",
    "finished_at",
    "id",
    "corrupt",
}


def export_game(record: GameRecord) -> JSON:
    """The game as versioned JSON-ready data. A corrupt game is written as it is stored
    (moves that are not a list stay the text they are), with its ``corrupt`` reason."""
    try:
        moves: Any = record.history()
    except CorruptSave:
        moves = record.moves_text
    return {
        "kind": ONE,
        "format": FORMAT,
        "game": record.game,
        "deal": record.deal,
        "code": record.code,
        "deal_algorithm": record.deal_algorithm,
        "moves": moves,
        "position": record.position,
        "resigned": record.resigned,
        "status": record.status,
        "score": record.score,
        "clock_ms": record.clock_ms,
        "hints_used": record.hints_used,
        "undo_used": record.undo_used,
        "daily": record.daily,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "id": record.id,
        **({} if record.usable else {"corrupt": record.corrupt or record.unreadable}),
    }


def export_games(records: list[GameRecord]) -> JSON:
    return {"kind": MANY, "format": FORMAT, "games": [export_game(r) for r in records]}


@dataclass(frozen=True, slots=True)
class Incoming:
    """One game of an import file, checked and ready to store."""

    game: str
    deal: int
    moves: tuple[str, ...]
    position: int
    resigned: bool
    status: str
    score: int | None
    clock_ms: int
    hints_used: bool
    undo_used: bool
    daily: str | None
    started_at: str
    finished_at: str | None
    digest: str


def read_import(text: str) -> list[Incoming]:
    """Every game in an export file's text, each checked; ``CorruptSave`` at the first fault."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise CorruptSave(
            f"not valid JSON at line {err.lineno}, column {err.colno}: {err.msg}"
        ) from None
    if not isinstance(data, dict):
        raise CorruptSave(f'expected a JSON object with "kind": "{ONE}" (from squares export)')
    if data.get("kind") == MANY:
        _check_format(data)
        games = data.get("games")
        if not isinstance(games, list) or set(data) != {"kind", "format", "games"}:
            raise CorruptSave(f"a '{MANY}' file has exactly 'kind', 'format' and a list 'games'")
        return [_checked(g, f"game {i} of the file: ") for i, g in enumerate(games)]
    return [_checked(data, "")]


def import_games(db: Database, games: list[Incoming]) -> tuple[list[int], int]:
    """Store checked games in one transaction: (new ids, games skipped as already there)."""
    ids, skipped = [], 0
    with db.write() as conn:
        for g in games:
            moves = json.dumps(list(g.moves))
            if conn.execute(
                "SELECT 1 FROM games WHERE game = ? AND deal = ? AND started_at = ? AND moves = ? "
                "AND position = ?",
                (g.game, g.deal, g.started_at, moves, g.position),
            ).fetchone():
                skipped += 1
                continue
            row = conn.execute(
                "INSERT INTO games (game, deal, deal_algorithm, moves, position, resigned, status, "
                "score, clock_ms, hints_used, undo_used, started_at, updated_at, finished_at, "
                "daily, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "RETURNING id",
                (
                    g.game,
                    g.deal,
                    DEAL_ALGORITHM,
                    moves,
                    g.position,
                    g.resigned,
                    g.status,
                    g.score,
                    g.clock_ms,
                    g.hints_used,
                    g.undo_used,
                    g.started_at,
                    now_iso(),
                    g.finished_at,
                    g.daily,
                    g.digest,
                ),
            ).fetchone()
            ids.append(row[0])
    return ids, skipped


def clear_finished(db: Database, game: str | None, backup: Path) -> int:
    """Delete the finished games (of ``game``, or all) after writing them to ``backup``
    as an importable file; unfinished games stay. Returns how many were cleared."""
    where = "status != 'playing'" + (" AND game = ?" if game else "")
    params = (game,) if game else ()
    with db.write() as conn:
        sql = f"SELECT {COLUMNS} FROM games WHERE {where} ORDER BY id"
        rows = conn.execute(sql, params).fetchall()
        if not rows:
            return 0
        records = [GameRecord.from_row(r) for r in rows]
        data = export_games(records)
        _write_new_file(backup, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        conn.execute(f"DELETE FROM games WHERE {where}", params)
    return len(records)


def _write_new_file(path: Path, text: str) -> None:
    """Write ``text`` to a file that must not exist yet, on disk before returning."""
    with path.open("x", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


# -- checking one game ------------------------------------------------------------------
def _check_format(data: JSON) -> None:
    if data.get("format") != FORMAT:
        raise CorruptSave(
            f"unsupported format {data.get('format')!r}: this version of Squares "
            f"reads format {FORMAT}"
        )


def _checked(data: object, where: str) -> Incoming:
    try:
        return _check_game(data)
    except CorruptSave as err:
        raise CorruptSave(f"{where}{err}") from None


def _check_game(data: object) -> Incoming:
    if not isinstance(data, dict):
        raise CorruptSave("a game must be a JSON object")
    if data.get("kind") != ONE:
        raise CorruptSave(
            f"'kind' is {data.get('kind')!r}: expected {ONE!r} (a file written by squares export)"
        )
    _check_format(data)
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise CorruptSave(f"unknown field {unknown[0]!r}")
    if data.get("corrupt"):
        raise CorruptSave(f"the game was exported marked corrupt: {data['corrupt']}")
    game, deal = data.get("game"), data.get("deal")
    if not isinstance(game, str):
        raise CorruptSave('\'game\' must be a game name such as "foursquare" or "union-square"')
    try:
        game = get_game(game).name
        deal = check_deal_number(deal)
    except SquaresError as err:
        raise CorruptSave(str(err)) from None
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise CorruptSave("'moves' must be a list of moves in notation (strings)")
    position = data.get("position", len(moves))
    resigned = _flag(data, "resigned")
    session = history.replay(
        game, deal, moves, position, resigned, data.get("deal_algorithm", DEAL_ALGORITHM)
    )
    if "code" in data and data["code"] != format_code(game, deal):
        raise CorruptSave(
            f"'code' is {data['code']!r}, but game and deal make {format_code(game, deal)!r}"
        )
    for field, value in (("status", str(session.status)), ("score", session.score)):
        if field in data and data[field] != value:
            raise CorruptSave(f"'{field}' is {data[field]!r}, but the moves lead to {value!r}")
    clock = data.get("clock_ms", 0)
    if isinstance(clock, bool) or not isinstance(clock, int) or clock < 0:
        raise CorruptSave(f"'clock_ms' must be a whole number of milliseconds, not {clock!r}")
    started = _timestamp(data, "started_at") or now_iso()
    finished = _timestamp(data, "finished_at")
    if session.over:
        finished = finished or started
    return Incoming(
        game=game,
        deal=deal,
        moves=tuple(moves),
        position=position,
        resigned=resigned,
        status=str(session.status),
        score=session.score,
        clock_ms=clock,
        hints_used=_flag(data, "hints_used"),
        undo_used=_flag(data, "undo_used"),
        daily=_daily(data.get("daily"), deal),
        started_at=started,
        finished_at=finished if session.over else None,
        digest=history.digest(session.game, session.state),
    )


def _flag(data: JSON, field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise CorruptSave(f"'{field}' must be true or false, not {value!r}")
    return value


def _timestamp(data: JSON, field: str) -> str | None:
    value = data.get(field)
    if value is None:
        return None
    try:
        if not isinstance(value, str):
            raise ValueError
        datetime.fromisoformat(value)
    except ValueError:
        raise CorruptSave(
            f"'{field}' must be a time like '2026-03-09T18:04:05.123Z', not {value!r}"
        ) from None
    return value


def _daily(value: object, deal: int) -> str | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str):
            raise ValueError
        day = date.fromisoformat(value)
    except ValueError:
        raise CorruptSave(
            f"'daily' must be a date like '2026-03-09' or null, not {value!r}"
        ) from None
    if daily_deal(day) != deal:
        raise CorruptSave(f"'daily' is {value!r}, whose deal is {daily_deal(day)}, not {deal}")
    return value
