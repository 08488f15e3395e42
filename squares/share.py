"""Share codes and daily deals: ``foursquare:1234`` names the same cards for everyone.

A code is the game's name, a colon and the deal number. It means deal algorithm 1
(``squares.cards.DEAL_ALGORITHM``); were the shuffle ever to change, codes of the new
algorithm would need a mark of their own. The daily deal of a day is the number
``YYYYMMDD`` of its local date, the same for every player on that date, nothing online.

>>> format_code("union-square", 987654)
'union-square:987654'
>>> parse_code(" Foursquare:1234 ")
('foursquare', 1234)
>>> daily_deal(date(2026, 3, 9))
20260309
"""

from __future__ import annotations

import random
from datetime import date

from squares.cards import parse_deal_number, shown
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


def daily_deal(day: date) -> int:
    """The deal number of ``day``'s daily deal: ``YYYYMMDD``."""
    return day.year * 10_000 + day.month * 100 + day.day


def today() -> date:
    """The local date, which picks the daily deal."""
    return date.today()


NEW_DEAL_RANGE = 1_000_000_000
"""A random deal is a number below this: short enough to read out and type."""


def random_deal() -> int:
    """A deal number chosen at random (for "a new deal" without a number)."""
    return random.randrange(NEW_DEAL_RANGE)
