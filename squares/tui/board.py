"""What both boards share: a cursor over named places, the mouse, and the boxes they draw.

A board holds no game state: it is given the saved game to draw (``show``) and says what
the player chose by posting ``Board.Chosen`` (a move in notation) or ``Board.Said`` (a
sentence for the message line). Places have names (``"0,1"``, ``"t5"``); each drawing
records where each place is, so a click or a drag finds it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from squares.ai.base import Hint
from squares.cells import terminal_len
from squares.i18n import N_, _
from squares.store.saved import SavedSession
from squares.tui.cells import index_at, wrap

BOX = {
    "plain": "╭─╮│╰─╯",
    "cursor": "╔═╗║╚═╝",
    "held": "┏━┓┃┗━┛",
    "open": "┌┄┐┆└┄┘",
}
LINE = {"plain": "[]", "cursor": "»«", "held": "{}", "open": "··"}
"""A box one line high, where the room is short: its two ends."""
HEIGHTS = (9, 7, 5, 3, 1)
"""The heights a place's box may take, the largest that fits the room chosen."""


def box_height(rows: int, room: int, tallest: int = HEIGHTS[0]) -> int:
    """The tallest box of ``HEIGHTS`` (at most ``tallest``) of which ``rows`` fit in
    ``room`` lines.

    >>> box_height(4, 24), box_height(4, 12), box_height(5, 12), box_height(5, 4)
    (5, 3, 1, 1)
    """
    return next((h for h in HEIGHTS if h <= tallest and h * rows <= room), 1)


