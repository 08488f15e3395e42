"""The games the page has open: saved sessions kept between requests, so their clocks run.

The store is the truth: before each use, a kept session is checked against its row and
read again if another program (the terminal, another server) changed it. Each kept game's
clock runs only while a page beats for it (``squares.web.attended``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from squares.ai.base import Hint
from squares.errors import CorruptSave
from squares.store import records
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.web.attended import GRACE_SECONDS, AttendedClock


class LiveGames:
    """The kept sessions. Requests run in worker threads: hold ``lock`` while using one."""

    grace: float = GRACE_SECONDS
    """How long a game's clock runs on after the last beat of a page showing it."""

    def __init__(self, db: Database, time: Callable[[], float] = time.monotonic) -> None:
        self.db = db
        self._open: dict[int, SavedSession] = {}
        self._clocks: dict[int, AttendedClock] = {}
        self._time = time
        self.lock = threading.RLock()

    def _clock(self, game_id: int) -> AttendedClock:
        """The clock of the game ``game_id``, one for as long as a page shows it."""
        if game_id not in self._clocks:
            self._clocks[game_id] = AttendedClock(self.grace, self._time)
        return self._clocks[game_id]

    def get(self, game_id: int) -> SavedSession:
        """The saved game ``game_id`` as it is on disk (``GameNotFound``, ``CorruptSave``)."""
        kept = self._open.get(game_id)
        if kept is not None and records.get(self.db, game_id).version == kept.version:
            return kept
        return self.reload(game_id)

    def reload(self, game_id: int) -> SavedSession:
        self._open.pop(game_id, None)
        saved = SavedSession.open(self.db, game_id, clock=self._clock(game_id))
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
                return SavedSession.open(self.db, record.id, clock=self._clock(record.id))
            except CorruptSave:
                continue  # now marked corrupt, so the next look finds the one before it

    def start(self, game: str, deal: int) -> SavedSession:
        """A new game; an unfinished one of the same game is given up first (a loss if played)."""
        unfinished = self._resume(game)
        if unfinished is not None:
            unfinished.abandon()
            self._open.pop(unfinished.id, None)
            self._clocks.pop(unfinished.id, None)
        clock = AttendedClock(self.grace, self._time)
        saved = SavedSession.new(self.db, game, deal, clock=clock)
        self._open[saved.id] = saved
        self._clocks[saved.id] = clock
        return saved

    def beat(self, game_id: int) -> None:
        """A page shows the game ``game_id``: its clock runs (``GameNotFound``)."""
        self.get(game_id)
        self._clock(game_id).beat()

    def pause(self, game_id: int) -> None:
        """Stop the clock of a game whose page was hidden; it runs again on the next request."""
        kept = self._open.pop(game_id, None)
        if kept is not None and not kept.over:
            kept.pause()
        self._clocks.pop(game_id, None)

    @staticmethod
    def think(game: str, states: list[Any]) -> Hint:
        """The strongest player's suggestion after ``states`` (the game's states from the deal:
        immutable values, so no lock is needed while it thinks)."""
        from squares.ai import hint

        return hint(game, states)
