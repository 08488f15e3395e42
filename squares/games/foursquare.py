"""Foursquare (Wil Su): place 40 cards into a 4×4 grid; Reversi-style flips.

Coordinates are relative to the first card, which sits at row 0, column 0; rows grow
downwards and columns rightwards, and either may go negative. The grid's bounding box
never exceeds 4 rows by 4 columns.

>>> game = Foursquare()
>>> state = game.apply_text(game.new(7), "0,0")
>>> [str(m) for m in game.legal_moves(state)]
['-1,0', '0,-1', '0,0', '0,1', '1,0']
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, NamedTuple, TypeGuard

from squares.cards import Card, check_deal_number, foursquare_deck, shuffled
from squares.cards import shown as _shown
from squares.errors import BadNotation, CorruptSave
from squares.games.base import JSON, RESIGNED, Game, Status, status_name
from squares.games.info import EndReason, GameInfo, Key, Outcome
from squares.games.views import FoursquarePile, FoursquarePlacement, FoursquareView
from squares.i18n import N_, _, ngettext

SIZE = 4  # the grid is at most SIZE × SIZE
MAX_HEIGHT = 4  # a pile holds at most this many cards
MAX_FACE_DOWN = 4  # more face-down tops than this loses
DECK_SIZE = 40

Cell = tuple[int, int]
Layer = tuple[Card, bool]  # a card and whether it is face up
Pile = tuple[Layer, ...]  # bottom to top

# ASCII only (no other script's digits), and short: coordinates are within a few cells of
# the first card, and Python refuses to convert very long strings to int at all.
_NOTATION = re.compile(r"\s*(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})\s*", re.ASCII)
_NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Placement(NamedTuple):
    """Put the card in hand on the pile or empty cell at ``row, col``: notation ``"0,1"``.

    A named pair, so that placements compare, hash and sort as fast as cells do."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> Placement:
        match = _NOTATION.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise BadNotation(
                _("bad Foursquare move {move}: expected 'row,col' such as '0,1' or '-1,0'").format(
                    move=_shown(text)
                )
            )
        return cls(int(match[1]), int(match[2]))