HINT_STYLE = "on dark_green"
"""A hinted place is lit whole: its frame and its inside."""
PLAYED_STYLE = "on dark_red"
"""In the review, the places of the critical move as played; its better move's are lit
as a hint's are."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a place was drawn: columns ``x`` to ``x + width``, lines ``y`` to ``y + height``."""

    place: str
    x: int
    y: int
    width: int
    height: int

    def holds(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


class Canvas:
    """Lines of styled text drawn at positions, and the spots of the places drawn."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.lines = [Text(" " * width) for _ in range(height)]
        self.spots: list[Spot] = []

    def put(self, x: int, y: int, text: Text | str, style: str = "") -> None:
        """Draw ``text`` from column ``x`` (in cells: wide and combining letters count as the
        terminal shows them, ``squares.cells``), cut at the right edge."""
        if not 0 <= y < self.height or x >= self.width:
            return
        piece = text.copy() if isinstance(text, Text) else Text(text, style=style)
        room = max(0, self.width - x)
        if terminal_len(piece.plain) > room:
            piece = piece[: index_at(piece.plain, room)]
        line = self.lines[y]
        start = index_at(line.plain, x)
        end = index_at(line.plain, x + terminal_len(piece.plain))
        self.lines[y] = line[:start] + piece + line[end:]

    def box(
        self, place: str, x: int, y: int, width: int, height: int, kind: str, style: str = ""
    ) -> None:
        """A frame of ``width`` × ``height`` for ``place`` (its inside is drawn separately);
        one line high, its two ends."""
        if height < 3:
            left, right = LINE[kind][0], LINE[kind][1]
            self.put(x, y, left, style)
            self.put(x + width - 1, y, right, style)
            self.spots.append(Spot(place, x, y, width, 1))
            return
        tl, top, tr, side, bl, bottom, br = tuple(BOX[kind])
        self.put(x, y, tl + top * (width - 2) + tr, style)
        for row in range(1, height - 1):
            self.put(x, y + row, side, style)
            self.put(x + width - 1, y + row, side, style)
        self.put(x, y + height - 1, bl + bottom * (width - 2) + br, style)
        self.spots.append(Spot(place, x, y, width, height))

    def centre(self, x: int, y: int, width: int, text: Text) -> None:
        piece = text[: index_at(text.plain, max(0, width))]
        self.put(x + max(0, (width - terminal_len(piece.plain)) // 2), y, piece)

    def para(self, x: int, y: int, width: int, text: str, style: str = "") -> int:
        """``text`` wrapped at word boundaries into ``width`` cells; the lines it took."""
        lines = wrap(text, width)
        for k, line in enumerate(lines):
            self.put(x, y + k, line, style)
        return len(lines)

    def light(self, spot: Spot, style: str) -> None:
        """Add ``style`` to every cell of ``spot``, its frame and what is drawn inside."""
        for y in range(max(0, spot.y), min(self.height, spot.y + spot.height)):
            line = self.lines[y]
            start = index_at(line.plain, spot.x)
            end = index_at(line.plain, spot.x + spot.width)
            line.stylize(style, start, end)

    def text(self) -> Text:
        return Text("\n").join(self.lines)


class Board(Widget, can_focus=True):
    """The drawing and the controls of one game; subclasses draw and name the places."""

    DEFAULT_CSS = """
    Board { width: 1fr; height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step(0, -1)", N_("move the cursor"), show=False),
        Binding("down", "step(0, 1)", N_("move the cursor"), show=False),
        Binding("left", "step(-1, 0)", N_("move the cursor"), show=False),
        Binding("right", "step(1, 0)", N_("move the cursor"), show=False),
        Binding("enter,space", "choose", N_("pick up / put down")),
    ]

    class Chosen(Message):
        """The player made a move (in notation); the app checks, confirms and plays it."""

        def __init__(self, move: str) -> None:
            super().__init__()
            self.move = move

    class Said(Message):
        """Something to tell the player on the message line."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, saved: SavedSession, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.saved = saved
        self.hint: Hint | None = None
        self.marks: dict[str, str] = {}  # places lit with a style of their own (the review)
        self.shows_cursor = True  # not on a replay, which the arrows step through
        self.cursor: str | None = None
        self.spots: list[Spot] = []
        self._pressed: str | None = None
        self._dragged = False

    # -- what subclasses provide -------------------------------------------------------
    def places(self) -> list[list[str]]:
        """The places the cursor visits, row by row."""
        raise NotImplementedError

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError

    def choose(self, place: str) -> None:
        """Enter, Space or a click on ``place``."""
        raise NotImplementedError

    def drag(self, source: str, target: str) -> None:
        """A card dragged from ``source`` and dropped on ``target``."""

    def double_click(self, place: str) -> None:
        self.choose(place)

    def warning(self, move: str) -> str | None:
        """The question to ask before ``move`` is played (a move that loses), if any."""
        return None

    def auto_move(self) -> str | None:
        """The move "auto to foundations" plays next, if the game has such moves."""
        return None

    def places_of(self, move: str, view: Any) -> set[str]:
        """The places ``move`` (notation) takes a card from and to, in the position
        ``view``: one cell for Foursquare."""
        return {move}

    def hinted(self) -> set[str]:
        """The places the hint shown names: they are lit on the board."""
        return set() if self.hint is None else self.places_of(self.hint.move, self.view)

    def hint_cursor(self, hint: Hint) -> str:
        """Where the cursor goes when ``hint`` is shown: where the player acts first."""
        return hint.move

    def hint_line(self, hint: Hint) -> str:
        """What the message line says of ``hint``: the move and what it does in the
        board's words (``hint.words``), never in notation; the board lights its places."""
        return _("Hint: {reason}").format(reason=hint.words)

    # -- drawing -----------------------------------------------------------------------
    def show(self, saved: SavedSession, hint: Hint | None = None) -> None:
        self.saved, self.hint = saved, hint
        if hint is not None:
            self.cursor = self.hint_cursor(hint)
        self.keep_cursor()
        self.refresh()

    @property
    def view(self) -> Any:
        return self.saved.view()

    def keep_cursor(self) -> None:
        if not self.shows_cursor:
            self.cursor = None
            return
        flat = [p for row in self.places() for p in row]
        if self.cursor not in flat:
            self.cursor = self.first_place(flat)

    def first_place(self, flat: list[str]) -> str | None:
        return flat[0] if flat else None

    def render(self) -> RenderableType:
        # The last column stays blank: a line with Telugu's vowel signs is a cell wider on
        # the terminal than Textual counts, and the cell it writes past the edge lands there.
        canvas = Canvas(max(0, self.size.width - 1), self.size.height)
        self.draw(canvas)
        lit = {**dict.fromkeys(self.hinted(), HINT_STYLE), **self.marks}
        for spot in canvas.spots:
            if spot.place in lit:
                canvas.light(spot, lit[spot.place])
        self.spots = canvas.spots
        return canvas.text()

    def place_at(self, x: int, y: int) -> str | None:
        return next((s.place for s in reversed(self.spots) if s.holds(x, y)), None)

    # -- keys --------------------------------------------------------------------------
    def action_step(self, dx: int, dy: int) -> None:
        rows = self.places()
        if not rows:
            return
        self.keep_cursor()
        row = next((i for i, r in enumerate(rows) if self.cursor in r), 0)
        col = rows[row].index(self.cursor) if self.cursor in rows[row] else 0
        if dy:
            row = (row + dy) % len(rows)
            col = min(col, len(rows[row]) - 1)
        else:
            col = (col + dx) % len(rows[row])
        self.cursor = rows[row][col]
        self.refresh()

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.choose(self.cursor)

    # -- the mouse ---------------------------------------------------------------------
    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._pressed = self.place_at(event.x, event.y)
        self._dragged = False

    def on_mouse_up(self, event: events.MouseUp) -> None:
        target = self.place_at(event.x, event.y)
        source, self._pressed = self._pressed, None
        if source is not None and target is not None and target != source:
            self._dragged = True
            self.cursor = target
            self.drag(source, target)

    def on_click(self, event: events.Click) -> None:
        if self._dragged:
            self._dragged = False
            return
        place = self.place_at(event.x, event.y)
        if place is None:
            return
        self.focus()
        self.cursor = place
        if event.chain >= 2:
            self.double_click(place)
        else:
            self.choose(place)
        self.refresh()
