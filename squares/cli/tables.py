"""Times and tables for the record commands (``games``, ``stats``, ``daily``).

>>> duration(3_725_000), duration(59_999), plural(1, "move")
('1:02:05', '0:59', '1 move')
"""

from __future__ import annotations

from datetime import datetime

from squares.games import GAMES
from squares.store.records import GameRecord


def duration(ms: int) -> str:
    """Milliseconds as ``m:ss``, or ``h:mm:ss`` from an hour on."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def plural(count: int, word: str) -> str:
    """``1 move``, ``2 moves``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def title(game: str) -> str:
    """``Union Square`` for ``union-square`` (a name no game has, as it is)."""
    return GAMES[game].title if game in GAMES else game


def local_time(stamp: str | None) -> str:
    """A stored UTC time as the local ``YYYY-MM-DD HH:MM``."""
    if not stamp:
        return "-"
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def status_text(record: GameRecord) -> str:
    if not record.usable:
        return "corrupt"
    if record.resigned:
        return "resigned"
    return record.status


def games_table(rows: list[GameRecord]) -> str:
    """One line per game: id, game, share code, status, moves, score, time, when."""
    head = ("id", "game", "share code", "status", "moves", "score", "time", "last played")
    lines = [head] + [
        (
            str(r.id),
            title(r.game),
            r.code,
            status_text(r),
            str(r.position),
            "-" if r.score is None else str(r.score),
            duration(r.clock_ms),
            local_time(r.updated_at),
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    right = {0, 4, 5, 6}
    return "\n".join(
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in lines
    )
