"""What the whole-deal solver found on each numbered deal, shipped with the package.

``squares survey`` searches deals with the solver; ``squares survey-report FILE --pack
OUT`` writes its verdicts in this compact file, one per game, in ``squares/ai/data/``.
The faces read it to tell a player, once a game is over, the best score the deal
allowed, without searching.

The format (version 1, ``SQDEALS``) is in docs/reference/formats.md; a reader refuses
another magic, a newer version and a payload that is not two bytes a deal.

>>> packed = pack("foursquare", 1000, {5: DealResult("winnable", 24, True)})
>>> table = unpack(packed)
>>> table.get(5), table.get(4), table.get(6)
(DealResult(outcome='winnable', score=24, proven=True), None, None)
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from squares.ai.packed import Words, frame, shipped_file, unframe
from squares.errors import BadResults
from squares.i18n import _

MAGIC = b"SQDEALS\x00"
VERSION = 1
OUTCOMES = ("winnable", "unwinnable", "undecided")
_PROVEN = 0x80
_HEAD = struct.Struct("<IIQI")  # first deal, count, budget, payload length
_LARGEST_SCORE = 254  # a score is kept in one byte, plus 1


@dataclass(frozen=True, slots=True)
class DealResult:
    """The solver's verdict on one deal: ``winnable``, ``unwinnable`` or ``undecided``;
    the best score it found (``None``: none); whether no better score exists."""

    outcome: str
    score: int | None
    proven: bool


@dataclass(frozen=True, slots=True)
class DealTable:
    """A game's shipped verdicts, deals ``first`` to ``first + count - 1``."""

    game: str
    max_nodes: int
    first: int
    records: bytes

    def __len__(self) -> int:
        return len(self.records) // 2

    def get(self, deal: int) -> DealResult | None:
        """The verdict on ``deal``, or ``None`` when the file does not hold it."""
        at = deal - self.first
        if not 0 <= at < len(self):
            return None
        head, score = self.records[2 * at], self.records[2 * at + 1]
        kind = head & ~_PROVEN
        if kind == 0:
            return None
        return DealResult(OUTCOMES[kind - 1], score - 1 if score else None, bool(head & _PROVEN))


def pack(game: str, max_nodes: int, results: Mapping[int, DealResult]) -> bytes:
    """The file holding ``results`` (deal → verdict) of ``game``'s solver at ``max_nodes``."""
    first = min(results, default=0)
    count = max(results, default=-1) - first + 1
    records = bytearray(2 * count)
    for deal, result in results.items():
        score = result.score
        if score is not None and not 0 <= score <= _LARGEST_SCORE:
            raise ValueError(f"a score of {score} does not fit the format")
        at = 2 * (deal - first)
        records[at] = (OUTCOMES.index(result.outcome) + 1) | (_PROVEN if result.proven else 0)
        records[at + 1] = 0 if score is None else score + 1
    return frame(MAGIC, VERSION, game, _HEAD, (first, count, max_nodes), bytes(records))


def unpack(data: bytes) -> DealTable:
    """The table a file of this format holds; ``BadResults`` if it is not one, is of a
    newer version, or is damaged."""
    words = Words(
        _("this is not a file of deal results"),
        _("the deal results are of format {found}, newer than this version reads ({known})"),
        _("the file of deal results is damaged"),
    )
    game, (first, count, max_nodes), records = unframe(data, MAGIC, VERSION, _HEAD, words)
    if len(records) != 2 * count:
        raise BadResults(words.damaged)
    return DealTable(game, max_nodes, first, records)


@cache
def shipped(game: str) -> DealTable | None:
    """The verdicts shipped with the package for ``game``; ``None`` if none are (or the
    file is damaged: the faces then go without)."""
    return shipped_file(game, "deals", unpack)


def best_known(game: str, deal: int) -> DealResult | None:
    """The shipped verdict on ``deal`` of ``game``, or ``None``."""
    table = shipped(game)
    return table.get(deal) if table is not None else None


def allowed_text(game: str, deal: int) -> str | None:
    """What the shipped verdict says of ``deal`` in a sentence for a finished game's end
    ("The best score this deal allowed is 24."), or ``None`` if nothing is shipped."""
    known = best_known(game, deal)
    if known is None:
        return None
    if known.score is None:
        return _("No order of play wins this deal.") if known.proven else None
    if known.proven:
        return _("The best score this deal allowed is {score}.").format(score=known.score)
    return _("A score of at least {score} was possible on this deal.").format(score=known.score)
