"""The deals of the player's finished games and whether each was won: what statistics by
the deals' difficulty count (``squares.difficulty.count_by_level``)."""

from __future__ import annotations

from squares.store.db import Database
from squares.store.schema import SOUND


def finished_deals(db: Database, game: str) -> list[tuple[int, bool]]:
    """(deal, won) of every finished, sound game of ``game`` stored."""
    rows = db.query(
        f"SELECT deal, status = 'won' FROM games WHERE game = :game "
        f"AND status IN ('won', 'lost') AND {SOUND}",
        {"game": game},
    )
    return [(deal, bool(won)) for deal, won in rows]
