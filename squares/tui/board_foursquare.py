"""The Foursquare board: the grid of piles, the cells the card in hand may go to, what a
placement would flip and whether it loses, all asked of the engine.

The card in hand is always held: Enter, Space or a click puts it on the cell under the
cursor. Hovering the cursor over a legal cell previews its flips (⟳); a losing cell is
marked ``!`` and the app asks before playing it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from squares.cards import Card
from squares.cells import terminal_len
from squares.games.foursquare import Foursquare
from squares.i18n import N_, _, ngettext
from squares.tui.board import Board, Canvas, box_height
from squares.tui.cards import named

NAME = Foursquare.name

KEYS = N_(
    "Arrows move the cursor; Enter or Space (or a click) places the card in hand. "
    "+ a cell you may use · ⟳ flipped by a placement there · ! that placement loses · "
    "▒ face down · ★ the hint"
)

PANEL_WIDTH = 26  # at least
GAP = 2  # columns between the grid and the panel
CARD_RATIO = 3  # a cell's box is this many columns wide for each line high, at most
HAND = "hand"  # the card to place, which may be dragged onto a cell


class FoursquareBoard(Board):
    """Places are cells ``"row,col"`` within the piles and legal cells' bounding box."""

    BINDINGS = [  # noqa: RUF012 - Textual reads the class attribute
        Binding("enter,space", "choose", N_("place the card")),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = Foursquare()

    def _cells(self) -> tuple[range, range]:
        view = self.view
        cells = {(p["row"], p["col"]) for p in view["piles"]}
        cells |= {_cell(m) for m in [*view["legal"], *self.marks]}
        if not cells:
            return range(0, 1), range(0, 1)
        rows = [r for r, _c in cells]
        cols = [c for _r, c in cells]
        return range(min(rows), max(rows) + 1), range(min(cols), max(cols) + 1)

    def places(self) -> list[list[str]]:
        rows, cols = self._cells()
        return [[f"{r},{c}" for c in cols] for r in rows]

    def first_place(self, flat: list[str]) -> str | None:
        legal = self.view["legal"]
        return legal[0] if legal else super().first_place(flat)

    def choose(self, place: str) -> None:
        if place == HAND:
            return  # the card in hand is always held: it goes where the cursor chooses
        if place in self.view["legal"]:
            self.post_message(Board.Chosen(place))
        elif self.saved.over:
            self.post_message(Board.Said(_("The game is over: n for a new deal.")))
        else:
            card = Card.parse(self.view["current"]).pretty
            # TRANSLATORS: {card} is the card in hand ("8♠"); + marks the cells it may go to
            text = _("The {card} cannot go there: choose a cell marked +.").format(card=card)
            self.post_message(Board.Said(text))

    def drag(self, source: str, target: str) -> None:
        self.choose(target)

    def warning(self, move: str) -> str | None:
        """What to ask before ``move`` is played, if it loses."""
        if not self._loses(move):
            return None
        count = len(self._placement(move)["flips"])
        view = self.view
        # in words, as the web table says it: the grid shows no coordinates
        what = ngettext(
            "Placing the {card} there flips {count} pile and leaves more than {limit} "
            "face down: the game ends lost.",
            "Placing the {card} there flips {count} piles and leaves more than {limit} "
            "face down: the game ends lost.",
            count,
        ).format(
            card=Card.parse(view["current"]).pretty, count=count, limit=view["face_down_limit"]
        )
        return what + "\n" + _("Place it anyway?")

    # -- drawing -----------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        """The grid and the panel beside it, centred; the cells as large as the room lets
        them be, about as much wider than high as a card on a terminal's cells."""
        view = self.view
        rows, cols = self._cells()
        panel = self._panel_width(view, canvas.width)
        area = canvas.width - panel - GAP
        height = box_height(len(rows), canvas.height)
        width = max(8, min(area // max(1, len(cols)), CARD_RATIO * max(3, height)))
        left = max(0, (canvas.width - width * len(cols) - GAP - panel) // 2)
        top = max(0, (canvas.height - height * len(rows)) // 2)
        piles = {(p["row"], p["col"]): p for p in view["piles"]}
        legal = set(view["legal"])
        flipped = (
            {(r, c) for r, c in self._placement(self.cursor)["flips"]}
            if (self.cursor in legal)
            else set()
        )
        hint = self.hint.move if self.hint else None
        for i, r in enumerate(rows):
            for j, c in enumerate(cols):
                place = f"{r},{c}"
                pile = piles.get((r, c))
                shown = place in legal or place == self.cursor or place in self.marks
                if pile is None and not shown:
                    continue
                x, y = left + j * width, top + i * height
                kind = "cursor" if place == self.cursor else "plain" if pile else "open"
                style = "bold yellow" if place == self.cursor else "" if pile else "dim"
                canvas.box(place, x, y, width, height, kind, style)
                self._inside(canvas, x, y, width, height, pile, place in legal)
                mark = self._mark(place, (r, c) in flipped, hint)
                if mark is not None:
                    canvas.put(x + width - 3, y + height - 1, mark)
        self._panel(canvas, left + width * len(cols) + GAP, top, view, height)

    def _inside(
        self, canvas: Canvas, x: int, y: int, width: int, height: int, pile: Any, legal: bool
    ) -> None:
        middle = y + height // 2
        if pile is None:
            canvas.centre(x + 1, middle, width - 2, Text("+" if legal else "", style="green"))
            return
        top = named(pile["top"]) if pile["face_up"] else Text("▒▒▒", style="dim")
        canvas.centre(x + 1, middle, width - 2, top)
        if height >= 3:
            canvas.put(x + 1, y + height - 1, Text(f"{pile['height']}", style="dim"))
        if height >= 7 and pile["face_up"]:  # a large card shows its corners, as a card does
            canvas.put(x + 2, y + 1, named(pile["top"]))
            corner = named(pile["top"])
            canvas.put(x + width - 2 - corner.cell_len, y + height - 2, corner)
        if legal:
            canvas.put(x + 1, y, Text("+", style="green"))

    def _mark(self, place: str, flips: bool, hint: str | None) -> Text | None:
        if place == hint:
            return Text("★", style="bold green")
        if place in self.view["legal"] and self._loses(place):
            return Text("!", style="bold red")
        if flips:
            return Text("⟳", style="bold cyan")
        return None

    def _placement(self, place: str | None) -> Any:
        """What placing the card at ``place`` would do, as the view says (``flips``,
        ``loses``); ``None`` for a cell the card cannot go to."""
        return next((p for p in self.view["placements"] if p["move"] == place), None)

    def _loses(self, place: str) -> bool:
        placement = self._placement(place)
        return placement is not None and placement["loses"] is not None

    def _panel_texts(self, view: Any) -> list[str]:
        info = [
            _("Stock: {count}").format(count=view["stock"]),
            _("Face down: {count} of at most {limit}").format(
                count=view["face_down"], limit=view["face_down_limit"]
            ),
        ]
        if view["score"] is not None:
            info.append(_("Score: {score}").format(score=view["score"]))
        return info

    def _panel_width(self, view: Any, room: int) -> int:
        """As wide as its longest line, so that none wraps, if the room allows: what a
        placement flips counted for every legal cell, so the width stays as the cursor
        moves."""
        flips = [self._flips_text(view, p["flips"]) for p in view["placements"]]
        texts = [_("Card to place"), *self._panel_texts(view), *flips]
        if any(p["loses"] is not None for p in view["placements"]):
            texts.append(_("! this placement loses"))
        return min(max(PANEL_WIDTH, *(terminal_len(t) for t in texts)), room // 2)

    def _flips_text(self, view: Any, flips: list[Any]) -> str:
        # in words, as the web table says it: the grid shows no coordinates
        count = len(flips)
        return ngettext(
            "The {card} here: flips {count} pile", "The {card} here: flips {count} piles", count
        ).format(card=Card.parse(view["current"]).pretty, count=count)

    def _panel(self, canvas: Canvas, x: int, y: int, view: Any, height: int) -> None:
        """Beside the grid; the card in hand in a box as high as the grid's places, at
        most three lines, so the lines below it stay in view when the places are small."""
        if view["current"]:  # once the game is over, no card is to be placed
            hand = 3 if height >= 3 else 1  # a box, or its two ends on one line
            canvas.put(x, y, Text(_("Card to place"), style="bold"))
            canvas.box(HAND, x, y + 1, 8, hand, "held", "bold")
            canvas.put(x + 1, y + 1 + hand // 2, named(view["current"], 6))
            y += hand + 2
        info = self._panel_texts(view)
        width = canvas.width - x
        for line in info:
            y += canvas.para(x, y, width, line)
        if self.cursor is not None and self.cursor in view["legal"]:
            flips = self._flips_text(view, self._placement(self.cursor)["flips"])
            y += 1 + canvas.para(x, y + 1, width, flips, "cyan")
            if self._loses(self.cursor):
                canvas.para(x, y, width, _("! this placement loses"), "bold red")


def _cell(move: str) -> tuple[int, int]:
    row, col = move.split(",")
    return int(row), int(col)


BOARD = FoursquareBoard
