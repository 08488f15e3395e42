"""The review screen: v after a game ends, the numbers, and the replay on the board."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.games.base import Status
from squares.tui.app import SquaresApp
from squares.tui.review_screen import ReviewScreen
from tests.review.test_review_words import finished as dealt_first
from tests.tui.drive import database, new_app, play
from tests.tui.reviewing import critical_shown, finished, review_shown


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)


def test_v_after_the_game_ends_opens_the_review_and_steps_through_the_moves(
    private_database: Path,
) -> None:
    app = new_app(database(private_database), "foursquare", 2)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("enter")  # 0,0
        await pilot.press("v")
        assert not isinstance(app.screen, ReviewScreen)  # not while the game is on
        await pilot.press("g", "y")  # resign
        await pilot.pause()
        assert app.saved.over
        screen = await review_shown(pilot, app)
        numbers = str(screen.query_one("#review-numbers").render())
        assert "Best possible: 24" in numbers
        assert "before move 1" in screen.step_text()
        await pilot.press("right")
        first = GAMES["foursquare"].new(2).remaining[0].pretty  # the card the deal dealt
        assert screen.shown == 1
        assert f"After move 1 of 1: the {first} to start the grid" in screen.step_text()
        assert "0,0" not in screen.step_text()
        assert "best still reachable" in screen.step_text()
        await pilot.press("right")  # past the end: stays there
        assert screen.shown == 1
        await pilot.press("left")
        assert screen.shown == 0
        await pilot.press("escape")
        assert not isinstance(app.screen, ReviewScreen)

    play(app, scenario)


def test_c_shows_the_critical_move_marked_on_the_replay(private_database: Path) -> None:
    app = finished(private_database, "foursquare")
    assert app.saved.status is Status.LOST

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        screen = await critical_shown(pilot, app)
        assert screen.review is not None and screen.review["critical"] is not None
        critical = screen.review["critical"]
        assert screen.shown == critical["index"] + 1
        assert critical["better_words"] is not None
        assert f"better: {critical['better_words']}" in screen.step_text()
        assert f"{critical['better']}" not in screen.step_text()
        await pilot.press("right")
        assert "critical move" not in screen.step_text()

    play(app, scenario)


def test_a_best_the_solver_only_found_is_said_as_at_least_it_in_the_replay(
    private_database: Path,
) -> None:
    # Union Square deal 0 dealt first: the win is proven before the deal that buries a card
    # it needed (move 38); after it, the solver finds a lower score and proves nothing
    db = database(private_database)
    app = SquaresApp(db, dealt_first(db, "union-square", 0))

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        screen = await review_shown(pilot, app)
        await pilot.press("right")
        assert "best still reachable: 104 ·" in screen.step_text()
        await pilot.press(*["right"] * 38)
        review = screen.review
        assert review is not None and not review["moves"][38]["best_proven"]
        assert re.search(r"best still reachable: at least \d+ ·", screen.step_text())

    play(app, scenario, size=(120, 40))
