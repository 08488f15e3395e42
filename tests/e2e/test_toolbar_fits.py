"""The toolbar fits in every language: one row on a large screen (the less used actions go
behind "More" where they would not fit inline), and the deal field shows its whole
placeholder, on a large screen and in a phone's menu."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from squares.i18n import LANGUAGES
from tests.e2e.conftest import Server

PLACEHOLDER_FITS = """(field) => {
  const style = getComputedStyle(field);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return pen.measureText(field.placeholder).width <= room;
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_toolbar_is_one_row_at_1920_px(page: Page, shared_server: Server, lang: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(shared_server.url)
    expect(page.locator("#status")).to_contain_text("·")
    # the toolbar is fitted again once the fonts are in: measure after that
    page.evaluate("document.fonts.ready.then(() => new Promise(requestAnimationFrame))")
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
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_extra_http_headers({"Accept-Language": lang})
    page.goto(shared_server.url)
    expect(page.locator("#status")).to_contain_text("·")  # the page is wired: More opens
    page.locator("#more").click()
    field = page.locator("#deal-input")
    expect(field).to_be_visible()
    assert field.evaluate(PLACEHOLDER_FITS), lang
    box = page.locator("#more-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
