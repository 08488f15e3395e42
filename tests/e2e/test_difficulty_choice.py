"""The new-deal choice of a difficulty in the browser: New deal and N deal a deal of the
level chosen, and the end dialog names the deal's difficulty and its best score; Daily
deals today's deal and says its level."""

from __future__ import annotations

import re
from datetime import date

from playwright.sync_api import Page, expect

from squares.difficulty import level_of
from squares.share import daily_deal, daily_level
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose
from tests.e2e.test_table_dialogs import resign_after_one_deal

SHOWS_DEAL = """(deal) => document.querySelector("#status").textContent
  .replace(/[\\s,\u00a0\u202f]/g, "").includes(`deal${deal}·`)"""


def _dealt(page: Page) -> int:
    status = page.locator("#status").inner_text()
    found = re.search(r"deal ([\d,]+)", status)
    assert found is not None, status
    return int(found.group(1).replace(",", ""))


def test_new_deal_deals_a_deal_of_the_difficulty_chosen(page: Page, server: Server) -> None:
    page.goto(server.url)
    expect(page.locator("#status")).to_contain_text("deal")
    choice = page.get_by_label("Difficulty of a new deal")
    expect(choice.locator("option")).to_have_text(
        ["any difficulty", "easy", "medium", "hard", "expert"]
    )
    for level in ("expert", "easy"):
        choice.select_option(level)
        with page.expect_response(re.compile(r"/api/games$")) as answer:
            page.locator("#new").click()
            if page.locator("dialog[open]").count():
                choose(page, "Yes")
        deal = int(answer.value.json()["deal_text"])
        assert level_of("foursquare", deal) == level
        # the table shows the deal it was given, not the one before
        page.wait_for_function(SHOWS_DEAL, arg=str(deal))
        assert _dealt(page) == deal


def test_the_end_dialog_names_the_difficulty_and_that_the_deal_can_be_won(
    page: Page, server: Server
) -> None:
    end = resign_after_one_deal(page, server, 7)
    level = level_of("union-square", 7)
    expect(end.locator("#end-meaning")).to_contain_text(f"Difficulty: {level}.")
    expect(end.locator("#end-meaning")).to_contain_text("it can be won")


def test_daily_deals_todays_deal_and_says_its_level(page: Page, server: Server) -> None:
    page.goto(server.url)
    expect(page.locator("#status")).to_contain_text("deal")
    today = date.today()
    level = daily_level(today)
    page.locator("#more").click()
    daily = page.locator("#daily")
    expect(daily).to_have_attribute("title", f"Today's deal: {level}")
    with page.expect_response(re.compile(r"/api/games$")) as answer:
        daily.click()
    assert int(answer.value.json()["deal_text"]) == daily_deal("foursquare", today)
    expect(page.locator("#message")).to_have_text(f"Today's deal: {level}")
