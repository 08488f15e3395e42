"""What the page receives: the player view of a saved game, and nothing hidden.

The engine's player view, plus what the page needs to draw and explain it: the game's
id and version, its share code and clock, and for Foursquare a preview of each legal
placement (which piles it flips, whether it loses). Every added fact follows from what
the player can see; the stock's order never appears.
"""

from __future__ import annotations

from typing import Any

from squares.games.base import JSON, Status
from squares.store.saved import SavedSession


def web_view(saved: SavedSession) -> JSON:
    view: dict[str, Any] = saved.view()
    view.update(
        share=saved.code,
        seconds=round(saved.clock_ms / 1000, 1),
        moves=len(saved.moves),
        can_undo=saved.can_undo,
        can_redo=saved.can_redo,
        resigned=saved.resigned,
        hints_used=saved.hints_used,
    )
    if saved.game.name == "foursquare" and saved.status is Status.PLAYING:
        view["previews"] = _previews(saved)
    return view


def _previews(saved: SavedSession) -> dict[str, JSON]:
    game: Any = saved.game
    state = saved.state
    return {
        str(move): {
            "flips": [list(cell) for cell in game.flips(state, move)],
            "loses": game.loses(state, move),
        }
        for move in game.legal_moves(state)
    }
