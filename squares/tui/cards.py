"""Cards as styled text: the suit symbol always, red or the terminal's own colour on top.

Textual drops the colour itself under ``NO_COLOR``; the symbol still tells the suit.

>>> from squares.cards import Card
>>> face(Card.parse("TD")).plain, face(None).plain
('10♦', '·')
"""

from __future__ import annotations

from rich.text import Text

from squares.cards import Card

RED = "bold red"
BLACK = "bold"


def face(card: Card | None, width: int = 0) -> Text:
    """``card`` (or ``·`` for none) centred in ``width`` cells."""
    if card is None:
        return Text("·".center(width), style="dim")
    text = card.pretty.center(width)
    return Text(text, style=RED if card.suit.is_red else BLACK)


def named(text: str | None, width: int = 0) -> Text:
    """A card given by its two-character name (``"TD"``), as ``face`` draws it."""
    return face(None if text is None else Card.parse(text), width)
