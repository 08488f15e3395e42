"""The toolbar fits in every language: one row on a large screen (the less used actions go
behind "More" where they would not fit inline), one row of actions on a phone held upright
(the difficulty of a new deal goes behind "More" where it would start another), and the
deal field shows its whole placeholder, on a large screen and in a phone's menu."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from squares.difficulty import level_of
from squares.i18n import LANGUAGES
from tests.e2e.conftest import Server

PLACEHOLDER_FITS = """(field) => {
  const style = getComputedStyle(field);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return pen.measureText(field.placeholder).width <= room;
}"""


def open_at(page: Page, server: Server, width: int, height: int, lang: str = "en") -> None:
    """The game page in ``lang`` in a window of that size, wired (More opens) and fitted
    to its fonts."""
    page.set_viewport_size({"width": width, "height": height})
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(server.url)
    expect(page.locator("#status")).to_contain_text("·")
    page.evaluate("document.fonts.ready.then(() => new Promise(requestAnimationFrame))")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_toolbar_is_one_row_at_1920_px(page: Page, shared_server: Server, lang: str) -> None:
    open_at(page, shared_server, 1920, 1080, lang)
    undo = page.locator("#undo").bounding_box()
    assert undo is not None
    for control in page.locator(".toolbar").locator("button, input, select, a").all():
        box = control.bounding_box()
        if box is not None and control.is_visible():  # those in a closed menu are not
            assert box["y"] < undo["y"] + undo["height"], (lang, control.text_content())
    field = page.locator("#deal-input")
    if not field.is_visible():
        page.locator("#more").click()
    assert field.evaluate(PLACEHOLDER_FITS), lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_fields_placeholder_fits_the_phone_menu(
    page: Page, shared_server: Server, lang: str
) -> None:
    open_at(page, shared_server, 390, 844, lang)
    page.locator("#more").click()
    field = page.locator("#deal-input")
    expect(field).to_be_visible()
    assert field.evaluate(PLACEHOLDER_FITS), lang
    box = page.locator("#more-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


def rows_of_the_actions(page: Page) -> int:
    """How many rows the visible controls of the actions take."""
    tops = {
        round(box["y"])
        for control in page.locator(".actions").locator("button, select").all()
        if control.is_visible() and (box := control.bounding_box()) is not None
    }
    return len(tops)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_held_upright_the_actions_keep_one_row_and_the_difficulty_its_place(
    page: Page, shared_server: Server, lang: str
) -> None:
    open_at(page, shared_server, 360, 740, lang)
    assert rows_of_the_actions(page) == 1, lang
    choice = page.locator("#difficulty")
    if not choice.is_visible():  # no room beside New deal: in the menu, its label shown
        page.locator("#more").click()
        expect(page.locator('#more-panel label[for="difficulty"]')).to_be_visible()
    expect(choice).to_be_visible()


def test_new_deal_deals_the_difficulty_chosen_in_the_phones_menu(
    page: Page, shared_server: Server
) -> None:
    open_at(page, shared_server, 360, 740, "de")
    expect(page.locator("#difficulty")).to_be_hidden()  # German words leave it no room
    page.locator("#more").click()
    page.get_by_label("Schwierigkeit eines neuen Spiels", exact=True).select_option("expert")
    page.keyboard.press("Escape")
    with page.expect_response(re.compile(r"/api/games$")) as answer:
        page.locator("#new").click()
        if page.locator("dialog[open]").count():
            page.locator("dialog[open] button").first.click()
    assert level_of("foursquare", int(answer.value.json()["deal_text"])) == "expert"


def test_the_difficulty_stays_beside_new_deal_where_the_row_has_room(
    page: Page, shared_server: Server
) -> None:
    open_at(page, shared_server, 390, 844)
    expect(page.locator("#difficulty")).to_be_visible()  # English: room beside New deal
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#difficulty")).to_be_visible()
