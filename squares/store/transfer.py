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
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from squares import jsonin
from squares.cards import DEAL_ALGORITHM, check_deal_number, shown
from squares.difficulty import difficulty_word, level_of
from squares.errors import CorruptSave, SquaresError
from squares.games import GAMES, get_game
from squares.games.base import JSON
from squares.i18n import N_, _
from squares.jsonin import BadJson
from squares.share import daily_level, format_code, may_be_daily
from squares.store import history
from squares.store.db import Database
from squares.store.records import COLUMNS, MAX_CLOCK_MS, GameRecord, now_iso

FORMAT = 1
GAME_FIELD = N_("'game' must be the name of a game: {games}")
MOVES_FIELD = N_("'moves' must be a list of moves in notation (strings)")
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
        data: Any = jsonin.load(text)
    except BadJson as err:
        raise CorruptSave(str(err)) from None
    if not isinstance(data, dict):
        raise CorruptSave(
            _('expected a JSON object with "kind": "{kind}" (from squares export)').format(kind=ONE)
        )
    if data.get("kind") == MANY:
        _check_format(data)
        games = data.get("games")
        if not isinstance(games, list) or set(data) != {"kind", "format", "games"}:
            raise CorruptSave(
                _("a '{kind}' file has exactly 'kind', 'format' and a list 'games'").format(
                    kind=MANY
                )
            )
        return [_checked(g, i) for i, g in enumerate(games)]
    return [_checked(data, None)]


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
        # Every finished game of these days goes: their sums go first (``schema._COUNTED``).
        conn.execute("DELETE FROM game_days" + (" WHERE game = ?" if game else ""), params)
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
    found = data.get("format")
    if not _is_int(found) or found != FORMAT:
        raise CorruptSave(
            _("unsupported format {found}: this version of Squares reads format {format}").format(
                found=shown(found), format=FORMAT
            )
        )


def _is_int(value: object) -> bool:
    """A JSON integer: ``true`` is not 1, and ``1.0`` is not an integer, in a file."""
    return isinstance(value, int) and not isinstance(value, bool)


def _checked(data: object, index: int | None) -> Incoming:
    """Check one game; ``index`` is its place in a file of many, named in the error."""
    try:
        return _check_game(data)
    except CorruptSave as err:
        if index is None:
            raise
        raise CorruptSave(
            _("game {index} of the file: {problem}").format(index=index, problem=err)
        ) from None


def _check_game(data: object) -> Incoming:
    if not isinstance(data, dict):
        raise CorruptSave(_("a game must be a JSON object"))
    if data.get("kind") != ONE:
        raise CorruptSave(
            _("'kind' is {found}: expected {kind} (a file written by squares export)").format(
                found=shown(data.get("kind")), kind=repr(ONE)
            )
        )
    _check_format(data)
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise CorruptSave(_("unknown field {field}").format(field=shown(unknown[0])))
    if data.get("corrupt"):
        raise CorruptSave(
            _("the game was exported marked corrupt: {reason}").format(
                reason=shown(data["corrupt"], 200)
            )
        )
    game, deal = data.get("game"), data.get("deal")
    if not isinstance(game, str):
        raise CorruptSave(_(GAME_FIELD).format(games=", ".join(GAMES)))
    try:
        game = get_game(game).name
        deal = check_deal_number(deal)
    except SquaresError as err:
        raise CorruptSave(str(err)) from None
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise CorruptSave(_(MOVES_FIELD))
    position = data.get("position", len(moves))
    resigned = _flag(data, "resigned")
    algorithm = data.get("deal_algorithm", DEAL_ALGORITHM)
    if not _is_int(algorithm):
        raise CorruptSave(
            _("'deal_algorithm' must be a whole number such as {algorithm}, not {found}").format(
                algorithm=DEAL_ALGORITHM, found=shown(algorithm)
            )
        )
    session = history.replay(game, deal, moves, position, resigned, algorithm)
    if "code" in data and data["code"] != format_code(game, deal):
        raise CorruptSave(
            _("'code' is {found}, but game and deal make {code}").format(
                found=shown(data["code"]), code=repr(format_code(game, deal))
            )
        )
    for field, value in (("status", str(session.status)), ("score", session.score)):
        found = data.get(field, value)
        if found != value or type(found) is not type(value):
            raise CorruptSave(
                _("'{field}' is {found}, but the moves lead to {value}").format(
                    field=field, found=shown(found), value=repr(value)
                )
            )
    clock = data.get("clock_ms", 0)
    if not _is_int(clock) or not 0 <= clock <= MAX_CLOCK_MS:
        raise CorruptSave(
            _(
                "'clock_ms' must be a whole number of milliseconds from 0 to {most} "
                "(a hundred years), not {found}"
            ).format(most=MAX_CLOCK_MS, found=shown(clock))
        )
    started = _timestamp(data, "started_at") or now_iso()
    finished = _timestamp(data, "finished_at")
    if session.over:
        finished = finished or started
        if _instant(finished) < _instant(started):
            raise CorruptSave(
                _("'finished_at' is {finished}, before 'started_at' {started}").format(
                    finished=repr(finished), started=repr(started)
                )
            )
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
        daily=_daily(data.get("daily"), game, deal),
        started_at=started,
        finished_at=finished if session.over else None,
        digest=history.digest(session.game, session.state),
    )


def _flag(data: JSON, field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise CorruptSave(
            _("'{field}' must be true or false, not {found}").format(
                field=field, found=shown(value)
            )
        )
    return value


def _timestamp(data: JSON, field: str) -> str | None:
    value = data.get(field)
    if value is None:
        return None
    try:
        if not isinstance(value, str) or not value.isascii() or len(value) > 40:
            raise ValueError
        _instant(value)
    except ValueError:
        raise CorruptSave(
            _("'{field}' must be a time like '2026-03-09T18:04:05.123Z', not {found}").format(
                field=field, found=shown(value)
            )
        ) from None
    return value


def _instant(text: str) -> datetime:
    """The moment a stored time names (UTC when it names no zone), to compare two."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _daily(value: object, game: str, deal: int) -> str | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or not value.isascii() or len(value) > 10:
            raise ValueError
        day = date.fromisoformat(value)
    except ValueError:
        raise CorruptSave(
            _("'daily' must be a date like '2026-03-09' or null, not {found}").format(
                found=shown(value)
            )
        ) from None
    if not may_be_daily(game, deal, day):
        # TRANSLATORS: {level} is easy, medium, hard or expert; {its} the same, or "not rated"
        text = _("'daily' is {found}, a day of {level} daily deals, but deal {deal} is {its}")
        raise CorruptSave(
            text.format(
                found=shown(value),
                level=difficulty_word(daily_level(day)),
                deal=deal,
                its=difficulty_word(level_of(game, deal)),
            )
        )
    return value
