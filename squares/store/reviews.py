"""Reviews of finished games, kept beside them (table ``reviews``, schema version 5).

A review is stored as its JSON with its format version; one of another format is not
returned (the caller computes it again and replaces it).

>>> from squares.store.db import open_db
>>> db = open_db(":memory:")
>>> from squares.store.saved import SavedSession
>>> game = SavedSession.new(db, "foursquare", 7).move("0,0").resign()
>>> save(db, game.id, 1, {"best_score": 24})
>>> load(db, game.id, 1), load(db, game.id, 2)
({'best_score': 24}, None)
"""

from __future__ import annotations

import json
from typing import Any

from squares.store.db import Database
from squares.store.records import now_iso


def load(db: Database, game_id: int, format: int) -> Any:
    """The stored review of ``game_id`` in ``format``, or ``None`` if there is none (or it
    cannot be read: it is then computed again)."""
    rows = db.query("SELECT format, review FROM reviews WHERE game_id = ?", (game_id,))
    if not rows or rows[0]["format"] != format:
        return None
    try:
        return json.loads(rows[0]["review"])
    except (TypeError, ValueError):
        return None


def save(db: Database, game_id: int, format: int, review: Any) -> None:
    """Keep ``review`` (JSON-ready) as the review of ``game_id``, replacing any other."""
    text = json.dumps(review, ensure_ascii=False, separators=(",", ":"))
    with db.write() as conn:
        conn.execute(
            "INSERT OR REPLACE INTO reviews (game_id, format, review, created_at) "
            "VALUES (?, ?, ?, ?)",
            (game_id, format, text, now_iso()),
        )
