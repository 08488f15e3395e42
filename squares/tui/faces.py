"""Each game's renderer module, by the registry's name: the only list of games here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from squares.store.saved import SavedSession
from squares.tui import board_foursquare, board_union_square
from squares.tui.board import Board


@dataclass(frozen=True, slots=True)
class Renderer:
    """What a game's module gives the app: its board, its key legend, its end words."""

    board: type[Board]
    keys: str
    end_reason: Callable[[SavedSession], str]


RENDERERS: dict[str, Renderer] = {
    module.NAME: Renderer(module.BOARD, module.KEYS, module.end_reason)
    for module in (board_foursquare, board_union_square)
}
