"""How counts, times and game names are said in the current language, for every face.

>>> duration(3_725_000), duration(59_999), moves(1), moves(2)
('1:02:05', '0:59', '1 move', '2 moves')
"""

from __future__ import annotations

from squares.games import GAMES
from squares.i18n import _, ngettext


def duration(ms: int) -> str:
    """Milliseconds as ``m:ss``, or ``h:mm:ss`` from an hour on."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def moves(count: int) -> str:
    """``1 move``, ``2 moves``, in the current language."""
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def games(count: int) -> str:
    """``1 game``, ``2 games``."""
    return ngettext("{count} game", "{count} games", count).format(count=count)


def days(count: int) -> str:
    """``1 day``, ``2 days``."""
    return ngettext("{count} day", "{count} days", count).format(count=count)


def title(game: str) -> str:
    """``Union Square`` for ``union-square`` (a name no game has, as it is)."""
    return _(GAMES[game].title) if game in GAMES else game


def waits_for_the_search() -> str:
    """What an answer says while the game's warm-up still compiles the search it needs
    (the first start after installing)."""
    return _(
        "The search is still being prepared (once, after installing): this answer waits for it…"
    )


def left_as_lost(game_id: int, code: str, made: int) -> str:
    """What is said of a game left for another, which counts as lost: ``made`` is every
    move made in it, those taken back by undo or restart too (they are why it counts)."""
    return _("Game {id} ({code}, {moves}) counts as lost.").format(
        id=game_id, code=code, moves=moves(made)
    )
