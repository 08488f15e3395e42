"""The games the page has open: saved sessions kept between requests, so their clocks run.

The store is the truth: before each use, a kept session is checked against its row and
read again if another program (the terminal, another server) changed it.
"""

from __future__ import annotations

import threading
from typing import Any

from squares.ai.base import Hint
from squares.errors import CorruptSave
from squares.store import records
from squares.store.db import Database
from squares.store.saved import SavedSession


class LiveGames:
    """The kept sessions. Requests run in worker threads: hold ``lock`` while using one."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._open: dict[int, SavedSession] = {}
        self.lock = threading.RLock()

    def get(self, game_id: int) -> SavedSession:
        """The saved game ``game_id`` as it is on disk (``GameNotFound``, ``CorruptSave``)."""
        kept = self._open.get(game_id)
        if kept is not None and records.get(self.db, game_id).version == kept.version:
            return kept
        return self.reload(game_id)

    def reload(self, game_id: int) -> SavedSession:
        self._open.pop(game_id, None)
        saved = SavedSession.open(self.db, game_id)
        self._open[game_id] = saved
        return saved

    def current(self, game: str) -> SavedSession | None:
        """The unfinished game of ``game`` played last; one whose moves do not replay is
        marked corrupt (and kept) by trying it, and the one before it is taken."""
        saved = self._resume(game)
        if saved is not None:
            self._open[saved.id] = saved
        return saved

    def _resume(self, game: str) -> SavedSession | None:
        tried: set[int] = set()
        while True:
            record = records.latest_unfinished(self.db, game)
            if record is None or record.id in tried:  # (a row too damaged to be marked)
                return None
            tried.add(record.id)
            try:
                return SavedSession.open(self.db, record.id)
            except CorruptSave:
                continue  # now marked corrupt, so the next look finds the one before it

    def start(self, game: str, deal: int) -> SavedSession:
        """A new game; an unfinished one of the same game is given up first (a loss if played)."""
        unfinished = self._resume(game)
        if unfinished is not None:
            unfinished.abandon()
            self._open.pop(unfinished.id, None)
        saved = SavedSession.new(self.db, game, deal)
        self._open[saved.id] = saved
        return saved

    def pause(self, game_id: int) -> None:
        """Stop the clock of a game whose page was hidden; it runs again on the next request."""
        kept = self._open.pop(game_id, None)
        if kept is not None and not kept.over:
            kept.pause()

    @staticmethod
    def think(game: str, states: list[Any]) -> Hint:
        """The strongest player's suggestion after ``states`` (the game's states from the deal:
        immutable values, so no lock is needed while it thinks)."""
        from squares.ai import hint

        return hint(game, states)
