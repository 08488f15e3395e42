"""Deals by difficulty, for every face: a deal's level as the difficulty survey measured
it (``squares.ai.deal_levels``), a new deal of a chosen level, and the words for both.

A level is one of ``LEVELS`` (easy, medium, hard, expert); ``ANY`` asks for no level.
A deal the shipped ratings do not cover is not rated (``None``).

>>> check_difficulty("foursquare", "Hard")
'hard'
>>> check_difficulty("foursquare", "any") is None
True
>>> level_of("foursquare", deal_of_level("foursquare", "expert", random.Random(1)))
'expert'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache

from squares.ai.deal_levels import LEVELS, deal_level, shipped_levels
from squares.ai.deal_results import allowed_text
from squares.errors import SquaresError
from squares.i18n import N_, _
from squares.wording import title

ANY = "any"
CHOICES = (ANY, *LEVELS)  # what a player may ask for, in the order the faces offer them
_WORDS = {
    ANY: N_("any difficulty"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


class UnknownDifficulty(SquaresError, ValueError):
    """A difficulty that is not a level, or a level the game has no rated deal of."""


def difficulty_word(level: str | None) -> str:
    """The level (or ``ANY``) in the current language; ``None``: "not rated"."""
    return _(_WORDS[level]) if level is not None else _("not rated")


def check_difficulty(game: str, text: str) -> str | None:
    """The level ``text`` asks for (``None`` for any); ``UnknownDifficulty`` naming the
    levels if it is none of them or ``game`` has no rated deal of it."""
    asked = text.strip().lower()
    if asked == ANY:
        return None
    choices = ", ".join(CHOICES)
    if asked not in LEVELS:
        raise UnknownDifficulty(
            _("unknown difficulty {given}: expected one of {levels}").format(
                given=repr(text), levels=choices
            )
        )
    if not rated_deals(game, asked):
        raise UnknownDifficulty(
            _("no deal of {game} is rated {level}: expected one of {levels}").format(
                game=title(game), level=asked, levels=", ".join(available(game))
            )
        )
    return asked


def available(game: str) -> list[str]:
    """``ANY`` and the levels ``game`` has rated deals of."""
    return [ANY, *(level for level in LEVELS if rated_deals(game, level))]


@cache
def rated_deals(game: str, level: str) -> tuple[int, ...]:
    """The rated deals of ``game`` at ``level``, in order (none if nothing is shipped)."""
    table = shipped_levels(game)
    return tuple(table.deals(level)) if table is not None else ()


def deal_of_level(game: str, level: str, draw: random.Random | None = None) -> int:
    """A rated deal of ``game`` at ``level`` (checked by ``check_difficulty``), drawn at
    random."""
    return (draw or random).choice(rated_deals(game, level))


def level_of(game: str, deal: int) -> str | None:
    """The level of ``deal`` of ``game``; ``None``: not rated."""
    return deal_level(game, deal)


def difficulty_sentence(game: str, deal: int) -> str:
    """What a game's end says of its deal's level ("Difficulty: hard. Like every rated
    deal, it can be won: ...")."""
    level = level_of(game, deal)
    if level is None:
        return _("Difficulty: not rated.")
    # TRANSLATORS: {level} is a deal's difficulty: easy, medium, hard or expert
    text = _(
        "Difficulty: {level}. Like every rated deal, it can be won: the solver found a win for each."  # noqa: E501
    )
    return text.format(level=difficulty_word(level))


def deal_facts(game: str, deal: int) -> str:
    """What a finished game's end says of its deal: its level and, when the shipped
    results hold it, the best score it allowed (``deal_results.allowed_text``)."""
    return " ".join(filter(None, (difficulty_sentence(game, deal), allowed_text(game, deal))))


LevelCounts = dict[str | None, tuple[int, int]]  # level (None: not rated) → (played, won)


def count_by_level(game: str, games: Iterable[tuple[int, bool]]) -> LevelCounts:
    """Each level of ``LEVELS``, then ``None`` (not rated): of the (deal, won) ``games``,
    how many were played and won.

    >>> count_by_level("foursquare", [(100_000, True), (100_001, False)])[None]
    (2, 1)
    """
    counts = dict.fromkeys([*LEVELS, None], (0, 0))
    for deal, won in games:
        level = level_of(game, deal)
        played, wins = counts[level]
        counts[level] = (played + 1, wins + won)
    return counts
