"""The games the page has open: saved sessions kept between requests, so their clocks run.

The store is the truth: before each use, a kept session is checked against its row and
read again if another program (the terminal, another server) changed it.
"""

from __future__ import annotations

from typing import Any

from squares.ai.base import Hint
from squares.errors import SessionError
from squares.i18n import _
from squares.store import records
from squares.store.db import Database
from squares.store.saved import SavedSession


class LiveGames:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._open: dict[int, SavedSession] = {}

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
        saved = SavedSession.resume(self.db, game)
        if saved is not None:
            self._open[saved.id] = saved
        return saved

    def start(self, game: str, deal: int) -> SavedSession:
        """A new game; an unfinished one of the same game is given up first (a loss if played)."""
        unfinished = SavedSession.resume(self.db, game)
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

    def hint(self, saved: SavedSession) -> Hint:
        """The strongest player's suggestion, recorded on the game as a hint used."""
        from squares.ai import get_player

        if saved.over:
            raise SessionError(
                _("the game is over ({status}): no hint").format(status=saved.status)
            )
        player: Any = get_player(saved.game.name)
        suggestion: Hint = player.hint_after(saved.played)
        saved.note_hint()
        return suggestion
