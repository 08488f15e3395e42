"""The screen once a game is over: the whole message, and only the keys that still apply."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from squares.ai import get_player
from squares.games.base import Status
from squares.i18n import language
from squares.store.saved import SavedSession
from squares.tui.app import SquaresApp
from tests.tui.drive import database, play, screen_lines, still


def lost_game(db_path: Path) -> SquaresApp:
    """Foursquare deal 1 played by the greedy player to its loss."""
    db = database(db_path)
    saved = SavedSession.new(db, "foursquare", 1, clock=still)
    player = get_player("foursquare", "greedy")
    while not saved.over:
        saved.move(str(player.choose(saved.game.observe(saved.state))))
    assert saved.status is Status.LOST
    return SquaresApp(db, saved)


def test_the_end_message_is_shown_whole_at_80_columns(private_database: Path) -> None:
    app = lost_game(private_database)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert app.ending().split()[-1] == "again."
        assert " ".join(app.ending().split()) in shown

    play(app, scenario)


def test_after_the_end_the_keys_offer_what_may_follow_not_placing_undo_or_hint(
    private_database: Path,
) -> None:
    app = lost_game(private_database)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        bar = app.key_bar()
        for gone in ("place the card", "undo", "hint"):
            assert gone not in bar
        for offered in ("review the finished game", "new deal", "quit"):
            assert offered in bar
        assert "Card to place" not in "\n".join(screen_lines(app))

    play(app, scenario)


def test_while_playing_the_keys_offer_placing_undo_and_hint(private_database: Path) -> None:
    db = database(private_database)
    app = SquaresApp(db, SavedSession.new(db, "foursquare", 1, clock=still))

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        bar = app.key_bar()
        for offered in ("place the card", "undo", "hint"):
            assert offered in bar
        assert "Card to place" in "\n".join(screen_lines(app))

    play(app, scenario)


def test_a_finished_game_opened_again_in_another_language_still_says_how_it_ended(
    private_database: Path,
) -> None:
    # a switch of language starts the app again on the same game, with nothing to say
    app = lost_game(private_database)
    with language("de"):
        again = SquaresApp(app.db, app.saved)

        async def scenario(pilot: Pilot[str | None], again: SquaresApp) -> None:
            shown = " ".join(" ".join(screen_lines(again)).split())
            assert "Spielcode foursquare:1" in shown

        play(again, scenario)
