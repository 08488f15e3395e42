"""A Foursquare board that holds still: at a given window size the cards keep their size
and the grid its place for a whole game, whichever way it grows; hover and drop marks lie on
the card."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_table_layout import deal

WHERE = """() => {
  const first = document.querySelector('[data-cell="0,0"] .spot').getBoundingClientRect();
  const card = document.querySelector('#board .fs-hand .card, #board .fs-grid .card');
  const piles = [...document.querySelectorAll('.fs-cell:has(.card)')]
    .map((cell) => cell.dataset.cell.split(',').map(Number));
  return {card: card.getBoundingClientRect().width, first: [first.left, first.top], piles};
}"""

TURN = """() => ({
  hand: document.querySelectorAll('.fs-hand [data-hand], .fs-hand.held, [data-hand]').length > 0,
  safe: document.querySelectorAll('.fs-cell.legal:not(.loses)').length,
  status: document.querySelector('#status').textContent,
})"""
"""What the page shows before a placement, read at once: a card in hand, the number of legal
cells that do not lose, the status line (which every placement changes)."""

AT_REST = f"""(before) => document.querySelector('#status').textContent !== before
  && document.getAnimations().every((a) => a.playState !== 'running') && ({WHERE})()"""
"""The board measured once the placement is shown (the status line changed) and at rest (a
card flying to its place is not where it lies); false until then."""


def play_a_whole_game(page: Page, pick: str) -> list[dict[str, Any]]:
    """Place every card on the legal cell ``pick`` chooses among those that do not lose
    (the last one if all lose), measuring the board after each placement."""
    seen = []
    while (turn := page.evaluate(TURN))["hand"]:
        if turn["safe"]:
            cells = page.locator(".fs-cell.legal:not(.loses)")
            cells.nth(0 if pick == "first" else turn["safe"] - 1).click()
        else:
            page.locator(".fs-cell.legal").first.click()
            page.locator("#confirm-yes").click()
        seen.append(page.wait_for_function(AT_REST, arg=turn["status"]).json_value())
    return seen


@pytest.mark.long  # two whole games at each size, some 7 s of CPU
@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390), (1280, 800), (1920, 1080)])
def test_the_cards_keep_their_size_and_the_grid_its_place_however_it_grows(
    page: Page, server: Server, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    seen = []
    for pick in ("first", "last"):  # up and to the left, then down and to the right
        deal(page, server, "foursquare", 11)
        seen.append(play_a_whole_game(page, pick))
    for game in seen:
        assert len(game) > 8
        assert len({round(s["card"], 1) for s in game}) == 1, game
        assert len({tuple(round(x, 1) for x in s["first"]) for s in game}) == 1, game
    # the same at the start of every game, and the grids reached the edge of the room a
    # pile may take, three cells from the first card, in every direction
    assert seen[0][0]["card"] == seen[1][0]["card"]
    assert seen[0][0]["first"] == seen[1][0]["first"]
    piles = [cell for game in seen for cell in game[-1]["piles"]]
    rows, cols = [r for r, _ in piles], [c for _, c in piles]
    assert (min(rows), max(rows), min(cols), max(cols)) == (-3, 3, -3, 3), piles


def test_a_hover_mark_has_the_cards_shape_and_place(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    deal(page, server, "foursquare", 11)
    page.locator('[data-cell="0,0"]').click()
    expect(page.locator(".fs-side")).to_contain_text("Stock: 38")  # the page shows the move
    cell = page.locator(".fs-cell.legal").first
    cell.hover()
    spot = cell.locator(".spot")
    expect(spot).to_have_css("box-shadow", re.compile(r"^rgb\(\d+, \d+, \d+\) 0px 0px 0px 3px$"))
    expect(cell).to_have_css("background-color", "rgba(0, 0, 0, 0)")
    expect(cell).to_have_css("box-shadow", "none")


def test_a_drop_mark_lies_on_the_card_not_on_its_caption(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    deal(page, server, "foursquare", 11)
    page.locator('[data-cell="0,0"]').click()
    expect(page.locator(".fs-side")).to_contain_text("Stock: 38")  # the page shows the move
    target = page.locator('[data-cell="0,0"]')  # a pile of one: the next card may go on it
    hand = page.locator("[data-hand]").bounding_box()
    spot = target.locator(".spot").bounding_box()
    assert hand is not None and spot is not None
    page.mouse.move(hand["x"] + hand["width"] / 2, hand["y"] + hand["height"] / 2)
    page.mouse.down()
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=6)
    expect(target).to_have_class(re.compile(r"\bdrop-over\b"))
    expect(target.locator(".spot")).to_have_css(
        "box-shadow", re.compile(r"^rgb\(\d+, \d+, \d+\) 0px 0px 0px 3px$")
    )
    expect(target).to_have_css("box-shadow", "none")
    expect(target.locator(".cap")).to_have_css("box-shadow", "none")
    page.mouse.up()
