"""Choosing the next game: a deal typed by the player, and leaving the current game for it."""

from __future__ import annotations

from squares.cards import parse_deal_number
from squares.i18n import _
from squares.share import is_code, parse_code, random_deal
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.wording import left_as_lost


def read_deal(text: str, game: str) -> tuple[str, int]:
    """(game, deal) from a number (a deal of ``game``) or a share code (a deal of its game).

    >>> read_deal("union-square:7", "foursquare"), read_deal("12", "foursquare")
    (('union-square', 7), ('foursquare', 12))
    """
    if is_code(text):
        return parse_code(text)
    return game, parse_deal_number(text)


def deal(
    db: Database, old: SavedSession, deal: int | None, game: str | None = None
) -> tuple[SavedSession, str]:
    """A new saved game of ``game`` (default: the one of ``old``), ``old`` left for it (it
    counts as lost if it was under way), and what to tell the player."""
    name = game or old.game.name
    number = random_deal() if deal is None else deal
    saved = SavedSession.new(db, name, number)
    note = ""
    if old.abandon():
        note = left_as_lost(old.id, old.code, len(old.history))
    return saved, " ".join(
        filter(None, [note, _("Game {id}: {code}.").format(id=saved.id, code=saved.code)])
    )
