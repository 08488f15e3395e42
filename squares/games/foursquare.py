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

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeGuard

from squares.cards import Card, check_deal_number, foursquare_deck, shuffled
from squares.errors import BadNotation, CorruptSave
from squares.games.base import JSON, RESIGNED, Game, Status, status_name
from squares.games.foursquare_grid import (
    MAX_HEIGHT,
    NEIGHBOURS,
    SIZE,
    Cell,
    Grid,
    Layer,
    Pile,
    Placement,
    legal_cells,
    next_cells,
    span,
    turned,
)
from squares.games.info import EndReason, GameInfo, Key, Outcome
from squares.games.observations import FoursquareObservation, as_multiset
from squares.games.views import FoursquarePile, FoursquarePlacement, FoursquareView
from squares.i18n import N_, _, ngettext

MAX_FACE_DOWN = 4  # more face-down tops than this loses
DECK_SIZE = 40


@dataclass(frozen=True, slots=True)
class FoursquareState:
    """A position: the piles by cell, and the cards not yet placed in drawing order.

    While the game is on, ``remaining[0]`` is the card in hand (drawn, face up) and the
    rest is the stock. Two facts are kept beside it once worked out (they never take part
    in comparing positions): the count of face-down tops, and the legal placements.
    """

    deal: int
    grid: Grid  # sorted by cell
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
        "Place 40 cards one by one into a 4×4 grid. A card higher than every face-up top of "
        "its row, or lower than every one, turns the row's other piles over; its column "
        "likewise. Win with all 16 piles face up."
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


def _legal_cells(state: FoursquareState) -> tuple[Placement, ...]:
    """Where the card in hand may go (``foursquare_grid.legal_cells``), worked out once
    per position; none once the game is over."""
    legal = state._legal
    if legal is None:
        legal = () if _outcome(state) is not None else legal_cells(state.grid)
        object.__setattr__(state, "_legal", legal)
    return legal


def _placed(
    state: FoursquareState, move: Placement, flipped: list[Cell]
) -> tuple[FoursquareState, bool, bool]:
    """The position after the card in hand goes to ``move`` and turns ``flipped`` over, with
    whether it began a new pile and whether its pile is now full."""
    cell = (move.row, move.col)
    placed = (state.remaining[0], True)
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
    return FoursquareState(state.deal, tuple(grid), state.remaining[1:], down), new, full


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

    def observe(self, state: FoursquareState) -> FoursquareObservation:
        hand = state.remaining[0] if state.remaining else None
        unseen = as_multiset(state.remaining[1:])
        return FoursquareObservation(state.grid, hand, unseen, _status(state))

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
        if not any((move.row + dr, move.col + dc) in piles for dr, dc in NEIGHBOURS):
            return _("cell {cell} is not next to a pile (up, down, left or right)").format(
                cell=move
            )
        rows = [r for r, _ in piles] + [move.row]
        cols = [c for _, c in piles] + [move.col]
        if span(rows) > SIZE:
            return ngettext(
                "the grid would be {count} row tall (at most {max})",
                "the grid would be {count} rows tall (at most {max})",
                span(rows),
            ).format(count=span(rows), max=SIZE)
        if span(cols) > SIZE:
            return ngettext(
                "the grid would be {count} column wide (at most {max})",
                "the grid would be {count} columns wide (at most {max})",
                span(cols),
            ).format(count=span(cols), max=SIZE)
        return None

    def play(self, state: FoursquareState, move: Placement) -> FoursquareState:
        flipped = turned(state.grid, state.remaining[0].rank, move.row, move.col)
        after, new, full = _placed(state, move, flipped)
        if state._legal is not None and _outcome(after) is None:
            legal = next_cells(state._legal, after.grid, (move.row, move.col), new, full)
            object.__setattr__(after, "_legal", legal)
        return after

    def flips(self, state: FoursquareState, move: Placement) -> list[Cell]:
        """The cells whose top card the placement turns over, sorted (the rule:
        ``foursquare_grid.turned``)."""
        return sorted(turned(state.grid, state.remaining[0].rank, move.row, move.col))

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
            "reach": SIZE - 1,
            "legal": [str(m) for m in legal],
            "placements": [self._placement_view(state, m) for m in legal],
        }

    def _placement_view(self, state: FoursquareState, move: Placement) -> FoursquarePlacement:
        flipped = self.flips(state, move)
        after = _outcome(_placed(state, move, flipped)[0])
        loses = after.reason if after is not None and after.status is Status.LOST else None
        return {
            "move": str(move),
            "row": move.row,
            "col": move.col,
            "flips": [list(cell) for cell in flipped],
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
        if span([r for r, _ in cells]) > SIZE or span([c for _, c in cells]) > SIZE:
            raise CorruptSave(_("the grid is larger than {size}×{size}").format(size=SIZE))
        reached, todo = {(0, 0)}, [(0, 0)]
        while todo:
            r, c = todo.pop()
            for dr, dc in NEIGHBOURS:
                if (r + dr, c + dc) in cells and (r + dr, c + dc) not in reached:
                    reached.add((r + dr, c + dc))
                    todo.append((r + dr, c + dc))
        if len(reached) != len(cells):
            raise CorruptSave(_("the piles are not connected up, down, left and right"))
    cards = Counter(card for _, pile in state.grid for card, _ in pile) + Counter(state.remaining)
    if cards != Counter(foursquare_deck()):
        raise CorruptSave(_("the save does not hold each of the 40 cards A..10 exactly once"))


__all__ = [
    "DECK_SIZE", "MAX_FACE_DOWN", "MAX_HEIGHT", "SIZE", "Cell", "Foursquare",
    "FoursquareState", "Layer", "Pile", "Placement",
]  # fmt: skip
