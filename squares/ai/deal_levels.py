"""How hard each numbered deal is, measured by the difficulty survey and shipped with the
package beside the deals' best scores (``deal_results``).

``squares difficulty GAME --deals A..B --results FILE --pack OUT`` plays each deal with
the game's family of players of graded strength (``squares.survey.difficulty``) and
writes the levels in this compact file, one per game, in ``squares/ai/data/``. A deal
the file does not hold is not rated.

The format (version 1, ``SQLEVEL``, the frame of ``squares.ai.packed``) is in
docs/reference/formats.md.

>>> table = unpack(pack("foursquare", {5: "hard", 6: "easy"}))
>>> table.get(5), table.get(6), table.get(7), table.first, len(table)
('hard', 'easy', None, 5, 2)
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from squares.ai.packed import Words, frame, shipped_file, unframe
from squares.errors import BadResults
from squares.i18n import _

MAGIC = b"SQLEVEL\x00"
VERSION = 1
LEVELS = ("easy", "medium", "hard", "expert")  # easiest first
_HEAD = struct.Struct("<III")  # first deal, count, payload length (``packed``)


@dataclass(frozen=True, slots=True)
class LevelTable:
    """A game's shipped levels, deals ``first`` to ``first + count - 1``."""

    game: str
    first: int
    records: bytes

    def __len__(self) -> int:
        return len(self.records)

    def get(self, deal: int) -> str | None:
        """The level of ``deal``, or ``None`` when it is not rated."""
        at = deal - self.first
        if not 0 <= at < len(self) or not self.records[at]:
            return None
        return LEVELS[self.records[at] - 1]

    def deals(self, level: str) -> list[int]:
        """The rated deals of ``level``, in order."""
        code = LEVELS.index(level) + 1
        return [self.first + at for at, found in enumerate(self.records) if found == code]

    def rated(self) -> range:
        """The deals the table covers (some may still be unrated)."""
        return range(self.first, self.first + len(self))


def pack(game: str, levels: Mapping[int, str]) -> bytes:
    """The file holding ``levels`` (deal → level of ``LEVELS``) of ``game``."""
    first = min(levels, default=0)
    count = max(levels, default=-1) - first + 1
    records = bytearray(count)
    for deal, level in levels.items():
        records[deal - first] = LEVELS.index(level) + 1
    return frame(MAGIC, VERSION, game, _HEAD, (first, count), bytes(records))


def unpack(data: bytes) -> LevelTable:
    """The table a file of this format holds; ``BadResults`` if it is not one, is of a
    newer version, or is damaged."""
    words = Words(
        _("this is not a file of deal levels"),
        _("the deal levels are of format {found}, newer than this version reads ({known})"),
        _("the file of deal levels is damaged"),
    )
    game, (first, count), records = unframe(data, MAGIC, VERSION, _HEAD, words)
    if len(records) != count or max(records, default=0) > len(LEVELS):
        raise BadResults(words.damaged)
    return LevelTable(game, first, records)


@cache
def shipped_levels(game: str) -> LevelTable | None:
    """The levels shipped with the package for ``game``; ``None`` if none are (or the
    file is damaged: the faces then say every deal is not rated)."""
    return shipped_file(game, "levels", unpack)


def deal_level(game: str, deal: int) -> str | None:
    """The shipped level of ``deal`` of ``game``, or ``None``: not rated."""
    table = shipped_levels(game)
    return table.get(deal) if table is not None else None
