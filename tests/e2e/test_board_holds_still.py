"""A Foursquare board that holds still: at a given window size the cards keep their size
for a whole game, and the grid its place, as it grows; hover and drop marks lie on the card."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_table_layout import deal

WHERE = """() => {
  const first = document.querySelector('[data-cell="0,0"] .spot').getBoundingClientRect();
  const card = document.querySelector('#board .fs-hand .card, #board .fs-grid .card');
  return {card: card.getBoundingClientRect().width, first: [first.left, first.top],
          step: first.width};
}"""


def play_a_whole_game(page: Page, pick: str) -> list[dict[str, Any]]:
    """Place every card on the legal cell ``pick`` chooses among those that do not lose
    (the last one if all lose), measuring the board after each placement."""
    seen = []
    while page.locator(".fs-hand [data-hand], .fs-hand.held, [data-hand]").count():
        cells = page.locator(".fs-cell.legal:not(.loses)")
        cell = cells.nth(0 if pick == "first" else cells.count() - 1) if cells.count() else None
        stock = page.locator("#status").text_content()
        if cell is None:
            page.locator(".fs-cell.legal").first.click()
            page.locator("#confirm-yes").click()
        else:
            cell.click()
        expect(page.locator("#status")).not_to_have_text(stock or "")
        page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
        seen.append(page.evaluate(WHERE))
    return seen


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_cards_keep_their_size_for_a_whole_game(
    page: Page, server: Server, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    deal(page, server, "foursquare", 11)
    seen = play_a_whole_game(page, "first")
    assert len(seen) > 8
    assert len({round(s["card"], 1) for s in seen}) == 1, seen


def test_the_grid_keeps_its_place_while_it_grows_around_the_first_card(
    page: Page, server: Server
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    deal(page, server, "foursquare", 11)
    seen = play_a_whole_game(page, "last")
    assert len(seen) > 8
    places = [tuple(round(x) for x in s["first"]) for s in seen]
    # the room is 5×5 about the first card: the grid moves, by one cell, only when it
    # grows three cells past the first card in one direction, and at most once each way
    steps = [(a, b) for a, b in itertools.pairwise(places) if a != b]
    assert len(steps) <= 2, places
    step = seen[0]["step"]
    for a, b in steps:
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) < 1.7 * step, (a, b)


def test_a_hover_mark_has_the_cards_shape_and_place(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    deal(page, server, "foursquare", 11)
    page.locator('[data-cell="0,0"]').click()
    cell = page.locator(".fs-cell.legal").first
    cell.hover()
    spot = cell.locator(".spot")
    expect(spot).to_have_css("box-shadow", re.compile(r"^rgb\(\d+, \d+, \d+\) 0px 0px 0px 3px$"))
    expect(cell).to_have_css("background-color", "rgba(0, 0, 0, 0)")
    expect(cell).to_have_css("box-shadow", "none")