@dataclass(frozen=True, slots=True)
class FoursquareState:
    """A position: the piles by cell, and the cards not yet placed in drawing order.

    While the game is on, ``remaining[0]`` is the card in hand (drawn, face up) and the
    rest is the stock. Two facts are kept beside it once worked out (they never take part
    in comparing positions): the count of face-down tops, and the legal placements.
    """

    deal: int
    grid: tuple[tuple[Cell, Pile], ...]  # sorted by cell
    remaining: tuple[Card, ...]
    _down: int = field(default=-1, compare=False, repr=False)
    _legal: tuple[Placement, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def piles(self) -> dict[Cell, Pile]:
        return dict(self.grid)

    @property
    def face_down_count(self) -> int:
        down = self._down
        if down < 0:
            down = sum(1 for _, pile in self.grid if not pile[-1][1])
            object.__setattr__(self, "_down", down)
        return down


INFO = GameInfo(
    name="foursquare",
    title=N_("Foursquare"),
    summary=N_(
        "Place 40 cards one by one into a 4×4 grid; each placement flips the piles of its "
        "row and column whose cards it beats. Win with all 16 piles face up."
    ),
    score_range=(0, 24),
    score_meaning=N_("the cards still in the stock when the grid is won (a win only)"),
    score_when="won",
    notation=N_("row,col: where the card in hand goes, such as 0,1 or -1,0 (the first is 0,0)"),
    move_examples=("0,0", "0,1", "-1,0"),
    keys=(Key(N_("Enter"), N_("place the card in hand on the focused cell")),),
    end_reasons=(EndReason.WON, EndReason.FACE_DOWN_LIMIT, EndReason.STOCK_EMPTY,
                 EndReason.RESIGNED),
    ai_package="squares.ai.foursquare",
    limits=(("limit", MAX_FACE_DOWN),),
)  # fmt: skip

_WON = Outcome(Status.WON, EndReason.WON)
_FACE_DOWN_LIMIT = Outcome(Status.LOST, EndReason.FACE_DOWN_LIMIT)
_STOCK_EMPTY = Outcome(Status.LOST, EndReason.STOCK_EMPTY)


def _outcome(state: FoursquareState) -> Outcome | None:
    face_down = state.face_down_count
    if face_down > MAX_FACE_DOWN:
        return _FACE_DOWN_LIMIT
    if face_down == 0 and len(state.grid) == SIZE * SIZE:
        return _WON
    if not state.remaining:
        return _STOCK_EMPTY
    return None


def _status(state: FoursquareState) -> Status:
    ended = _outcome(state)
    return Status.PLAYING if ended is None else ended.status


def _span(values: list[int]) -> int:
    return max(values) - min(values) + 1


@cache
def _beside(cell: Cell) -> tuple[Placement, ...]:
    """The cells up, down, left and right of ``cell``."""
    return tuple(_placement(cell[0] + dr, cell[1] + dc) for dr, dc in _NEIGHBOURS)


@cache
def _placement(row: int, col: int) -> Placement:
    return Placement(row, col)


def _turned(state: FoursquareState, row: int, col: int) -> list[Cell]:
    """The cells whose top a placement at ``row, col`` turns over (see ``flips``)."""
    value = state.remaining[0].rank
    in_row: list[Cell] = []
    in_col: list[Cell] = []
    row_up: list[int] = []
    col_up: list[int] = []
    for cell, pile in state.grid:
        if cell[0] == row:
            if cell[1] != col:
                in_row.append(cell)
                if pile[-1][1]:
                    row_up.append(pile[-1][0].rank)
        elif cell[1] == col:
            in_col.append(cell)
            if pile[-1][1]:
                col_up.append(pile[-1][0].rank)
    turned: list[Cell] = []
    if not row_up or value > max(row_up) or value < min(row_up):
        turned += in_row
    if not col_up or value > max(col_up) or value < min(col_up):
        turned += in_col
    return turned


def _bounds(state: FoursquareState) -> tuple[int, int, int, int]:
    """The open bounds a new pile's row and column must lie strictly within: each within
    SIZE rows (columns) of every pile's."""
    rows = [r for (r, _), _ in state.grid]
    cols = [c for (_, c), _ in state.grid]
    return max(rows) - SIZE, min(rows) + SIZE, max(cols) - SIZE, min(cols) + SIZE


def _legal_cells(state: FoursquareState) -> tuple[Placement, ...]:
    """Where the card in hand may go, sorted: a pile that is not full, or an empty cell
    beside a pile that keeps the grid within SIZE × SIZE (worked out once per position)."""
    legal = state._legal
    if legal is not None:
        return legal
    if _outcome(state) is not None:
        legal = ()
    elif not state.grid:
        legal = (_placement(0, 0),)
    else:
        piles = dict(state.grid)
        low, high, first, last = _bounds(state)
        cells = {_placement(*cell) for cell, pile in state.grid if len(pile) < MAX_HEIGHT}
        for cell in piles:
            for near in _beside(cell):
                if near not in piles and low < near.row < high and first < near.col < last:
                    cells.add(near)
        legal = tuple(sorted(cells))
    object.__setattr__(state, "_legal", legal)
    return legal


def _next_cells(
    before: tuple[Placement, ...], after: FoursquareState, cell: Cell, new: bool, full: bool
) -> tuple[Placement, ...]:
    """The legal cells after a placement at ``cell``, from those before it: a full pile
    leaves them; a new pile brings its empty neighbours, and may narrow the bounds."""
    if not new:
        return tuple(c for c in before if c != cell) if full else before
    low, high, first, last = _bounds(after)
    # Every pile lies within the bounds, so these keep all the piles that are not full.
    cells = [c for c in before if low < c.row < high and first < c.col < last]
    taken = {c for c, _ in after.grid}
    taken.update(cells)
    cells += (
        near
        for near in _beside(cell)
        if near not in taken and low < near.row < high and first < near.col < last
    )
    cells.sort()
    return tuple(cells)


class Foursquare(Game[FoursquareState, Placement]):
    info: ClassVar[GameInfo] = INFO
    name: ClassVar[str] = INFO.name
    title: ClassVar[str] = INFO.title

    def new(self, deal: int) -> FoursquareState:
        return FoursquareState(
            check_deal_number(deal), (), tuple(shuffled(foursquare_deck(), deal))
        )

    # -- rules -------------------------------------------------------------------------
    def outcome(self, state: FoursquareState) -> Outcome | None:
        return _outcome(state)

    def status(self, state: FoursquareState) -> Status:
        return _status(state)

    def score(self, state: FoursquareState) -> int | None:
        """Cards still in the stock once won (best 24); ``None`` otherwise."""
        return len(state.remaining) if _status(state) is Status.WON else None

    def legal_moves(self, state: FoursquareState) -> list[Placement]:
        return list(_legal_cells(state))

    def why_illegal(self, state: FoursquareState, move: Placement) -> str | None:
        if state._legal is not None and move in state._legal:
            return None  # one of the placements already worked out
        status = _status(state)
        if status is not Status.PLAYING:
            return _("the game is over ({status})").format(status=status_name(status))
        piles = state.piles
        cell = (move.row, move.col)
        if not piles:
            return None if cell == (0, 0) else _("the first card starts the grid at 0,0")
        if cell in piles:
            if len(piles[cell]) >= MAX_HEIGHT:
                return ngettext(
                    "the pile at {cell} is full ({count} card)",
                    "the pile at {cell} is full ({count} cards)",
                    MAX_HEIGHT,
                ).format(cell=move, count=MAX_HEIGHT)
            return None
        if not any((move.row + dr, move.col + dc) in piles for dr, dc in _NEIGHBOURS):
            return _("cell {cell} is not next to a pile (up, down, left or right)").format(
                cell=move
            )
        rows = [r for r, _ in piles] + [move.row]
        cols = [c for _, c in piles] + [move.col]
        if _span(rows) > SIZE:
            return ngettext(
                "the grid would be {count} row tall (at most {max})",
                "the grid would be {count} rows tall (at most {max})",
                _span(rows),
            ).format(count=_span(rows), max=SIZE)
        if _span(cols) > SIZE:
            return ngettext(
                "the grid would be {count} column wide (at most {max})",
                "the grid would be {count} columns wide (at most {max})",
                _span(cols),
            ).format(count=_span(cols), max=SIZE)
        return None

    def play(self, state: FoursquareState, move: Placement) -> FoursquareState:
        cell = (move.row, move.col)
        placed = (state.remaining[0], True)
        flipped = _turned(state, move.row, move.col)
        grid: list[tuple[Cell, Pile]] = []
        new, full, down = True, False, 0
        for other, pile in state.grid:
            if other == cell:
                pile, new = (*pile, placed), False
                full = len(pile) >= MAX_HEIGHT
            elif other in flipped:
                top, face_up = pile[-1]
                pile = (*pile[:-1], (top, not face_up))
            if not pile[-1][1]:
                down += 1
            grid.append((other, pile))
        if new:
            grid.append((cell, (placed,)))
            grid.sort()
        after = FoursquareState(state.deal, tuple(grid), state.remaining[1:], down)
        if state._legal is not None and _outcome(after) is None:
            object.__setattr__(after, "_legal", _next_cells(state._legal, after, cell, new, full))
        return after

    def flips(self, state: FoursquareState, move: Placement) -> list[Cell]:
        """The cells whose top card the placement turns over, sorted.

        Each line (the row, then the column) flips all its other piles when the placed
        rank is strictly above or strictly below every face-up top among them, or when
        none of them is face up. Face-down tops are not compared; a tie blocks the flip.
        """
        return sorted(_turned(state, move.row, move.col))

    # -- notation and JSON ---------------------------------------------------------------
    def parse_move(self, text: str) -> Placement:
        return Placement.parse(text)

    def deal_of(self, state: FoursquareState) -> int:
        return state.deal

    def view(self, state: FoursquareState, resigned: bool = False) -> FoursquareView:
        ended = RESIGNED if resigned else _outcome(state)
        playing = ended is None
        in_hand = _outcome(state) is None  # drawn, so no longer in the stock, even if resigned
        legal = self.legal_moves(state) if playing else []
        return {
            "game": "foursquare",
            "deal": state.deal,
            "status": Status.PLAYING if ended is None else ended.status,
            "end": None if ended is None else ended.reason,
            "score": self.score(state),
            "stock": len(state.remaining) - 1 if in_hand else len(state.remaining),
            "current": str(state.remaining[0]) if playing else None,
            "piles": [_pile_view(cell, pile) for cell, pile in state.grid],
            "face_down": state.face_down_count,
            "face_down_limit": MAX_FACE_DOWN,
            "legal": [str(m) for m in legal],
            "placements": [self._placement_view(state, m) for m in legal],
        }

    def _placement_view(self, state: FoursquareState, move: Placement) -> FoursquarePlacement:
        after = _outcome(self.play(state, move))
        loses = after.reason if after is not None and after.status is Status.LOST else None
        return {
            "move": str(move),
            "row": move.row,
            "col": move.col,
            "flips": [list(cell) for cell in self.flips(state, move)],
            "loses": loses,
        }

    def dump_fields(self, state: FoursquareState) -> JSON:
        return {
            "piles": [
                {
                    "row": r,
                    "col": c,
                    "cards": [{"card": str(card), "face_up": up} for card, up in pile],
                }
                for (r, c), pile in state.grid
            ],
            "remaining": [str(card) for card in state.remaining],
        }

    def load_fields(self, deal: int, data: JSON) -> FoursquareState:
        piles = data.get("piles")
        remaining = data.get("remaining")
        if not isinstance(piles, list) or not isinstance(remaining, list):
            raise CorruptSave(_("a Foursquare save needs lists 'piles' and 'remaining'"))
        grid = dict(_load_pile(i, p) for i, p in enumerate(piles))
        if len(grid) != len(piles):
            raise CorruptSave(_("two piles in the save share one cell"))
        state = FoursquareState(
            deal, tuple(sorted(grid.items())), tuple(_load_card(c) for c in remaining)
        )
        _check_layout(state)
        return state


def _pile_view(cell: Cell, pile: Pile) -> FoursquarePile:
    card, face_up = pile[-1]
    return {
        "row": cell[0],
        "col": cell[1],
        "height": len(pile),
        "face_up": face_up,
        "top": str(card) if face_up else None,
        "full": len(pile) >= MAX_HEIGHT,
    }


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _load_card(text: Any) -> Card:
    try:
        return Card.parse(text)
    except BadNotation as err:
        raise CorruptSave(str(err)) from None


def _load_pile(index: int, data: Any) -> tuple[Cell, Pile]:
    if not isinstance(data, dict):
        raise CorruptSave(
            _("pile {index} must be an object with 'row', 'col' and 'cards'").format(index=index)
        )
    row, col, cards = data.get("row"), data.get("col"), data.get("cards")
    if not _is_int(row) or not _is_int(col):
        raise CorruptSave(_("pile {index}: 'row' and 'col' must be integers").format(index=index))
    if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_HEIGHT:
        raise CorruptSave(
            ngettext(
                "pile {index}: 'cards' must list 1 to {max} card",
                "pile {index}: 'cards' must list 1 to {max} cards",
                MAX_HEIGHT,
            ).format(index=index, max=MAX_HEIGHT)
        )
    layers: list[Layer] = []
    for layer in cards:
        if not isinstance(layer, dict) or not isinstance(layer.get("face_up"), bool):
            raise CorruptSave(
                _("pile {index}: each card needs 'card' and a boolean 'face_up'").format(
                    index=index
                )
            )
        layers.append((_load_card(layer.get("card")), layer["face_up"]))
    return (row, col), tuple(layers)


def _check_layout(state: FoursquareState) -> None:
    """Raise ``CorruptSave`` unless the grid could arise in play with these 40 cards."""
    cells = [cell for cell, _ in state.grid]
    if cells:
        if (0, 0) not in cells:
            raise CorruptSave(_("the grid has no pile at 0,0, where the first card goes"))
        if _span([r for r, _ in cells]) > SIZE or _span([c for _, c in cells]) > SIZE:
            raise CorruptSave(_("the grid is larger than {size}×{size}").format(size=SIZE))
        reached, todo = {(0, 0)}, [(0, 0)]
        while todo:
            r, c = todo.pop()
            for dr, dc in _NEIGHBOURS:
                if (r + dr, c + dc) in cells and (r + dr, c + dc) not in reached:
                    reached.add((r + dr, c + dc))
                    todo.append((r + dr, c + dc))
        if len(reached) != len(cells):
            raise CorruptSave(_("the piles are not connected up, down, left and right"))
    cards = Counter(card for _, pile in state.grid for card, _ in pile) + Counter(state.remaining)
    if cards != Counter(foursquare_deck()):
        raise CorruptSave(_("the save does not hold each of the 40 cards A..10 exactly once"))
