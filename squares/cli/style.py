"""Colour for the terminal: red and black suits, marks; plain when piped or NO_COLOR."""

from __future__ import annotations

import os
from typing import TextIO

from squares.cards import Card

_RESET = "\033[0m"
_CODES = {"red": "31", "green": "32", "bold": "1", "dim": "2", "black": "30;47", "warn": "1;31"}


def wants_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Style:
    """Wraps text in ANSI colour codes, or leaves it plain."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def paint(self, text: str, kind: str) -> str:
        if not self.colour:
            return text
        return f"\033[{_CODES[kind]}m{text}{_RESET}"

    def card(self, card: Card, width: int = 0) -> str:
        """``10♦`` in red, ``A♣`` in the terminal's own colour, padded to ``width``."""
        text = card.pretty.rjust(width)
        return self.paint(text, "red") if card.suit.is_red else self.paint(text, "bold")
