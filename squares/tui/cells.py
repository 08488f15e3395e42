"""Text placed and wrapped in the cells a terminal gives it (``squares.cells``
measures them).

>>> index_at("కుటుంబం", 2)
2
>>> wrap("Enter/Space place  u undo  h hint", 14, "  ")
['Enter/Space place', 'u undo  h hint']
"""

from __future__ import annotations

from squares.cells import char_cells, terminal_len


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
