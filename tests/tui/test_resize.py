"""A terminal shrunk below the game's size and grown again: the board answers the keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, play

# A key that plays a move at once on each game's board as dealt: Enter places the card in
# hand on the cursor's cell, s deals from the stock.
PLAYING_KEY = {"foursquare": "enter", "union-square": "s"}


@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_after_a_resize_round_trip_the_keys_play_again(private_database: Path, game: str) -> None:
    app = new_app(database(private_database), game, 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert app.screen.has_class("too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.has_class("too-small")
        assert app.focused is app.board
        await pilot.press("right", PLAYING_KEY[game])
        await pilot.pause()
        assert len(app.saved.moves) == 1

    play(app, scenario)


def test_the_clock_ticking_while_the_game_closes_does_not_end_it_with_an_error(
    private_database: Path,
) -> None:
    """Closing tears the board down while the clock's timer may still fire once: that tick
    has nothing to tell and must not raise (it did, under load, in the middle of a close)."""
    db = database(private_database)
    app = new_app(db, "union-square", 5)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await app.screen_stack[0].query_one("#top").remove()  # the board as a close leaves it
        app._tick()
        await pilot.pause()

    play(app, scenario)
