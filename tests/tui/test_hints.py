"""A hint on the board: its cell or piles lit whole, and the cursor where the player acts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.ai.base import Hint
from squares.i18n import language
from squares.tui.app import SquaresApp
from squares.tui.board import HINT_STYLE, Board
from tests.tui.drive import database, new_app, play


def lit(board: Board, place: str) -> bool:
    """Whether every cell of the middle line of ``place``, as last drawn, is lit."""
    spot = next(s for s in board.spots if s.place == place)
    drawn = board.render()
    assert not isinstance(drawn, str)
    line = drawn.split("\n")[spot.y + spot.height // 2]  # type: ignore[union-attr]
    console = board.app.console
    return all(
        HINT_STYLE.split()[-1] in str(line.get_style_at_offset(console, x))
        for x in range(spot.x, spot.x + spot.width)
    )


@pytest.fixture(params=[("foursquare", "0,0"), ("union-square", "s")], ids=["fs", "us"])
def after_one_move(request: pytest.FixtureRequest, private_database: Path) -> SquaresApp:
    """Each game on deal 7 after its first move: a position with a hint to give."""
    game, first = request.param
    app = new_app(database(private_database), game, 7)
    app.saved.move(first)
    return app


async def asked_for_a_hint(pilot: Pilot[str | None], app: SquaresApp) -> Hint:
    """The hint ``h`` shows, once it is worked out."""
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert app.board.hint is not None
    return app.board.hint


def test_a_hint_lights_its_places_and_puts_the_cursor_where_the_move_starts(
    after_one_move: SquaresApp,
) -> None:
    app = after_one_move

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        hint = await asked_for_a_hint(pilot, app)
        source = hint.move.partition("-")[0]
        assert app.board.cursor == source
        places = app.board.hinted()
        assert source in places
        for place in places:
            assert lit(app.board, place)
        unlit = [s.place for s in app.board.spots if s.place not in places]
        assert unlit and not any(lit(app.board, p) for p in unlit)
        await pilot.press("enter")  # take it: for Foursquare, place the card there
        if app.saved.game.name == "foursquare":
            assert app.saved.moves[-1] == hint.move

    play(app, scenario)


def test_a_hint_is_said_in_the_language_of_the_game(private_database: Path) -> None:
    with language("te"):
        app = new_app(database(private_database), "union-square", 7)

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.board.hint is not None
            assert str(app.query_one("#message").render()).startswith("సూచన: ")

        play(app, scenario)


# A Foursquare cell (row,column) or a Union Square move or place of the notation.
NOTATION = re.compile(r"-?\d+,-?\d+|\b[tf]\d+\b|\b[swt]\d*-[tf]\d*\b")


def test_a_hint_on_the_full_screen_game_is_said_in_words_not_notation(
    after_one_move: SquaresApp,
) -> None:
    app = after_one_move

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        hint = await asked_for_a_hint(pilot, app)
        said = str(app.query_one("#message").render())
        assert said.startswith(f"Hint: {hint.words.split(':')[0]}"), said
        assert not NOTATION.search(said), said

    play(app, scenario)
