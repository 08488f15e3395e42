"""Which saved game a player opens: the unfinished one of that game, or a new deal.

Every face that starts a game (the line mode, the terminal game) opens it here, so they
resume, give up and deal alike, and tell the player the same.
"""

from __future__ import annotations

from squares.errors import CorruptSave
from squares.i18n import _
from squares.share import daily_deal, daily_words, random_deal, today
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.wording import duration, moves, title


def open_game(
    db: Database, game_name: str, deal: int | None, new: bool
) -> tuple[SavedSession, list[str]]:
    """The game to play and what to tell the player about it.

    The unfinished game of ``game_name`` is resumed, unless ``new`` is set or another
    ``deal`` is asked for: it then counts as lost (or is forgotten, if never moved in).
    """
    notes: list[str] = []
    try:
        current = SavedSession.resume(db, game_name)
    except CorruptSave as err:
        notes.append(_("{problem}. Starting a new game.").format(problem=err))
        current = None
    if current is not None:
        if not new and deal in (None, current.deal):
            notes.append(
                _(
                    "Resuming game {id}: {game} deal {deal} ({code}), {moves}, {time} played. "
                    "Type n for a new deal."
                ).format(
                    id=current.id,
                    game=title(current.game.name),
                    deal=current.deal,
                    code=current.code,
                    moves=moves(len(current.moves)),
                    time=duration(current.clock_ms),
                )
            )
            return current, notes
        if current.abandon():
            notes.append(
                _("Game {id} ({code}, {moves}) was left unfinished: it counts as lost.").format(
                    id=current.id, code=current.code, moves=moves(len(current.moves))
                )
            )
    day = today()
    number = random_deal() if deal is None else deal
    saved = SavedSession.new(db, game_name, number, day=day)
    if number == daily_deal(game_name, day):
        notes.append(daily_words(game_name, day))
    return saved, notes
