"""Colour for the terminal: red and black suits, marks; plain when piped or NO_COLOR.

Rich decides and writes the colours: it colours only a terminal, never a pipe or a file,
and never when ``NO_COLOR`` is set (no-color.org) or ``TERM`` is ``dumb``.
"""

from __future__ import annotations

from typing import TextIO

from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style as RichStyle

from squares.cards import Card

_STYLES = {
    "red": RichStyle(color="red"),
    "green": RichStyle(color="green"),
    "bold": RichStyle(bold=True),
    "dim": RichStyle(dim=True),
    "black": RichStyle(color="black", bgcolor="white"),
    "warn": RichStyle(bold=True, color="red"),
}


def wants_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    console = Console(file=stream)
    return console.color_system is not None and not console.no_color


class Style:
    """Paints text in the terminal's standard colours, or leaves it plain."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def paint(self, text: str, kind: str) -> str:
        if not self.colour:
            return text
        return _STYLES[kind].render(text, color_system=ColorSystem.STANDARD)

    def card(self, card: Card, width: int = 0) -> str:
        """``10♦`` in red, ``A♣`` in the terminal's own colour, padded to ``width``."""
        text = card.pretty.rjust(width)
        return self.paint(text, "red") if card.suit.is_red else self.paint(text, "bold")
