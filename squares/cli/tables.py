"""Times and tables for the record commands (``games``, ``stats``, ``daily``).

>>> duration(3_725_000), duration(59_999), moves(1), moves(2)
('1:02:05', '0:59', '1 move', '2 moves')
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from squares.games import GAMES
from squares.games.base import status_name
from squares.i18n import N_, _, ngettext
from squares.store.records import GameRecord

_CORRUPT = N_("corrupt")
_RESIGNED = N_("resigned")
_HEAD = (
    N_("id"), N_("game"), N_("share code"), N_("status"),
    N_("moves"), N_("score"), N_("time"), N_("last played"),
)  # fmt: skip


def duration(ms: int) -> str:
    """Milliseconds as ``m:ss``, or ``h:mm:ss`` from an hour on."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def moves(count: int) -> str:
    """``1 move``, ``2 moves``, in the current language."""
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def games(count: int) -> str:
    """``1 game``, ``2 games``."""
    return ngettext("{count} game", "{count} games", count).format(count=count)


def days(count: int) -> str:
    """``1 day``, ``2 days``."""
    return ngettext("{count} day", "{count} days", count).format(count=count)


def title(game: str) -> str:
    """``Union Square`` for ``union-square`` (a name no game has, as it is)."""
    return _(GAMES[game].title) if game in GAMES else game


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal: combining marks take none, wide letters two."""
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(c) in "WF"
        else 1
        for c in text
    )


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``columns`` (on the left if ``right``)."""
    space = " " * max(0, columns - width(text))
    return space + text if right else text + space


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
        return _(_CORRUPT)
    if record.resigned:
        return _(_RESIGNED)
    return status_name(record.status)


def games_table(rows: list[GameRecord]) -> str:
    """One line per game: id, game, share code, status, moves, score, time, when."""
    head = tuple(_(name) for name in _HEAD)
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
    widths = [max(width(line[i]) for line in lines) for i in range(len(head))]
    right = {0, 4, 5, 6}
    return "\n".join(
        "  ".join(
            pad(cell, w, i in right) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in lines
    )
