"""Draw a Union Square player view as text: stock, waste, foundations, the 4×4 tableau."""

from __future__ import annotations

from squares.cards import Card
from squares.cli.style import Style
from squares.games.views import Direction, UnionSquareView
from squares.i18n import N_, _

GAME = "union-square"

PILE_WIDTH = 20
COLUMNS = 4  # the tableau is drawn as it lies: four piles a row
ARROWS = {"up": "↑", "down": "↓"}

KEY = N_(
    "Key: t2 5♦…9♦ ↑5 = pile t2 runs from 5♦ up to 9♦ (top), 5 cards; "
    "f1 3♣ (3) = foundation f1 shows 3♣, 3 cards"
)
"""Marked for translation: show it as ``_(KEY)``."""


def draw(view: UnionSquareView, style: Style, hint: str | None = None) -> str:
    """The board of ``view``; a ``hint`` move (``t5-t9``) is marked ``»`` at both ends."""
    marked = set(hint.split("-")) if hint else set()
    waste = [Card.parse(c) for c in view["waste"]]
    shown = " ".join(style.card(c) for c in waste[-3:])
    more = "… " if len(waste) > 3 else ""
    lines = [
        " · ".join(
            [
                style.paint(_("Union Square"), "bold"),
                _("deal {deal}").format(deal=view["deal"]),
                _("stock {count}").format(count=view["stock"]),
                _("score {score}").format(score=view["score"]),
            ]
        ),
        _mark("w" in marked, style)
        + _("Waste ({count}): {cards}").format(
            count=len(waste), cards=more + shown if waste else "—"
        ),
        _mark("f" in marked, style)
        + _("Foundations: {piles}").format(
            piles="   ".join(
                f"f{i + 1} {_foundation(pile, style)}" for i, pile in enumerate(view["foundations"])
            )
        ),
        "",
    ]
    piles = list(zip(view["tableau"], view["directions"], strict=True))
    for row in range(0, len(piles), COLUMNS):
        cells = [
            _pile(index, *piles[index], style, marked)
            for index in range(row, min(row + COLUMNS, len(piles)))
        ]
        lines.append("".join(cells).rstrip())
    lines.append("")
    if view["legal"]:
        lines.append(_("Moves: {moves}").format(moves=" ".join(view["legal"])))
    return "\n".join(lines)


def _foundation(pile: list[str], style: Style) -> str:
    if not pile:
        return "—"
    return f"{style.card(Card.parse(pile[-1]))} ({len(pile)})"


def _mark(on: bool, style: Style) -> str:
    return style.paint("» ", "green") if on else ""


def _pile(
    index: int, pile: list[str], direction: Direction | None, style: Style, marked: set[str]
) -> str:
    """``t2  5♦…9♦ ↑ 5``: bottom card, top card, direction and height (a pile is a run)."""
    name = f"t{index + 1}"
    label = style.paint(f"»{name:<4}", "green") if name in marked else f" {name:<4}"
    if not pile:
        text, plain = "—", 1
    else:
        cards = [Card.parse(c) for c in pile]
        if len(cards) == 1:
            text, plain = style.card(cards[0]), len(cards[0].pretty)
        else:
            arrow = ARROWS[direction] if direction else ""
            joiner = " " if len(cards) == 2 else "…"
            first, last = cards[0], cards[-1]
            text = f"{style.card(first)}{joiner}{style.card(last)} {arrow}{len(cards)}"
            plain = len(first.pretty) + 1 + len(last.pretty) + 2 + len(str(len(cards)))
    return label + text + " " * max(1, PILE_WIDTH - 5 - plain)
