"""The full-screen Union Square game names its places as its words do: the tableau's piles
by their number ("pile 4"), the foundations by their suit, the stock and the waste in words;
never the notation (``t4``, ``f2``) that the line mode and scripts type."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest
from textual.pilot import Pilot

from squares.ai import get_hindsight
from squares.cards import Card
from squares.i18n import _, language
from squares.store.saved import SavedUnionSquareView
from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, play, put_cursor, screen_lines
from tests.tui.reviewing import critical_shown, reviewed
from tests.tui.test_layout import SIZES, drawn

NOTATION = re.compile(r"(?<!\w)[tf]\d{1,2}(?!\w)")
"""A tableau pile (``t1``..``t16``) or a foundation (``f1``..``f4``) in notation."""


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(get_hindsight("union-square")), "samples", 2)


@pytest.mark.parametrize("lang", ["en", "de", "te"])
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_board_names_piles_by_number_and_foundations_by_suit(
    private_database: Path, lang: str, size: tuple[int, int]
) -> None:
    board = drawn(private_database, "union-square", size, lang)
    text = "\n".join(board.screen)
    assert not NOTATION.findall(text)
    with language(lang):
        piles = [_("pile {number}").format(number=n) for n in range(1, 17)]
        suits = {Card.parse(pile[0]).suit for pile in board.view["foundations"] if pile}
        assert suits, "the greedy player's game has a card on a foundation"
        for suit in suits:
            assert suit.plural in text or suit.symbol in text
        assert _("stock") in text and _("waste") in text
    for pile in piles:
        assert pile in text


@pytest.mark.parametrize("lang", ["en", "de", "te"])
def test_the_review_names_no_pile_in_notation(private_database: Path, lang: str) -> None:
    with language(lang):
        app = reviewed(private_database, "union-square")
        seen: list[str] = []

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await critical_shown(pilot, app)
            seen.extend(screen_lines(app))

        play(app, scenario, (80, 24))
    text = "\n".join(seen)
    assert not NOTATION.findall(text)
    with language(lang):
        assert _("pile {number}").format(number=16) in text


@pytest.mark.parametrize("lang", ["en", "de", "te"])
def test_a_card_put_where_it_cannot_go_is_refused_in_words(
    private_database: Path, lang: str
) -> None:
    seen: list[str] = []
    with language(lang):
        app = new_app(database(private_database), "union-square", 13)
        view = cast(SavedUnionSquareView, app.saved.view())
        held = Card.parse(view["tableau"][4][-1]).pretty
        assert "t5-t1" not in view["legal"], "pile 1 does not take pile 5's card"

        async def scenario(pilot: Pilot[str | None], app: SquaresApp) -> None:
            await put_cursor(pilot, "t5")
            await pilot.press("enter")
            await put_cursor(pilot, "t1")
            await pilot.press("enter")
            await pilot.pause()
            seen.extend(screen_lines(app))

        play(app, scenario, (80, 24))
        refusal = _("The {card} cannot go on pile {number}.").format(card=held, number=1)
    text = " ".join(" ".join(seen).split())
    assert refusal in text
    assert not NOTATION.findall(text)
    assert not app.saved.moves, "nothing was played"
