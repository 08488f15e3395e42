"""Text measured in the cells a terminal gives it, for every face that draws on one.

Rich's ``cell_len`` counts a spacing combining mark (Unicode category Mc, as Telugu's
vowel sign ``ు`` in ``కు``) as no cell, while terminals (the C library's ``wcwidth``, which
tmux and most emulators follow) give it one: measured by Rich alone, a Telugu line is
drawn wider than planned and pushes the borders after it to the right. Here such a mark
counts one cell, so what is drawn ends where it was meant to; and while the terminal game
runs, ``measure_as_terminals`` has Rich (and Textual, which measures with it) count so
too, so its tables, lists and dialogs keep their borders in Telugu.

>>> cell_len("కు"), terminal_len("కు"), terminal_len("10♣"), terminal_len("游戏")
(1, 2, 3, 4)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from rich import cells as rich_cells
from rich._unicode_data import load as rich_width_table
from rich.cells import cell_len


def _spacing_mark(char: str) -> bool:
    return unicodedata.category(char) == "Mc"


@lru_cache(maxsize=4096)
def char_cells(char: str) -> int:
    """The cells a terminal gives ``char``."""
    width = cell_len(char)
    if width == 0 and _spacing_mark(char):
        return 1
    return width


_RICH_WIDTHS: list[tuple[int, int, int]] = []
"""Rich's own table of character widths while ``measure_as_terminals`` is on."""


def _terminal_widths(widths: Sequence[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Rich's table of (first, last, cells) ranges without the spacing marks among its
    zero-width ranges: a character in no range takes one cell."""
    table: list[tuple[int, int, int]] = []
    for first, last, cells in widths:
        if cells != 0:
            table.append((first, last, cells))
            continue
        start = first
        for point in range(first, last + 1):
            if _spacing_mark(chr(point)):
                if start < point:
                    table.append((start, point - 1, 0))
                start = point + 1
        if start <= last:
            table.append((start, last, 0))
    return table


def measure_as_terminals(on: bool) -> None:
    """Have Rich, and Textual with it, measure a spacing mark as one cell (``on``), as
    ``terminal_len`` does, or as Rich does by itself again (``not on``).

    >>> measure_as_terminals(True); cell_len("కు")
    2
    >>> measure_as_terminals(False); cell_len("కు")
    1
    """
    widths = rich_width_table("auto").widths
    if not isinstance(widths, list):  # a Rich whose tables cannot change: Rich's measure
        return
    if on and not _RICH_WIDTHS:
        _RICH_WIDTHS[:] = widths
        widths[:] = _terminal_widths(widths)
    elif not on and _RICH_WIDTHS:
        widths[:] = _RICH_WIDTHS
        _RICH_WIDTHS.clear()
    rich_cells.get_character_cell_size.cache_clear()
    rich_cells.cached_cell_len.cache_clear()


def terminal_len(text: str) -> int:
    """The cells a terminal gives ``text``, whatever Rich measures meanwhile."""
    return sum(char_cells(c) for c in text)
