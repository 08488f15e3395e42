"""Share codes and daily deals: ``foursquare:1234`` names the same cards for everyone.

A code is the game's name, a colon and the deal number. It means deal algorithm 1
(``squares.cards.DEAL_ALGORITHM``); were the shuffle ever to change, codes of the new
algorithm would need a mark of their own.

The daily deal of a game on a day is the same for every player on that date, nothing
online: a rated deal of the day's level (``WEEK``: easy on Monday, rising to expert on
Sunday), picked from the shipped ratings by the date alone. Versions before the levels
dealt the number ``YYYYMMDD`` of the date (``dated_deal``); games saved then keep their day.

>>> format_code("union-square", 987654)
'union-square:987654'
>>> parse_code(" Foursquare:1234 ")
('foursquare', 1234)
>>> daily_level(date(2026, 3, 9)), daily_level(date(2026, 3, 15))  # a Monday, a Sunday
('easy', 'expert')
>>> level_of("foursquare", daily_deal("foursquare", date(2026, 3, 13)))
'hard'
"""

from __future__ import annotations

import hashlib
import random
from datetime import date

from squares.cards import parse_deal_number, shown
from squares.difficulty import difficulty_word, level_of, rated_deals
from squares.errors import BadDealNumber, BadNotation
from squares.games import GAMES, either
from squares.i18n import N_, _

_EXAMPLE = N_("such as 'foursquare:1234' or 'union-square:987654'")


def format_code(game: str, deal: int) -> str:
    """The share code of numbered deal ``deal`` of ``game``."""
    return f"{game}:{deal}"


def parse_code(text: str) -> tuple[str, int]:
    """Read ``GAME:DEAL``; raise ``BadNotation`` saying what is expected otherwise."""
    name, colon, number = text.strip().partition(":")
    name = name.strip().lower()
    if not colon or not name or not number.strip():
        raise BadNotation(
            _("bad share code {code}: expected GAME:DEAL {example}").format(
                code=shown(text), example=_(_EXAMPLE)
            )
        )
    if name not in GAMES:
        known = either()
        raise BadNotation(
            _("bad share code {code}: unknown game {game}, expected {known}").format(
                code=shown(text), game=shown(name), known=known
            )
        )
    try:
        return name, parse_deal_number(number)
    except BadDealNumber as err:
        raise BadNotation(
            _("bad share code {code}: {problem}").format(code=shown(text), problem=err)
        ) from None


def is_code(text: str) -> bool:
    """Whether ``text`` is meant as a share code rather than a bare deal number."""
    return ":" in text


WEEK = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
"""The daily deal's level on each day of the week, Monday first: the week starts easy and
ends with one expert deal, on Sunday."""


def daily_level(day: date) -> str:
    """The level of the daily deals of ``day``: its weekday's in ``WEEK``."""
    return WEEK[day.weekday()]


def daily_deal(game: str, day: date) -> int:
    """The deal number of ``game``'s daily deal on ``day``: one of the rated deals of
    ``daily_level(day)``, picked by a hash of the game and the date, so that everyone gets
    the same. Should the package ship no rated deal of that level, it is ``dated_deal``."""
    deals = rated_deals(game, daily_level(day))
    if not deals:
        return dated_deal(day)
    digest = hashlib.sha256(f"{game} {day.isoformat()}".encode()).digest()
    return deals[int.from_bytes(digest[:8], "big") % len(deals)]


def may_be_daily(game: str, deal: int, day: date) -> bool:
    """Whether ``deal`` of ``game`` was ``day``'s daily deal in some version: a rated deal
    of the day's level (which one of them depends on the ratings shipped, and they grow),
    or, before deals had levels, the number of the date."""
    return level_of(game, deal) == daily_level(day) or deal == dated_deal(day)


def dated_deal(day: date) -> int:
    """The number ``YYYYMMDD`` of ``day``: its daily deal before deals had levels."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily_words(game: str, day: date) -> str:
    """How a face announces ``game``'s daily deal of ``day`` (its number is said beside):
    its level."""
    level = level_of(game, daily_deal(game, day))
    # TRANSLATORS: {level} is easy, medium, hard or expert (or "not rated")
    return _("Daily deal of {day}: {level}.").format(
        day=day.isoformat(), level=difficulty_word(level)
    )


def today() -> date:
    """The local date, which picks the daily deal."""
    return date.today()


NEW_DEAL_RANGE = 1_000_000_000
"""A random deal is a number below this: short enough to read out and type."""


def random_deal() -> int:
    """A deal number chosen at random (for "a new deal" without a number)."""
    return random.randrange(NEW_DEAL_RANGE)
