"""Union Square in the terminal, played with the mouse: clicks, a double-click, a drag."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from squares.games.base import Status
from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, offset, play


async def click(pilot: Pilot[str | None], place: str, times: int = 1) -> None:
    app = pilot.app
    assert isinstance(app, SquaresApp)
    await pilot.click("#board", offset=offset(app.board, place), times=times)
    await pilot.pause()


def test_a_union_square_game_is_played_with_clicks_a_double_click_and_a_drag(
    private_database: Path,
) -> None:
    db = database(private_database)
    app = new_app(db, "union-square", 13)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await click(pilot, "t10")  # pick up A♣
        assert getattr(app.board, "held", None) == "t10"
        assert "Holding the A♣: choose where it goes." in str(app.board.render())  # not "t10"
        await click(pilot, "f1")  # and put it on a foundation
        assert app.saved.moves == ["t10-f"]
        await click(pilot, "t11", times=2)  # A♦, by a double-click
        assert app.saved.moves == ["t10-f", "t11-f"]
        board = app.board
        await pilot.mouse_down("#board", offset=offset(board, "t1"))  # 8♠ dragged onto 9♠
        await pilot.mouse_up("#board", offset=offset(board, "t4"))
        await pilot.pause()
        assert app.saved.moves[-1] == "t1-t4"
        await click(pilot, "s")
        assert app.saved.moves[-1] == "s"
        assert [str(card) for card in app.saved.state.tableau[3]] == ["9S", "8S"]
        assert "↓" in str(app.board.render())

    play(app, scenario)
    assert app.saved.score == 2


def test_a_move_the_engine_refuses_is_explained_and_nothing_is_played(
    private_database: Path,
) -> None:
    db = database(private_database)
    app = new_app(db, "union-square", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        board = app.board
        await pilot.mouse_down("#board", offset=offset(board, "t1"))  # 3♣ onto 9♣
        await pilot.mouse_up("#board", offset=offset(board, "t2"))
        await pilot.pause()
        assert app.saved.moves == []
        said = " ".join(str(app.query_one("#message").render()).split())
        assert "The 3♣ cannot go on pile 2." in said  # in words, not the move's notation

    play(app, scenario)


def test_auto_to_foundations_sends_every_card_that_can_go(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "union-square", 13)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("a")
        await pilot.pause()
        assert len(app.saved.moves) >= 4
        assert all(move.endswith("-f") for move in app.saved.moves)
        assert not [m for m in app.saved.view()["legal"] if m.endswith("-f")]
        await pilot.press("s")
        assert "auto to foundations" in str(app.query_one("#top").render())

    play(app, scenario)


def test_the_end_says_no_card_can_reach_a_foundation(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "union-square", 3)
    for _deal in range(87):
        app.saved.move("s")

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("s")
        await pilot.pause()
        assert app.saved.status is Status.LOST
        assert "no card can reach a foundation" in " ".join(
            str(app.query_one("#message").render()).split()
        )

    play(app, scenario)
