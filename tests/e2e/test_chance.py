"""The menu's "Chance of winning": the answer in the message line, the game marked as helped."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, open_game, view_of


def test_the_menu_shows_the_chance_of_winning_from_here(page: Page, shared_server: Server) -> None:
    view = open_game(page, shared_server, "union-square", 21)
    assert view["hints_used"] is False
    message = page.locator("#message")
    with page.expect_response(re.compile(r"/chance$"), timeout=60_000) as answered:
        choose(page, "Chance of winning")
    assert answered.value.ok
    expect(message).to_contain_text(
        re.compile(
            r"Chance of winning from here: \d+% \(\d+%–\d+%, \d+ deals of the unseen cards\)"
        )
    )
    assert view_of(page, view["id"])["hints_used"] is True
