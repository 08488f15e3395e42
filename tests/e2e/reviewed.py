"""The review of a finished game, worked out by the test server once per worker and then
kept in the database of each test's server that plays the same game again.

Many browser tests read the review of the same short game (Foursquare deal 2, twelve
placements): the first one on a worker asks the server, which works it out (about two
seconds of CPU) and stores it; every later one finds the stored review in its own fresh
database, as a player who comes back to a reviewed game does. What the review says is
tested in ``tests/review``; here it is the pages that show it.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from squares.review import FORMAT
from squares.store import reviews
from squares.store.db import open_db
from tests.e2e.served import Server

Played = tuple[str, int, tuple[str, ...]]
"""A game as played: its name, its deal and its moves."""

_WORKED_OUT: dict[Played, Any] = {}
"""This worker's stored reviews (as the database keeps them), by the game played."""


def reviewed(page: Page, server: Server, game_id: int, key: Played) -> None:
    """Make sure the finished game ``game_id`` on ``server`` (its game, deal and moves:
    ``key``) has its review stored: the one this worker had worked out, or worked out now."""
    stored = _WORKED_OUT.get(key)
    db = open_db(server.db)
    try:
        if stored is None:
            assert page.request.get(f"{server.url}api/games/{game_id}/review").ok
            _WORKED_OUT[key] = reviews.load(db, game_id, FORMAT)
        else:
            reviews.save(db, game_id, FORMAT, stored)
    finally:
        db.close()
