"""Draw a Foursquare player view as text: the grid, the card in hand, the legal cells."""

from __future__ import annotations

from squares.cards import Card
from squares.cli.style import Style
from squares.games.views import FoursquarePile, FoursquareView
from squares.i18n import N_, _

GAME = "foursquare"

CELL = 8


KEY = N_(
    "Key: 5♣/2 = top card/pile height   ## = face down   + = empty cell you may use"
    "   ! = this placement loses   * = the hint"
)
"""Marked for translation: show it as ``_(KEY)``."""


def draw(view: FoursquareView, style: Style, hint: str | None = None) -> str:
    """The board of ``view``: legal cells ``+``, placements that lose ``!``, the cell of a
    ``hint`` ``*``."""
    piles = {(p["row"], p["col"]): p for p in view["piles"]}
    legal = {(p["row"], p["col"]): p["move"] for p in view["placements"]}
    losing = {p["move"] for p in view["placements"] if p["loses"]}
    cells = set(piles) | set(legal)
    lines = [_header(view, style)]
    if cells:
        rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
        cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        lines.append(" " * 5 + "".join(f"{c:>3}".ljust(CELL) for c in cols).rstrip())
        for r in rows:
            line = "".join(
                _cell(piles.get((r, c)), legal.get((r, c)), losing, style, hint) for c in cols
            )
            lines.append(f"{r:>4} " + line.rstrip())
    lines.append("")
    if view["legal"]:
        moves = " ".join(style.paint(m + "!", "warn") if m in losing else m for m in view["legal"])
        lines.append(_("Legal: {moves}").format(moves=moves))
    return "\n".join(lines)


def _header(view: FoursquareView, style: Style) -> str:
    parts = [
        style.paint(_("Foursquare"), "bold"),
        _("deal {deal}").format(deal=view["deal"]),
        _("stock {count}").format(count=view["stock"]),
    ]
    parts.append(
        _("face-down piles {count} of at most {limit}").format(
            count=view["face_down"], limit=view["face_down_limit"]
        )
    )
    if view["current"]:
        card = style.card(Card.parse(view["current"]))
        parts.append(_("card to place: {card}").format(card=card))
    if view["score"] is not None:
        parts.append(_("score {score}").format(score=view["score"]))
    return " · ".join(parts)


def _cell(
    pile: FoursquarePile | None,
    move: str | None,
    losing: set[str],
    style: Style,
    hint: str | None,
) -> str:
    loses = move is not None and move in losing
    hinted = move is not None and move == hint
    mark = style.paint("*", "green") if hinted else style.paint("!", "warn") if loses else " "
    if pile is None:
        if move is None:
            return " " * CELL
        text = style.paint("!", "warn") if loses else style.paint("*" if hinted else "+", "green")
        return "  " + text + " " * (CELL - 3)
    face_down = style.paint(" ##", "dim")
    top = style.card(Card.parse(pile["top"]), 3) if pile["top"] else face_down
    return f"{top}/{pile['height']}{mark}" + " " * (CELL - 6)
