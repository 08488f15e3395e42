"""The player views as declared types: what a face or a tool may see of a position.

Each game's ``view`` returns one of these; mypy checks every use and the web server
publishes them in ``/openapi.json``. A view states every fact a face shows, so that no
face re-derives a rule: why the game ended, which piles are full, how many piles are
face down and how many may be, what each legal placement would flip and whether it
loses, which way each pile runs. It never holds the order of the stock.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from squares.games.info import EndReason, Status

Direction = Literal["up", "down"]


class FoursquarePile(TypedDict):
    row: int
    col: int
    height: int
    face_up: bool
    top: str | None
    """The top card (``"8S"``) when face up, else ``None``."""
    full: bool
    """The pile holds as many cards as a pile may: it can be flipped, not covered."""


class FoursquarePlacement(TypedDict):
    """One legal placement of the card in hand, and what it would do."""

    move: str
    row: int
    col: int
    flips: list[list[int]]
    """The cells (``[row, col]``) whose top card it turns over."""
    loses: EndReason | None
    """The reason the game would end lost, if it would."""


class FoursquareView(TypedDict):
    game: Literal["foursquare"]
    deal: int
    status: Status
    end: EndReason | None
    score: int | None
    stock: int
    current: str | None
    piles: list[FoursquarePile]
    face_down: int
    face_down_limit: int
    """The most piles that may be face down: one more loses."""
    reach: int
    """The farthest any pile may ever lie from the first card (at 0,0), in rows or in
    columns: a board that keeps room for every cell within it never moves in a game."""
    legal: list[str]
    placements: list[FoursquarePlacement]


class UnionSquareView(TypedDict):
    game: Literal["union-square"]
    deal: int
    status: Status
    end: EndReason | None
    score: int
    stock: int
    waste: list[str]
    tableau: list[list[str]]
    directions: list[Direction | None]
    """Which way each tableau pile builds (``None`` for an empty pile or a lone card)."""
    foundations: list[list[str]]
    homes: dict[str, int]
    """For each card that can go to a foundation now, by its source (``w``, ``t1``..``t16``),
    the foundation (0 to 3) that takes it."""
    legal: list[str]


GameView = FoursquareView | UnionSquareView
