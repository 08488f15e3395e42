"""``squares review GAME_ID [--json]``: the after-game review of a finished game."""

from __future__ import annotations

import json
from typing import TextIO

from squares.review import review_game
from squares.review.words import lines
from squares.store.db import Database


def show(db: Database, game_id: int, as_json: bool, out: TextIO) -> int:
    """Print the review of ``game_id`` (computed once, then kept with the game)."""
    review = review_game(db, game_id)
    if as_json:
        out.write(json.dumps(review, ensure_ascii=False, indent=1) + "\n")
    else:
        out.write("\n".join(lines(review, game_id)) + "\n")
    return 0
