from __future__ import annotations

import pytest

from squares.games.base import Status
from squares.games.foursquare import FoursquareState
from tests.games.foursquare.positions import B2, EXAMPLE, GAME, face_down_cells, position


@pytest.fixture
def example() -> FoursquareState:
    """The designer's worked example, the 6♦ to place."""
    state = position(EXAMPLE, "6D")
    assert face_down_cells(state) == [B2]
    assert GAME.status(state) is Status.PLAYING
    return state
