"""Statistics drawn for people: win rate and score each on an axis of their own, "no wins
yet" where the score charts would be empty, and a last-games table that fits a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from squares.i18n import LANGUAGES
from tests.e2e.conftest import Server
from tests.e2e.test_stats_page import history

__all__ = ["history"]  # the server over a history of games, for these tests too


def test_a_game_without_a_win_says_so_instead_of_empty_score_charts(
    page: Page, history: Server
) -> None:
    page.goto(f"{history.url}stats")
    foursquare = page.locator("section", has_text="Foursquare")
    expect(foursquare.locator(".no-wins")).to_have_text("No wins yet.")
    expect(foursquare.locator(".chart-box img")).to_have_count(1)  # the win rate's alone
    union = page.locator("section", has_text="Union Square")
    expect(union.locator(".no-wins")).to_have_count(0)
    sources = [img.get_attribute("src") or "" for img in union.locator(".chart-box img").all()]
    assert [s.split("?")[0].rsplit("/", 1)[1] for s in sources] == [
        "results.svg",
        "average.svg",
        "scores.svg",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_games_table_fits_a_phone(page: Page, history: Server, lang: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{history.url}stats")
    table = page.locator("section").nth(1).locator(".last-games")  # Union Square's
    expect(table.locator("tbody tr")).to_have_count(3)
    overflow = table.evaluate("box => box.scrollWidth - box.clientWidth")
    assert overflow <= 0
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
