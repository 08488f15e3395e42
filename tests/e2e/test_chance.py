"""The menu's "Chance of winning": the answer in the message line, the game marked as helped."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, view_of


def test_the_menu_shows_the_chance_of_winning_from_here(page: Page, shared_server: Server) -> None:
    # A game of its own, whatever another test left on the shared server (it is given up).
    created = page.request.post(
        f"{shared_server.url}api/games", data={"game": "union-square", "deal": 21}
    )
    assert created.ok, created.text()
    game_id = created.json()["id"]
    page.goto(shared_server.url)
    page.get_by_role("button", name="Union Square", exact=True).click()
    expect(page.locator("#status")).to_contain_text("Union Square · deal 21 ·")
    message = page.locator("#message")
    with page.expect_response(re.compile(r"/chance$"), timeout=60_000) as answered:
        choose(page, "Chance of winning")
    assert answered.value.ok
    expect(message).to_contain_text(
        re.compile(
            r"Chance of winning from here if keeper plays on: \d+% \(\d+%–\d+%, "
            r"\d+ deals of the unseen cards\)"
        )
    )
    assert view_of(page, game_id)["hints_used"] is True
