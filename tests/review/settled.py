"""Union Square reviews with the solver's figures taken as proven, for tests that read the
words of a critical move.

Within the review's budget the solver settles few Union Square positions: after the deal
that loses a dealing-first game its win, it finds scores and proves none, so the review
names no move (``tests/review/test_union_square_review.py``). Taken as proven, as a larger
search would make them, those figures name the deal that lost the win.
"""

from __future__ import annotations

from typing import Any

import pytest

from squares.games.base import Game
from squares.review.best import Best, best_along


def settle_union_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now until ``monkeypatch`` is undone, every Union Square review takes the
    solver's figures along the game as proven (Foursquare's are left as they are)."""

    def settled(game: Game[Any, Any], *rest: Any) -> list[Best]:
        figures = best_along(game, *rest)
        if game.name != "union-square":
            return figures
        return [Best(figure.value, True, figure.line) for figure in figures]

    monkeypatch.setattr("squares.review.report.best_along", settled)
