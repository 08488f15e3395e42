"""The rules pages are pages: headings, paragraphs, lists, and the worked example's cards
drawn as cards, readable on a phone without scrolling sideways, in every language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from squares.games import GAMES
from squares.i18n import LANGUAGES
from tests.e2e.conftest import Server

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_rules_page_fits_a_phone_without_scrolling_sideways(
    page: Page, shared_server: Server, game: str, lang: str
) -> None:
    page.set_viewport_size(PHONE)
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(f"{shared_server.url}rules/{game}")
    text = page.locator("main.rules")
    expect(text).to_have_attribute("lang", lang)
    expect(text.locator("h2")).to_have_count(1)  # the game's title, under the page's h1
    assert text.locator("h3").count() >= 6
    assert text.locator("li").count() >= 8
    assert text.locator("table").count() == 1
    assert not text.locator("pre").count()  # no text laid out by spaces
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= PHONE["width"], (game, lang, wide)
    for box in text.locator("h2, h3, p, li, table").all():
        edge = box.bounding_box()
        assert edge is not None and edge["x"] + edge["width"] <= PHONE["width"], box.text_content()


def test_the_worked_example_shows_its_cards_as_cards(page: Page, shared_server: Server) -> None:
    page.goto(f"{shared_server.url}rules/foursquare")
    example = page.locator("main.rules table")
    expect(example.locator(".card-pic.red")).to_have_text(["7♥"])
    expect(example.locator(".card-pic.black")).to_have_text(["3♣", "9♠"])
    expect(example.locator(".card-pic.back")).to_have_count(1)
