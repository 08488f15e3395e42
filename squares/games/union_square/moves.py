"""Union Square's moves and their notation: ``s``, ``w-t3``, ``w-f``, ``t5-f``, ``t5-t9``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from squares.cards import shown
from squares.errors import BadNotation
from squares.i18n import _

TABLEAU_SIZE = 16
STOCK = -1
WASTE = -2
FOUNDATION = -3

# ASCII only: other scripts' digits are not notation (and a pile number is short).
_NOTATION = re.compile(r"(?:(s)|(w|t([0-9]{1,3}))-(f|t([0-9]{1,3})))")
_SPACE = " \t\n\r\f\v"


@dataclass(frozen=True, slots=True)
class Move:
    """One move. ``source`` and ``target`` are tableau indexes 0..15 or STOCK/WASTE/FOUNDATION.

    >>> str(Move.parse("t5-t9")), Move.parse("t5-t9").source
    ('t5-t9', 4)
    """

    source: int
    target: int

    def __str__(self) -> str:
        return _text(self.source, self.target)

    @property
    def is_deal(self) -> bool:
        return self.source == STOCK

    @property
    def malformed(self) -> str | None:
        """Why this is no move at all (for ``Move`` values built without notation)."""
        if self.source == STOCK:
            return None if self.target == WASTE else _("the stock only deals to the waste")
        if self.source != WASTE and not 0 <= self.source < TABLEAU_SIZE:
            return _("cards move only from the waste or a tableau pile t1 to t16")
        if self.target != FOUNDATION and not 0 <= self.target < TABLEAU_SIZE:
            return _("cards go only to a foundation or a tableau pile t1 to t16")
        if self.source == self.target:
            return _("a move from a pile to itself is not a move")
        return None

    @classmethod
    def parse(cls, text: str) -> Move:
        match = _NOTATION.fullmatch(text.strip(_SPACE).lower()) if isinstance(text, str) else None
        if match is None:
            raise BadNotation(
                _(
                    "bad Union Square move {move}: expected 's', 'w-t3', 'w-f', 't5-f' or 't5-t9'"
                ).format(move=shown(text))
            )
        if match[1]:
            return DEAL
        source = WASTE if match[2] == "w" else _pile(match[3], text)
        target = FOUNDATION if match[4] == "f" else _pile(match[5], text)
        if source == target:
            raise BadNotation(
                _(
                    "bad Union Square move {move}: a move from a pile to itself is not a move"
                ).format(move=shown(text))
            )
        return cls(source, target)


@cache
def _text(source: int, target: int) -> str:
    if source == STOCK:
        return "s"
    return f"{_place(source)}-{_place(target)}"


def _place(index: int) -> str:
    if index == WASTE:
        return "w"
    if index == FOUNDATION:
        return "f"
    return f"t{index + 1}"


def _pile(digits: str, text: str) -> int:
    number = int(digits)
    if not 1 <= number <= TABLEAU_SIZE:
        raise BadNotation(
            _("bad Union Square move {move}: tableau piles are t1 to t{last}").format(
                move=repr(text), last=TABLEAU_SIZE
            )
        )
    return number - 1


DEAL = Move(STOCK, WASTE)
