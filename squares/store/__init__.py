"""Saved games in SQLite: every move durable, resume, statistics, export and import.

The rules never import this package; it imports the rules. One database file holds every
game; several programs may use it at once (see ``SavedSession`` for how they agree).
The names below load their module when first used, so a program that only reads the
statistics does not load the session and its replay.

- The file: ``paths`` (where it lives), ``checks`` (what it must pass before use),
  ``schema`` (one migration per version), ``db`` (opened, migrated, written in
  transactions), ``faults`` (what can go wrong with it, in the player's terms).
- The games: ``records`` (a row of the games table, and the queries), ``saved`` (a game
  in play, each action committed before it returns), ``history`` (stored notation back
  to a game), ``opening`` (which game a player opens), ``reviews`` (the kept reviews).
- What is read from them: ``stats`` (the record, the daily deals and their streak),
  ``finished_deals`` (the finished deals, for statistics by difficulty), ``transfer``
  (export, import, clear).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from squares.store.db import Database, open_db
    from squares.store.paths import default_db_path
    from squares.store.records import GameRecord
    from squares.store.saved import SavedSession

_HOMES = {
    "Database": "squares.store.db",
    "open_db": "squares.store.db",
    "default_db_path": "squares.store.paths",
    "GameRecord": "squares.store.records",
    "SavedSession": "squares.store.saved",
}

__all__ = ["Database", "GameRecord", "SavedSession", "default_db_path", "open_db"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
