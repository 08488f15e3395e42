"""What can go wrong with the saved-games file while it is in use, each said in the player's
terms: locked by another program, a full disk, read-only, damaged, or gone from its path.

>>> import sqlite3
>>> type(explain("games.db", sqlite3.OperationalError("database or disk is full"))).__name__
'DiskFull'
"""

from __future__ import annotations

import os
import sqlite3

from squares.errors import BadDatabase
from squares.i18n import _, ngettext

BUSY_TIMEOUT_MS = 5000


class DatabaseBusy(BadDatabase):
    """Another program kept the file locked past the busy timeout: worth trying again."""


class DiskFull(BadDatabase):
    """The disk that holds the file has no room left: nothing more was written."""


class DatabaseGone(BadDatabase):
    """The file was deleted, renamed or replaced while in use: nothing more is saved."""


def explain(path: str, err: sqlite3.Error | UnicodeDecodeError) -> BadDatabase:
    """A ``BadDatabase`` naming the file, for an error SQLite raised while in use."""
    if isinstance(err, UnicodeDecodeError):
        return BadDatabase(
            _(
                "{path} is damaged (SQLite reported text that is not UTF-8). It was left "
                "as it is; restore it from a backup, or use --db to choose another file"
            ).format(path=path)
        )
    text = "".join(c if c.isprintable() else "?" for c in str(err))[:200]
    if getattr(err, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in text:
        return DiskFull(full(path, text))
    if "locked" in text or "busy" in text:
        seconds = BUSY_TIMEOUT_MS // 1000
        return DatabaseBusy(
            ngettext(
                "{path} is in use by another program that kept it locked for more than "
                "{count} second: try again in a moment",
                "{path} is in use by another program that kept it locked for more than "
                "{count} seconds: try again in a moment",
                seconds,
            ).format(path=path, count=seconds)
        )
    if "readonly" in text or "read-only" in text:
        return BadDatabase(
            _(
                "cannot write to {path}: {problem}. Make it writable, or use "
                "--db (or SQUARES_DB) to choose another file"
            ).format(path=path, problem=text)
        )
    return BadDatabase(
        _(
            "{path}: {problem}. It was left as it is; use --db (or SQUARES_DB) to "
            "choose another file, or move this one aside"
        ).format(path=path, problem=text)
    )


def full(path: str, problem: str) -> str:
    """What to do when the disk that holds ``path`` is full."""
    return _(
        "{path}: the disk is full ({problem}). Nothing more was saved; the games saved "
        "before are kept. Free some space on its disk, or use --db (or SQUARES_DB) to "
        "choose a file on another disk"
    ).format(path=path, problem=problem)


Identity = tuple[int, int]


def identity(path: str) -> Identity | None:
    """The device and inode of the file at ``path`` now (``None``: no file there)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def gone(path: str, kept: str | None, problem: str, journal: str | None = None) -> DatabaseGone:
    """The refusal once the file at ``path`` is no longer the one opened, or its write-ahead
    log (``journal``) the log opened: where its games were copied (``kept``), or why they
    could not be (``problem``)."""
    if journal is not None:
        return DatabaseGone(
            _(
                "{journal}, the journal of {path}, was deleted, renamed or replaced while "
                "Squares was using it, so this was not saved and nothing more will be. "
                "Every game saved until then was copied to {kept}: use --db {kept}, or "
                "move that file to {path} once Squares has stopped, and start Squares again"
            ).format(journal=journal, path=path, kept=kept)
            if kept is not None
            else _(
                "{journal}, the journal of {path}, was deleted, renamed or replaced while "
                "Squares was using it, so this was not saved and nothing more will be; its "
                "games could not be copied ({problem}). Quit Squares normally (do not kill "
                "it): closing the file writes them into {path}"
            ).format(journal=journal, path=path, problem=problem)
        )
    if kept is not None:
        return DatabaseGone(
            _(
                "{path} was deleted, renamed or replaced while Squares was using it, so this "
                "was not saved and nothing more will be. Every game saved until then was "
                "copied to {kept}: move that file to {path}, or use --db {kept}, and start "
                "Squares again"
            ).format(path=path, kept=kept)
        )
    return DatabaseGone(
        _(
            "{path} was deleted, renamed or replaced while Squares was using it, so this was "
            "not saved and nothing more will be; its games could not be copied ({problem}). "
            "Put the file back at {path} (from where it was moved, or from a backup) and "
            "start Squares again"
        ).format(path=path, problem=problem)
    )
