"""Answers the player waits for (a hint, the chance of winning): the wait said on screen,
and an answer for a position left meanwhile worked out again, never dropped in silence."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from squares import ai, review
from squares.ai import get_hindsight
from squares.games import GAMES
from squares.tui import answers, review_screen
from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, play, screen_lines, until


class SlowHint:
    """The real strongest player's hint, whose first answer waits until the test lets it go."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate, self.asked = gate, 0

    def __call__(self, game: str, states: list[Any]) -> Any:
        self.asked += 1
        if self.asked == 1:
            self.gate.wait(30)
        return ai.hint(game, states)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hold the first hint asked until the event is set."""
    event = threading.Event()
    monkeypatch.setattr(answers, "strongest_hint", SlowHint(event))
    for name, samples in (("foursquare", 5), ("union-square", 2)):
        monkeypatch.setattr(type(get_hindsight(name)), "live_samples", samples)
    return event


def shown(app: SquaresApp) -> str:
    return " ".join(" ".join(screen_lines(app)).split())


def test_while_a_hint_is_worked_out_the_screen_says_what_it_waits_for_and_how_long(
    private_database: Path, gate: threading.Event
) -> None:
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("enter", "h")
        await pilot.pause()
        assert re.search(r"Working out a hint… \d+ s so far \(it takes about 1 s\)", shown(app))
        assert "after installing" not in shown(app)  # no warm-up runs: the search is ready
        gate.set()
        await until(pilot, lambda: app.board.hint is not None)
        assert "Working out" not in shown(app)

    play(app, scenario, (120, 40))


def test_while_the_search_is_prepared_the_wait_says_the_first_answer_waits_for_it(
    private_database: Path, gate: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    released = threading.Event()
    preparing = threading.Thread(target=released.wait, daemon=True)  # the game's warm-up
    preparing.start()
    monkeypatch.setitem(ai._WARMING, "foursquare", preparing)
    app = new_app(database(private_database), "foursquare", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("enter", "h")
        await pilot.pause()
        assert "the first after installing takes about" in shown(app)
        released.set()
        preparing.join()
        gate.set()
        await until(pilot, lambda: app.board.hint is not None)

    play(app, scenario, (120, 40))


def test_a_hint_for_a_position_left_meanwhile_is_worked_out_again_for_the_new_one(
    private_database: Path, gate: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = new_app(database(private_database), "foursquare", 7)
    said: list[str] = []
    say = app.say

    def noted(text: str) -> None:
        said.append(text)
        say(text)

    monkeypatch.setattr(app, "say", noted)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("enter", "h")
        await pilot.pause()
        await pilot.press("enter")  # a move while the hint is on its way
        gate.set()
        await until(pilot, lambda: app.board.hint is not None)
        again = "You moved while a hint was worked out: working it out again"
        assert any(text.startswith(again) for text in said)
        await until(pilot, lambda: app.board.hint is not None)
        hint = app.board.hint
        assert hint is not None
        assert hint.move in app.saved.view()["legal"]
        assert len(app.saved.moves) == 2

    play(app, scenario, (120, 40))
    assert app.saved.hints_used


def test_a_hint_that_comes_after_the_game_ended_says_so(
    private_database: Path, gate: threading.Event
) -> None:
    app = new_app(database(private_database), "union-square", 7)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("g", "y")  # resign while the hint is on its way
        await pilot.pause()
        assert app.saved.over
        gate.set()
        await until(pilot, lambda: "ended before a hint was ready" in shown(app))
        assert app.board.hint is None

    play(app, scenario, (120, 40))
    assert not app.saved.hints_used


def test_while_the_review_is_worked_out_its_screen_says_so_and_how_long(
    private_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = threading.Event()
    real = review.review_game

    def slow_review(db: Any, game_id: int) -> Any:
        event.wait(30)
        return real(db, game_id)

    monkeypatch.setattr(review_screen, "review_game", slow_review)
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)
    app = new_app(database(private_database), "foursquare", 2)
    app.saved.move("0,0")
    app.saved.resign()

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, review_screen.ReviewScreen)
        # a Foursquare review's chance plays on until it is within 5 points: about 3 s
        assert re.search(r"Working out the review… \d+ s so far \(it takes about 3 s\)", shown(app))
        event.set()
        await until(pilot, lambda: screen.review is not None)
        await pilot.pause()
        assert "Working out" not in shown(app)
        assert "Best possible" in shown(app)

    play(app, scenario, (120, 40))
