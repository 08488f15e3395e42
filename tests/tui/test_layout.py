"""The boards in the room they are given: centred, larger with more room, nothing cut, and
no line wider on the terminal than the board (Telugu's vowel signs take a cell)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from squares.ai import get_player
from squares.cards import Card
from squares.cells import terminal_len
from squares.i18n import language
from squares.tui.app import SquaresApp
from squares.tui.board import Spot
from tests.tui.drive import database, new_app, play, put_cursor, screen_lines

SIZES = [(80, 24), (120, 40), (200, 60)]


@dataclass
class Drawn:
    """A board as drawn: its places, its width, its lines, the screen's, the game's view."""

    spots: list[Spot]
    width: int
    board: list[str]
    screen: list[str]
    view: Any


def drawn(db_path: Path, game: str, size: tuple[int, int], lang: str = "en") -> Drawn:
    """``game`` after 40 moves of the greedy player, drawn at ``size``."""
    seen: list[Drawn] = []
    with language(lang):
        app = new_app(database(db_path), game, 13)
        player = get_player(game, "greedy")
        for _ in range(40):
            if not app.saved.over:
                app.saved.move(str(player.choose(app.saved.game.observe(app.saved.state))))

        async def look(pilot: Pilot[str | None], app: SquaresApp) -> None:
            app.redraw()
            await pilot.pause()
            board = app.board
            lines = str(board.render()).split("\n")
            seen.append(
                Drawn(board.spots, board.size.width, lines, screen_lines(app), app.saved.view())
            )

        play(app, look, size)
    return seen[0]


def extent(spots: list[Spot]) -> tuple[int, int, int, int]:
    return (
        min(s.x for s in spots),
        max(s.x + s.width for s in spots),
        min(s.y for s in spots),
        max(s.y + s.height for s in spots),
    )


@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_a_larger_terminal_gives_larger_places_and_the_board_is_centred(
    private_database: Path, game: str
) -> None:
    areas = []
    for size in SIZES:
        board = drawn(private_database.with_name(f"{size[0]}.db"), game, size)
        left, right, _top, _bottom = extent(board.spots)
        assert right < board.width  # never cut
        if size == SIZES[-1]:
            assert abs(left - (board.width - right)) <= board.width // 4
        tableau = [s for s in board.spots if s.place[0] in "t0123456789-"]
        areas.append(max(s.width * s.height for s in tableau))
    assert areas[0] < areas[1] < areas[2]


@pytest.mark.parametrize("lang", ["en", "de", "te"])
@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_no_line_of_the_board_is_wider_on_the_terminal_than_the_board(
    private_database: Path, game: str, lang: str
) -> None:
    board = drawn(private_database, game, (80, 24), lang)
    for line in board.board:
        assert terminal_len(line) < board.width


def test_the_german_foursquare_panel_keeps_its_lines_whole(private_database: Path) -> None:
    board = drawn(private_database, "foursquare", (80, 24), "de")
    assert any("von höchstens 4" in line for line in board.screen)


def test_a_union_square_pile_shows_its_bottom_and_its_top_card(private_database: Path) -> None:
    board = drawn(private_database, "union-square", (80, 24))
    runs = [cards for cards in board.view["tableau"] if len(cards) >= 3]
    assert runs, "the greedy player's game has a pile of three cards or more"
    text = "\n".join(board.screen)
    for cards in runs:
        bottom, top = Card.parse(cards[0]).pretty, Card.parse(cards[-1]).pretty
        assert f"{bottom}…{top}" in text


def test_the_foursquare_panel_says_what_a_placement_flips_in_words(
    private_database: Path,
) -> None:
    app = new_app(database(private_database), "foursquare", 7)
    app.saved.move("0,0")  # A♥ on the grid; the 8♠ in hand

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        await put_cursor(pilot, "0,1")
        text = " ".join(" ".join(screen_lines(app)).split())
        assert "The 8♠ here: flips 1 pile" in text
        assert "0,1" not in text

    play(app, scenario)


def test_a_losing_placement_is_asked_about_in_words(private_database: Path) -> None:
    app = new_app(database(private_database), "foursquare", 7)
    game = app.saved.game
    while not (
        losing := [m for m in game.legal_moves(app.saved.state) if game.loses(app.saved.state, m)]
    ):
        app.saved.move(str(game.legal_moves(app.saved.state)[0]))

    async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
        asked = app.board.warning(str(losing[0]))
        assert asked is not None
        card = Card.parse(app.board.view["current"]).pretty
        assert asked.startswith(f"Placing the {card} there flips")
        assert "the game ends lost" in asked and "Place it anyway?" in asked
        assert str(losing[0]) not in asked

    play(app, scenario)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_what_a_german_placement_flips_is_said_on_one_line(
    private_database: Path, size: tuple[int, int]
) -> None:
    with language("de"):
        app = new_app(database(private_database), "foursquare", 7)
        for move in ("0,0", "-1,0", "-1,-1"):  # the 8♥ in hand; "Die 8♥ hier: dreht 0 Stapel um"
            app.saved.move(move)

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await put_cursor(pilot, "-2,-1")
            lines = screen_lines(app)
            assert any("Die 8♥ hier: dreht 0 Stapel um" in line for line in lines), [
                line for line in lines if "hier" in line or "um " in line
            ]

        play(app, scenario, size)
