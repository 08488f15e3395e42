"""``squares review GAME_ID [--json]``: the after-game review of a finished game."""

from __future__ import annotations

import json
from typing import TextIO

from squares.review import review_game
from squares.review.words import lines, whole_deal_note
from squares.store import records
from squares.store.db import Database


def show(db: Database, game_id: int, as_json: bool, out: TextIO) -> int:
    """Print the review of ``game_id`` (computed once, then kept with the game)."""
    review = review_game(db, game_id)
    if as_json:
        out.write(json.dumps(review, ensure_ascii=False, indent=1) + "\n")
    else:
        text = lines(review, game_id)
        if records.get(db, game_id).hints_used:
            text.append(whole_deal_note())
        out.write("\n".join(text) + "\n")
    return 0
