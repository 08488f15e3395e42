"""Moves shown as motion, never in the way: a placed card slides, a flip turns over, a deal
from the stock slides to the waste, a win is celebrated without covering the end dialog's
buttons, and a player who asks for reduced motion gets instant changes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.ai import get_solver
from squares.games import get_game
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import open_game, played_on_server

# Resolves, right after the board is next drawn, with the cards animated then, and how
# many animations still run once a key is pressed at that moment.
WATCH = """(press) => {
  window.animatedNext = new Promise((resolve) => {
    new MutationObserver((records, observer) => {
      observer.disconnect();
      const cards = document.getAnimations().map((a) => a.effect?.target?.dataset?.card ?? null);
      if (press) document.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
      const left = document.getAnimations().filter((a) => a.playState === "running").length;
      resolve({ cards, left });
    }).observe(document.getElementById("board"), { childList: true });
  });
}"""


def animated_by(page: Page, act: Any, press: bool = True) -> list[str | None]:
    """The cards animated just after the drawing that ``act`` (a move) causes; a key
    pressed then (unless not ``press``) must have finished every animation."""
    page.evaluate(WATCH, press)
    with page.expect_response(re.compile(r"/moves$")):
        act()
    seen: dict[str, Any] = page.evaluate("window.animatedNext")
    assert not press or seen["left"] == 0, "a key pressed during the motion must finish it"
    cards: list[str | None] = seen["cards"]
    return cards


@pytest.mark.usefixtures("motion")
def test_a_placed_card_slides_to_its_cell(page: Page, server: Server) -> None:
    view = open_game(page, server, "foursquare", 7)
    placed = view["current"]
    cards = animated_by(page, lambda: page.locator('[data-cell="0,0"]').click())
    assert placed in cards


@pytest.mark.usefixtures("motion")
def test_a_card_dealt_from_the_stock_slides_to_the_waste(page: Page, server: Server) -> None:
    open_game(page, server, "union-square", 7)
    cards = animated_by(page, lambda: page.locator('[data-place="s"]').click())
    dealt = page.locator('[data-source="w"] .card.top').get_attribute("data-card")
    assert dealt and dealt in cards


def play_all_but_the_last_move(page: Page, server: Server, deal: int) -> str:
    """Play a Foursquare deal's winning line on the server up to its last move; the page is
    reloaded to show the game, and the last move is returned for the player to make."""
    line = get_solver("foursquare").solve(get_game("foursquare").new(deal), max_seconds=30).line
    assert line, "the solver found no win in this deal"
    view = played_on_server(page, server, "foursquare", deal, line[:-1])
    expect(page.locator("#status")).to_contain_text(f"stock {view['stock']}")
    return line[-1]


@pytest.mark.usefixtures("motion")
def test_a_win_is_celebrated_and_the_end_dialog_still_answers(page: Page, server: Server) -> None:
    last = play_all_but_the_last_move(page, server, 3)
    page.locator(f'[data-cell="{last}"]').click()
    celebration = page.locator("canvas.celebration")
    expect(celebration).to_be_visible()
    expect(page.locator("#end-dialog")).to_be_visible()
    # the confetti lets presses through: the dialog's button works, and the press ends it
    page.get_by_role("button", name="Look at the board").click()
    expect(page.locator("#end-dialog")).to_be_hidden()
    expect(celebration).to_have_count(0)


def test_reduced_motion_changes_the_board_at_once_and_keeps_the_win_still(
    page: Page, server: Server
) -> None:
    page.emulate_media(reduced_motion="reduce")
    last = play_all_but_the_last_move(page, server, 3)
    click = page.locator(f'[data-cell="{last}"]').click
    assert animated_by(page, click, press=False) == []
    flourish = page.locator(".celebration.still")
    expect(flourish).to_contain_text("You won!")
    expect(page.locator("canvas.celebration")).to_have_count(0)
