"""Each game's renderer module, by the registry's name: the only list of games here."""

from __future__ import annotations

from dataclasses import dataclass

from squares.tui import board_foursquare, board_union_square
from squares.tui.board import Board


@dataclass(frozen=True, slots=True)
class Renderer:
    """What a game's module gives the app: its board and its key legend."""

    board: type[Board]
    keys: str


RENDERERS: dict[str, Renderer] = {
    module.NAME: Renderer(module.BOARD, module.KEYS)
    for module in (board_foursquare, board_union_square)
}
