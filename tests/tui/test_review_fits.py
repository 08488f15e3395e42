"""The review at 80×24: the whole board in view, the curve on one line, and the critical
move marked on the board (as played, and the better move), in both games."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.i18n import language
from squares.tui.app import SquaresApp
from squares.tui.board import HINT_STYLE, PLAYED_STYLE, Board
from tests.tui.drive import play, screen_lines
from tests.tui.reviewing import critical_shown, finished


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)


@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_at_80x24_the_critical_move_and_the_better_one_are_marked_on_a_board_in_view(
    private_database: Path, game: str
) -> None:
    app = finished(private_database, game)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        screen = await critical_shown(pilot, app)
        review = screen.review
        assert review is not None and review["critical"] is not None
        board = screen.query_one("#replay", Board)
        board.render()
        assert set(board.marks.values()) == {PLAYED_STYLE, HINT_STYLE}
        drawn = {spot.place: spot for spot in board.spots}
        for place in board.marks:
            spot = drawn[place]
            assert spot.y + spot.height <= board.size.height, f"{place} is cut off"
        every = [p for row in board.places() for p in row]
        shown_rows = {s.y for s in board.spots if s.place in every}
        assert all(y + 1 <= board.size.height for y in shown_rows)
        lines = screen_lines(app)
        assert sum("Chance to win" in line for line in lines) == 1  # the curve, one line
        text = " ".join(" ".join(lines).split())
        assert "marked red on the board; better:" in text
        better = review["critical"]["better_words"]
        assert better is not None and better in text
        await pilot.press("right")
        assert board.marks == {}

    play(app, scenario, (80, 24))


def test_a_review_of_a_hinted_game_says_the_solver_sees_the_whole_deal(
    private_database: Path,
) -> None:
    app = finished(private_database, "foursquare", hinted=True)

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await critical_shown(pilot, app)
        text = " ".join(" ".join(screen_lines(app)).split())
        assert "sees the whole deal" in text and "a hint sees only what you see" in text

    play(app, scenario, (120, 40))


def test_the_review_speaks_the_language_of_the_game(private_database: Path) -> None:
    with language("de"):
        app = finished(private_database, "foursquare")

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await critical_shown(pilot, app)
            text = " ".join(" ".join(screen_lines(app)).split())
            assert "Bestmöglich" in text

        play(app, scenario, (120, 40))


@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_at_80x24_the_curve_keeps_to_one_line_in_german(private_database: Path, game: str) -> None:
    with language("de"):
        app = finished(private_database, game)

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await critical_shown(pilot, app)
            lines = [line.strip() for line in screen_lines(app)]
            curve = [line for line in lines if line.startswith("Gewinnchance")]
            assert len(curve) == 1 and curve[0].endswith("%)"), curve  # "(… % → … %)" whole

        play(app, scenario, (80, 24))


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", ("Card to place", "Stock: ", "Face down: ")), ("de", ("Talon: ", "Verdeckt: "))],
)
def test_at_80x24_the_foursquare_review_shows_the_stock_and_the_face_down_piles(
    private_database: Path, lang: str, said: tuple[str, ...]
) -> None:
    with language(lang):
        app = finished(private_database, "foursquare")

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await critical_shown(pilot, app)
            text = " ".join(" ".join(screen_lines(app)).split())
            assert all(words in text for words in said), text

        play(app, scenario, (80, 24))
