"""The screens around the board: keys, new deals, sizes, language, statistics, rules."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from squares.tui.app import SquaresApp
from squares.tui.dialogs import Ask, Confirm, Pick
from squares.tui.pages import Reading
from squares.tui.stats_screen import StatsScreen
from tests.tui.drive import database, new_app, play, until


def text_of(app: SquaresApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def test_the_keys_page_lists_every_binding_of_the_app_and_the_board(
    private_database: Path,
) -> None:
    app = new_app(database(private_database), "union-square", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, Reading)
        page = app.screen.text
        for binding in app.own_bindings():
            assert binding.description in page
        assert "Focus Next" not in page
        await pilot.press("escape")
        assert not isinstance(app.screen, Reading)

    play(app, scenario)


def test_a_share_code_of_the_other_game_asks_then_deals_it_on_its_own_board(
    private_database: Path,
) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("enter")  # a move: the game is under way
        await pilot.press("d")
        assert isinstance(app.screen, Ask)
        await pilot.press(*"union-square:5", "enter")
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await until(
            pilot,
            lambda: bool(app.screen.query("#top")) and "union-square:5" in text_of(app, "#top"),
        )
        assert app.saved.code == "union-square:5"
        assert "union-square:5" in text_of(app, "#top")
        assert "pile 16" in str(app.board.render())  # the Union Square board

    play(app, scenario)


def test_a_new_deal_without_a_move_made_asks_nothing(private_database: Path) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        first = app.saved.id
        await pilot.press("n")
        assert not isinstance(app.screen, Confirm)
        assert app.saved.id != first

    play(app, scenario)


def test_a_terminal_too_small_says_so_and_a_larger_one_shows_the_board_again(
    private_database: Path,
) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert app.screen.has_class("too-small")
        assert "too small" in text_of(app, "#small")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not app.screen.has_class("too-small")

    play(app, scenario, size=(60, 20))


def test_choosing_a_language_ends_the_app_with_it_keeping_the_game(
    private_database: Path,
) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("l")
        assert isinstance(app.screen, Pick)
        await pilot.press("down", "enter")  # from English to Deutsch

    play(app, scenario)
    assert app.return_value == "de"


def test_statistics_and_rules_open_over_the_game_and_close(private_database: Path) -> None:
    db = database(private_database)
    app = new_app(db, "foursquare", 7)
    app.saved.move("0,0")
    app.saved.resign()

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape")
        await pilot.press("e")
        assert isinstance(app.screen, Reading)
        assert "Wil Su" in app.screen.text
        await pilot.press("escape")

    play(app, scenario)
