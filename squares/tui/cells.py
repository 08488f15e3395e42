"""Text measured in the cells a terminal gives it, for drawing and wrapping.

Rich's ``cell_len`` counts a spacing combining mark (Unicode category Mc, as Telugu's
vowel sign ``ు`` in ``కు``) as no cell, while terminals (the C library's ``wcwidth``, which
tmux and most emulators follow) give it one: measured by Rich alone, a Telugu line is
drawn wider than planned and pushes the borders after it to the right. Here such a mark
counts one cell, so what is drawn ends where it was meant to.

>>> cell_len("కు"), terminal_len("కు"), terminal_len("10♣")
(1, 2, 3)
>>> wrap("Enter/Space place  u undo  h hint", 14, "  ")
['Enter/Space place', 'u undo  h hint']
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len


@lru_cache(maxsize=4096)
def char_cells(char: str) -> int:
    """The cells a terminal gives ``char``."""
    width = cell_len(char)
    if width == 0 and unicodedata.category(char) == "Mc":
        return 1
    return width


def terminal_len(text: str) -> int:
    return sum(char_cells(c) for c in text)


def index_at(plain: str, column: int) -> int:
    """The index in ``plain`` of the character that starts at cell ``column``."""
    index = width = 0
    while index < len(plain) and width < column:
        width += char_cells(plain[index])
        index += 1
    while index < len(plain) and char_cells(plain[index]) == 0:
        index += 1  # a combining mark stays with its letter
    return index


def wrap(text: str, width: int, gap: str = " ") -> list[str]:
    """``text``'s parts (split at ``gap``) in lines of at most ``width`` cells, a part
    longer than a line on a line of its own."""
    lines: list[str] = []
    for part in (p.strip() for p in text.split(gap)):
        if not part:
            continue
        if lines and terminal_len(lines[-1] + gap + part) <= width:
            lines[-1] += gap + part
        else:
            lines.append(part)
    return lines


def fitted(text: str, width: int, gap: str = " ") -> str:
    """``text`` wrapped into lines of ``width`` cells, each of its own lines apart."""
    return "\n".join("\n".join(wrap(line, width, gap)) for line in text.split("\n"))
