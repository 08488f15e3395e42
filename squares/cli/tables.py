"""Tables for the record commands (``games``, ``stats``, ``daily``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from squares.cells import terminal_len
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
    """Columns ``text`` takes in a terminal (``squares.cells``): wide letters two, a mark
    that sits on its letter none, a spacing mark (Telugu's vowel sign ``ు``) one.

    >>> width("10♦"), width("గెలుపు"), width("游戏")
    (3, 5, 4)
    """
    return terminal_len(text)


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


def games_table(rows: Iterable[GameRecord]) -> str:
    """One line per game: id, game, share code, status, moves, score, time, when."""
    return aligned([_(name) for name in _HEAD], [game_line(r) for r in rows], _RIGHT)


_RIGHT = frozenset({0, 4, 5, 6})  # the columns of numbers


def game_line(r: GameRecord) -> list[str]:
    """The cells of one game's line in ``games_table``."""
    return [
        str(r.id),
        title(r.game),
        r.code,
        status_text(r),
        str(r.position),
        "-" if r.score is None else str(r.score),
        duration(r.clock_ms),
        local_time(r.updated_at),
    ]


def aligned(head: list[str], lines: list[list[str]], right: frozenset[int]) -> str:
    """Plain text columns, two spaces apart, each as wide as its widest cell (as a terminal
    shows it: Rich's cell widths), numbers to the right; no trailing spaces. Rich's tables
    would draw the same, but loading Rich's console costs a quick command more than its
    work (40 ms).

    >>> print(aligned(["id", "game"], [["7", "Foursquare"], ["12", "గెలుపు"]], frozenset({0})))
    id  game
     7  Foursquare
    12  గెలుపు
    """
    table = [head, *lines]
    widths = [max(width(line[i]) for line in table) for i in range(len(head))]
    cells = (zip(line, widths, strict=True) for line in table)
    return "\n".join(
        "  ".join(pad(cell, w, i in right) for i, (cell, w) in enumerate(line)).rstrip()
        for line in cells
    )
