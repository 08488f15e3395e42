"""Foursquare in the terminal, played with the keys alone."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from squares.ai.deal_results import best_known
from squares.games.base import Status
from squares.tui.app import SquaresApp
from squares.tui.dialogs import Confirm
from tests.tui.drive import database, new_app, offset, play, put_cursor


async def place(pilot: Pilot[str | None], move: str) -> None:
    await put_cursor(pilot, move)
    await pilot.press("enter")
    await pilot.pause()


def test_a_foursquare_game_is_played_to_its_end_by_keys(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        while not app.saved.over:
            move = app.saved.view()["legal"][0]
            await place(pilot, move)
            if isinstance(app.screen, Confirm):
                await pilot.press("y")
                await pilot.pause()
            assert app.saved.moves[-1] == move
        message = " ".join(str(app.query_one("#message").render()).split())
        assert "Share code foursquare:7" in message
        known = best_known("foursquare", 7)
        assert known is not None
        assert f"The best score this deal allowed is {known.score}." in message

    play(app, scenario)
    assert app.saved.status is not Status.PLAYING
    assert len(app.saved.moves) >= 5


def test_undo_and_redo_walk_the_saved_history(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await place(pilot, "0,0")
        await place(pilot, "0,1")
        await pilot.press("u")
        assert app.saved.moves == ["0,0"]
        await pilot.press("u", "r")
        assert app.saved.moves == ["0,0"]
        assert app.board.cursor is not None

    play(app, scenario)
    assert app.saved.history == ["0,0", "0,1"]
    assert app.saved.undo_used


def test_the_hint_is_marked_on_the_board_with_its_reason_and_can_be_taken(
    private_database: Path,
) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await place(pilot, "0,0")
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hint = app.board.hint
        assert hint is not None
        said = " ".join(str(app.query_one("#message").render()).split())
        # the grid shows no coordinates: the hint names cards, and ★ marks its cell
        assert hint.words in said and hint.move not in said
        await place(pilot, hint.move)
        assert app.saved.moves == ["0,0", hint.move]

    play(app, scenario)
    assert app.saved.hints_used


def losing_position(app: SquaresApp) -> str:
    """Play the first legal cell until some legal cell loses; that cell."""
    game = app.saved.game
    while True:
        state = app.saved.state
        losing = [m for m in game.legal_moves(state) if game.loses(state, m)]
        if losing:
            return str(losing[0])
        app.saved.move(str(game.legal_moves(state)[0]))


def test_a_losing_placement_is_marked_and_played_only_once_confirmed(
    private_database: Path,
) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)
    loser = losing_position(app)
    played = len(app.saved.moves)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        app.redraw()
        await put_cursor(pilot, loser)
        assert "loses" in str(app.board.render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert len(app.saved.moves) == played
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()

    play(app, scenario)
    assert app.saved.moves[-1] == loser
    assert app.saved.status is Status.LOST


def test_the_card_in_hand_can_be_dragged_onto_a_cell(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        board = app.board
        await pilot.mouse_down("#board", offset=offset(board, "hand"))
        await pilot.mouse_up("#board", offset=offset(board, "0,0"))
        await pilot.pause()
        await pilot.click("#board", offset=offset(board, "hand"))  # a click on it: nothing

    play(app, scenario)
    assert app.saved.moves == ["0,0"]
