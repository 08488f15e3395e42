"""What a row of a survey's results file holds (``results`` keeps them in the file):
one deal's result for one player or the solver, what the file says of itself, and the
mark of a row the solver searched again (``--again``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

WINS = frozenset({"won", "winnable"})
"""The outcomes that count as a win: a player's game won, a deal the solver won."""


class Row(NamedTuple):
    """One deal's result for one player or the solver (the columns of ``results``): a
    tuple, since a survey reads hundreds of thousands of them at once."""

    deal: int
    who: str
    kind: str  # "solver" or "player"
    outcome: str  # winnable, unwinnable, undecided (solver); won, lost (player)
    score: int | None
    proven: bool | None  # solver: its best score is proven best
    nodes: int | None  # solver
    moves: int | None  # player
    seconds: float

    @property
    def won(self) -> bool:
        return self.outcome in WINS


COLUMNS = Row._fields


@dataclass(frozen=True, slots=True)
class Survey:
    """What a results file says about itself."""

    game: str
    max_nodes: int
    version: int


def again_mark(code: str, max_nodes: int) -> str:
    """What marks a row as searched again: the solver's code and the budget it had.

    >>> again_mark("whole-deal 0123456789abcdef", 12_000_000)
    'whole-deal 0123456789abcdef at 12000000'
    """
    return f"{code}{_AT}{max_nodes}"


_AT = " at "


def mark_code(mark: str) -> str:
    """The solver's code in a mark of ``again_mark`` (or an older mark, the code alone)."""
    return mark.rsplit(_AT, 1)[0]


def mark_budget(mark: str, file_budget: int) -> int:
    """The budget in a mark of ``again_mark``; an older mark had the file's budget."""
    head, _sep, tail = mark.rpartition(_AT)
    return int(tail) if head and tail.isdigit() else file_budget
