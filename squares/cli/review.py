"""``squares review GAME_ID [--json]``: the after-game review of a finished game."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from squares.ai import warm_up, warmed_up
from squares.review import review_game
from squares.review.words import lines, whole_deal_note
from squares.store import records
from squares.store.db import Database
from squares.wording import waits_for_the_search

PATIENCE = 3.0
"""Seconds the review waits for the game's warm-up before it says that it waits for it: a
warm-up that loads the search from numba's cache is done by then (about a second on a busy
machine); one that compiles it (the first run after installing) takes half a minute or
more."""


def show(db: Database, game_id: int, as_json: bool, out: TextIO) -> int:
    """Print the review of ``game_id`` (computed once, then kept with the game); on stderr,
    while the search it needs is first compiled, that it waits for that."""
    game = records.get(db, game_id).game
    warm_up(game)
    if not warmed_up(game, PATIENCE):
        print(waits_for_the_search(), file=sys.stderr, flush=True)
    review = review_game(db, game_id)
    if as_json:
        out.write(json.dumps(review, ensure_ascii=False, indent=1) + "\n")
    else:
        text = lines(review, game_id)
        if records.get(db, game_id).hints_used:
            text.append(whole_deal_note())
        out.write("\n".join(text) + "\n")
    return 0
