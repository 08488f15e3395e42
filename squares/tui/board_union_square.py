"""The Union Square board: stock, waste, the four foundations, and the 4×4 tableau, each pile
showing its top two cards, its direction and its height.

A card is picked up (Enter, Space or a click on its pile) and put down on a pile or a
foundation, or dragged there; a double-click or ``f`` sends it to its foundation. Which
moves are legal is the engine's answer (``view["legal"]``), never worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding

from squares.ai.base import Hint
from squares.cards import Card
from squares.cells import terminal_len
from squares.games.union_square import UnionSquare
from squares.i18n import N_, _, ngettext
from squares.tui.board import Board, Canvas, box_height
from squares.tui.cards import named

NAME = UnionSquare.name

KEYS = N_(
    "Arrows move the cursor; Enter or Space (or a click) picks a card up and puts it down; "
    "drag a card to move it; f or a double-click sends it to its foundation; s deals. "
    "5♦…9♦ a pile from its bottom card to its top card (underlined) · "
    "↑ ↓ a pile's direction · ★ the hint"
)

TOP = [["s", "w", "f1", "f2", "f3", "f4"]]
TABLEAU = [[f"t{4 * row + col + 1}" for col in range(4)] for row in range(4)]


ARROWS = {"up": "↑", "down": "↓"}
BOX_ROWS = 5  # stock, waste and foundations, then the tableau's four rows
MIN_PILE = 16  # columns a pile of the tableau takes at least
WASTE_MIN = 9  # the waste's two cards and its frame
PILE_RATIO = 4  # and at most for each line of its height (from 5 lines on)


class UnionSquareBoard(Board):
    """Places (the notation of moves, never drawn): ``s`` stock, ``w`` waste, ``f1``..``f4``,
    ``t1``..``t16``; the board labels them in words."""

    BINDINGS = [  # noqa: RUF012 - Textual reads the class attribute
        Binding("f", "to_foundation", N_("to its foundation")),
        Binding("s", "deal", N_("deal from the stock")),
        Binding("a", "app.auto", N_("auto to foundations on/off"), show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: str | None = None

    def places(self) -> list[list[str]]:
        return TOP + TABLEAU

    def first_place(self, flat: list[str]) -> str | None:
        return "s"

    def show(self, saved: Any, hint: Any = None) -> None:
        self.held = None
        super().show(saved, hint)

    def choose(self, place: str) -> None:
        legal = self.view["legal"]
        if place == "s":
            self.held = None
            self.post_message(Board.Chosen("s"))
            return
        if self.held is None:
            if any(m.startswith(place + "-") for m in legal):
                self.held = place
                self.refresh()
            elif place.startswith(("w", "t")):
                self.post_message(Board.Said(_("No move starts from there.")))
            return
        source, self.held = self.held, None
        self.refresh()
        if place == source:
            return
        self._offer(_move(source, place))

    def drag(self, source: str, target: str) -> None:
        self.held = None
        if source.startswith(("w", "t")) and target != "s":
            self._offer(_move(source, target))

    def double_click(self, place: str) -> None:
        self.held = None
        if place.startswith(("w", "t")):
            self._offer(f"{place}-f")

    def action_to_foundation(self) -> None:
        place = self.held or self.cursor
        self.held = None
        if place is not None and place.startswith(("w", "t")):
            self._offer(f"{place}-f")

    def _offer(self, move: str) -> None:
        """``move`` to the app if the engine allows it (or the game is over, which the app
        says); otherwise, in words, where the card cannot go: the engine's reason names
        the piles in the notation the line mode types."""
        legal = self.view["legal"]
        if move in legal or not legal:
            self.post_message(Board.Chosen(move))
            return
        source, _dash, target = move.partition("-")
        cards = _pile_of(self.view, source)
        if not cards:
            self.post_message(Board.Said(_("No move starts from there.")))
            return
        if target == "f":
            # TRANSLATORS: {card} is a card such as "5♥"
            text = _("No foundation takes the {card} now.")
        elif target.startswith("t"):
            # TRANSLATORS: {card} is a card such as "5♥"; {number} a pile of the tableau,
            # 1 to 16, as the board labels it ("pile 4")
            text = _("The {card} cannot go on pile {number}.")
        else:
            # TRANSLATORS: {card} is a card such as "5♥"
            text = _("The {card} cannot go there.")
        card = named(cards[-1]).plain
        self.post_message(Board.Said(text.format(card=card, number=target[1:])))

    def action_deal(self) -> None:
        self.post_message(Board.Chosen("s"))

    def auto_move(self) -> str | None:
        """The next card the engine lets go to a foundation, for "auto to foundations"."""
        return next((m for m in self.view["legal"] if m.endswith("-f")), None)

    # -- drawing -----------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        """The piles in their rows, centred, as large as the room lets them be: the top row
        as wide as the tableau, the waste taking what the stock and foundations leave."""
        view = self.view
        status = self.status_lines()
        height = box_height(BOX_ROWS, canvas.height - len(status) - 1)
        pile_width = max(MIN_PILE, min(canvas.width // 4, PILE_RATIO * max(5, height)))
        total = 4 * pile_width
        left = max(0, (canvas.width - total) // 2)
        below = BOX_ROWS * height + 1 + len(status)
        up = max(0, (canvas.height - below) // 2)
        widths = _top_widths(total)
        marked = self.hinted()
        stock = Text("▒▒▒" if view["stock"] else "—", style="dim")
        top = [
            Look("s", (_("stock"),), stock, view["stock"]),
            Look("w", (_("waste"),), _cards(view["waste"]), len(view["waste"])),
        ]
        for i, pile in enumerate(view["foundations"]):
            inside = named(pile[-1]) if pile else Text("—")
            top.append(Look(f"f{i + 1}", _foundation_labels(pile), inside, len(pile)))
        x = left
        for look, width in zip(top, widths, strict=True):
            self._pile(canvas, look, x, up, width, height, look.place in marked)
            x += width
        for index, cards in enumerate(view["tableau"]):
            row, col = divmod(index, 4)
            inside = _tableau(cards, view["directions"][index])
            fan = _fan(cards, view["directions"][index])
            look = Look(f"t{index + 1}", _pile_labels(index), inside, len(cards), fan)
            x, y = left + col * pile_width, up + height + row * height
            self._pile(canvas, look, x, y, pile_width, height, look.place in marked)
        y = up + BOX_ROWS * height + 1
        for line in status:
            y += canvas.para(left + 1, y, total - 2, line)

    def hint_cursor(self, hint: Hint) -> str:
        """The pile the hinted card is picked up from (or the stock, to deal)."""
        return hint.move.partition("-")[0]

    def places_of(self, move: str, view: Any) -> set[str]:
        """A move's source, and its pile or foundation (the stock alone for a deal)."""
        source, _dash, target = move.partition("-")
        if not target:
            return {source}
        if target != "f":
            return {source, target}
        index = view["homes"].get(source)
        return {source} if index is None else {source, f"f{index + 1}"}

    def _pile(
        self, canvas: Canvas, look: Look, x: int, y: int, width: int, height: int, hinted: bool
    ) -> None:
        place = look.place
        kind = "held" if place == self.held else "cursor" if place == self.cursor else "plain"
        style = "bold yellow" if place == self.cursor else "bold" if kind == "held" else ""
        canvas.box(place, x, y, width, height, kind, style)
        if height < 3:  # one line: the label before what the pile shows
            room = width - 3 - terminal_len(look.inside.plain)
            fitting = _fitting(look.labels, room)
            label = Text(f"{fitting} " if fitting else "", style=style or "dim")
            canvas.put(x + 1, y, label)
            shown = terminal_len(label.plain)
            canvas.centre(x + 1 + shown, y, width - 2 - shown, look.inside)
            return
        # after the corner and a line, before the other corner (and the hint's star)
        room = width - 3 - (3 if hinted else 0)
        fitting = _fitting(look.labels, room)
        spaced = f" {fitting} " if fitting and terminal_len(fitting) + 3 <= room else fitting
        canvas.put(x + 1 + (spaced == fitting), y, Text(spaced, style=style or "dim"))
        if hinted:
            canvas.put(x + width - 4, y, Text(" ★", style="bold green"))
        if height >= 7 and 1 < len(look.fan) <= height - 2:
            for k, card in enumerate(look.fan):  # fanned, the bottom card first
                canvas.centre(x + 1, y + 1 + k, width - 2, card)
        else:
            canvas.centre(x + 1, y + height // 2, width - 2, look.inside)
        if look.count:
            count = str(look.count)
            canvas.put(x + width - 2 - len(count), y + height - 1, Text(count, style="dim"))

    def status_lines(self) -> list[str]:
        view = self.view
        lines = [
            ngettext(
                "{count} card in the stock", "{count} cards in the stock", view["stock"]
            ).format(count=view["stock"]),
            _("Score: {score}").format(score=view["score"]),
        ]
        if self.held is not None:
            pile = _pile_of(view, self.held)
            # TRANSLATORS: {card} is the card picked up, such as "5♥"
            text = _("Holding the {card}: choose where it goes.")
            lines.append(text.format(card=named(pile[-1]).plain))
        return lines


@dataclass(frozen=True, slots=True)
class Look:
    """One pile as drawn: its place, its labels (the longest first, the one drawn is the
    longest that fits), what shows inside, how many cards."""

    place: str
    labels: tuple[str, ...]
    inside: Text
    count: int
    fan: tuple[Text, ...] = ()  # a pile's cards, bottom first, where there is room to fan


def _top_widths(total: int) -> list[int]:
    """The widths of the stock, the waste and the four foundations in a row ``total`` cells
    wide: the stock and each foundation a seventh of it, or wider, as the word of its label
    needs, while the waste keeps room for its own; the waste the rest."""
    waste = max(WASTE_MIN, terminal_len(_("waste")) + 4)
    word = max(terminal_len(_("stock")), terminal_len(_("foundation"))) + 4
    small = max(total // 7, min(word, (total - waste) // 5))
    return [small, total - 5 * small, small, small, small, small]


def _pile_of(view: Any, place: str) -> list[str]:
    """The cards of the waste (``w``) or of a pile of the tableau (``t1``..``t16``)."""
    return list(view["waste"] if place == "w" else view["tableau"][int(place[1:]) - 1])


def _pile_labels(index: int) -> tuple[str, ...]:
    """A pile of the tableau as the game's words name it, numbered 1 to 16 left to right and
    top down: ``pile 4``, or ``4`` where that does not fit."""
    number = str(index + 1)
    # TRANSLATORS: a label on the full-screen board; {number} is a pile of the tableau, 1 to
    # 16 left to right and top down, as the hints and the review name it ("pile 4")
    return (_("pile {number}").format(number=number), number)


def _foundation_labels(pile: list[str]) -> tuple[str, ...]:
    """A foundation by its suit (``hearts``, or ``♥`` where that does not fit), or, while it
    is empty and has none, ``foundation``."""
    if not pile:
        # TRANSLATORS: a label on the full-screen board: an empty foundation
        return (_("foundation"),)
    suit = Card.parse(pile[0]).suit
    return (suit.plural, suit.symbol)


def _fitting(labels: tuple[str, ...], room: int) -> str:
    """The first of ``labels`` that fits in ``room`` cells, or none: a word is never cut."""
    return next((label for label in labels if terminal_len(label) <= room), "")


def _cards(cards: list[str]) -> Text:
    """The top two cards of the waste, the top one last and underlined."""
    if not cards:
        return Text("—", style="dim")
    shown = [named(c) for c in cards[-2:]]
    shown[-1].stylize("underline")
    return Text(" ").join(shown)


def _tableau(cards: list[str], direction: str | None) -> Text:
    """A pile of the tableau, a run: its bottom card, dim, then ``…`` and its top card,
    underlined (``5♦…9♦``), as the line mode writes it, and the run's direction."""
    if not cards:
        return Text("—", style="dim")
    top = named(cards[-1])
    top.stylize("underline")
    if len(cards) == 1:
        run = top
    else:
        bottom = named(cards[0])
        bottom.stylize("dim")
        run = bottom + Text(" " if len(cards) == 2 else "…", style="dim") + top
    arrow = ARROWS[direction] if direction else ""
    return run + Text(f" {arrow}" if arrow else "", style="bold")


def _fan(cards: list[str], direction: str | None) -> tuple[Text, ...]:
    """A pile's cards one a line, the bottom first, the top underlined with the run's
    direction."""
    shown = [named(c) for c in cards]
    if shown:
        shown[-1].stylize("underline")
        if direction:
            shown[-1] += Text(f" {ARROWS[direction]}", style="bold")
    return tuple(shown)


def _move(source: str, target: str) -> str:
    return f"{source}-{'f' if target.startswith('f') else target}"


BOARD = UnionSquareBoard
