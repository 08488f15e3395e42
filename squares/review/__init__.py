"""The review of a finished game: what the deal allowed against what was played.

Below the faces: it imports the games, the AI and the store, and every face asks it.
``review_game`` returns a saved game's review, computed once and then kept in the
database (``squares.store.reviews``); ``compute`` works on any finished game.

- ``best``: the best score still reachable after each move (the whole-deal solver).
- ``chance``: the chance to win before each move, as the player saw the game.
- ``report``: the review as data: what the deal allowed, the move that lost the win.
- ``words`` and ``naming``: the review, and the moves, in the current language.
- ``replay``: the game replayed as the player saw it, and the solver's line.
"""

from __future__ import annotations

from squares.errors import SessionError
from squares.i18n import _
from squares.review.naming import language_free, worded
from squares.review.report import (
    FORMAT,
    Critical,
    Review,
    ReviewedMove,
    WinChance,
    compute,
)
from squares.store import reviews
from squares.store.db import Database
from squares.store.saved import SavedSession


class NotFinished(SessionError):
    """A review asked for a game that is still being played."""


def _readable(review: object) -> bool:
    fields = ("format", "game", "deal", "moves", "critical", "unsettled", "best_score")
    return isinstance(review, dict) and all(name in review for name in fields)


def review_game(db: Database, game_id: int) -> Review:
    """The review of saved game ``game_id``: the stored one, or computed and stored.

    ``GameNotFound`` for an unknown id, ``CorruptSave`` for a game whose moves do not
    replay, ``NotFinished`` for a game still being played. Its words (each move's, the
    critical move's and its reason) are made in the current language each time.
    """
    saved = SavedSession.open(db, game_id)
    if not saved.over:
        raise NotFinished(
            _(
                "game {id} is not over: only a finished game (won, lost or resigned) is reviewed"
            ).format(id=game_id)
        )
    stored = reviews.load(db, game_id, FORMAT)
    if _readable(stored):
        review: Review = stored
    else:  # none yet, or a row another program spoilt: work it out again
        review = compute(saved.game, saved.deal, saved.moves, resigned=saved.resigned)
        reviews.save(db, game_id, FORMAT, language_free(review))
    return worded(saved.game, saved.deal, saved.moves, review)


__all__ = [
    "FORMAT",
    "Critical",
    "NotFinished",
    "Review",
    "ReviewedMove",
    "WinChance",
    "compute",
    "review_game",
]
