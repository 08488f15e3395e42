"""The words around a game: the introduction on a first visit, and the end dialog (what
the score means, a new best, the deal's share link), with undo closed once it is over."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, open_game


def score_meaning(page: Page, server: Server, game: str) -> str:
    info = page.request.get(f"{server.url}api/info").json()
    meaning: str = next(g["score_meaning"] for g in info["games"] if g["name"] == game)
    return meaning


def resign_after_one_deal(page: Page, server: Server, deal: int) -> Any:
    """Union Square ``deal``: one card dealt, then resigned; the end dialog."""
    open_game(page, server, "union-square", deal)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-place="s"]').click()
    expect(page.locator("#undo")).to_be_enabled()  # a game on: undo is open
    with page.expect_response(re.compile(r"/resign$")):
        choose(page, "Resign")
    end = page.locator("#end-dialog")
    expect(end).to_be_visible()
    return end


def test_the_end_dialog_says_what_the_score_means_and_marks_a_new_best(
    page: Page, server: Server
) -> None:
    end = resign_after_one_deal(page, server, 7)
    meaning = score_meaning(page, server, "union-square")
    expect(end.locator("#end-meaning")).to_contain_text(meaning)
    # deal 7 is among the shipped deal results: the dialog says what it allowed
    expect(end.locator("#end-meaning")).to_contain_text("The best score this deal allowed is 104.")
    expect(end.locator("#end-best")).to_be_visible()  # the first score is the best yet
    page.get_by_role("button", name="Look at the board").click()
    # undo stays in view, disabled, once the game is over
    expect(page.locator("#undo")).to_be_visible()
    expect(page.locator("#undo")).to_be_disabled()
    # the same score again is no new best
    end = resign_after_one_deal(page, server, 8)
    expect(end.locator("#end-meaning")).to_contain_text(meaning)
    expect(end.locator("#end-best")).to_be_hidden()


def test_the_end_dialogs_share_code_is_a_link_that_deals_it(page: Page, server: Server) -> None:
    end = resign_after_one_deal(page, server, 9)
    link = end.get_by_role("link", name="union-square:9")
    expect(link).to_have_attribute("href", re.compile(r"play=union-square%3A9$"))
    with page.expect_response(re.compile(r"/api/games$")):
        link.click()
    expect(page.locator("#status")).to_contain_text("Union Square · deal 9 · score 0 · stock 88")


def test_the_introduction_comes_on_the_first_visit_only(
    browser: Browser, shared_server: Server
) -> None:
    context = browser.new_context()  # a first visit: nothing remembered
    page = context.new_page()
    page.goto(shared_server.url)
    intro = page.locator("#intro-dialog")
    expect(intro).to_be_visible()
    expect(intro.get_by_role("link", name="Foursquare rules")).to_have_attribute(
        "href", "/rules/foursquare"
    )
    intro.get_by_role("button", name="Start playing").click()
    expect(intro).to_be_hidden()
    page.reload()
    expect(page.locator("#status")).to_contain_text("deal")
    expect(intro).to_be_hidden()
    choose(page, "Keys and help")  # it can be read again from the help
    page.get_by_role("button", name="Introduction").click()
    expect(intro).to_be_visible()
    context.close()


def test_the_end_dialog_opens_the_review_of_the_game(page: Page, server: Server) -> None:
    end = resign_after_one_deal(page, server, 10)
    link = end.get_by_role("link", name="Review this game")
    expect(link).to_have_attribute("href", re.compile(r"^/review/\d+$"))
    link.click()
    expect(page.locator("#review-facts")).to_contain_text("Best possible: 104", timeout=60_000)
