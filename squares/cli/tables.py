"""Tables for the record commands (``games``, ``stats``, ``daily``)."""

from __future__ import annotations

import io
from datetime import datetime

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from squares.games.base import status_name
from squares.i18n import N_, _
from squares.store.records import GameRecord
from squares.wording import duration, title

_CORRUPT = N_("corrupt")
_RESIGNED = N_("resigned")
_HEAD = (
    N_("id"), N_("game"), N_("share code"), N_("status"),
    N_("moves"), N_("score"), N_("time"), N_("last played"),
)  # fmt: skip


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal, as Rich measures it (wide letters two, marks none).

    >>> width("10♦"), width("గెలుపు"), width("游戏")
    (3, 3, 4)
    """
    return cell_len(text)


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
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="", highlight=False)
    right = {0, 4, 5, 6}
    for i, name in enumerate(_HEAD):
        table.add_column(_(name), justify="right" if i in right else "left", no_wrap=True)
    for r in rows:
        table.add_row(
            str(r.id),
            title(r.game),
            r.code,
            status_text(r),
            str(r.position),
            "-" if r.score is None else str(r.score),
            duration(r.clock_ms),
            local_time(r.updated_at),
        )
    return plain(table)


def plain(table: Table) -> str:
    """``table`` as plain text at its natural width, without trailing spaces."""
    out = io.StringIO()
    console = Console(file=out, width=10_000, color_system=None, legacy_windows=False)
    console.print(table, crop=False, soft_wrap=False)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())
