"""Saved games in SQLite: every move durable, resume, statistics, export and import.

The rules never import this package; it imports the rules. One database file holds every
game; several programs may use it at once (see ``SavedSession`` for how they agree).
"""

from squares.store.db import Database, open_db
from squares.store.paths import default_db_path
from squares.store.records import GameRecord
from squares.store.saved import SavedSession

__all__ = ["Database", "GameRecord", "SavedSession", "default_db_path", "open_db"]
