"""The page in the player's language, chosen with the toolbar's language switcher.

Two servers: one with the package's own catalogs (the words checked are whatever they
translate, so the test holds before and after the catalogs are written), and one with a
small catalog made here, which shows the whole way from a catalog to the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from playwright.sync_api import Page, expect

from squares.i18n import _, language
from squares.web.script_catalog import SCRIPTS, render, script_catalog, script_messages
from tests.e2e.conftest import Server, ServerProcess

TELUGU = re.compile("[\u0c00-\u0c7f]")
# Words on the page's toolbar (from the server) and beside the board (from the script)
TOOLBAR = ("New deal", "Undo", "Statistics")
SCRIPT = ("Card to place", "Stock: {count}")


def switch_to(page: Page, code: str) -> None:
    """Choose a language with the switcher, as a player does; the page reloads in it."""
    expect(page.locator("#status")).not_to_be_empty()  # the page's script is running
    if not page.locator("#language").is_visible():  # in the menu of the less used actions
        page.locator("#more").click()
    with page.expect_navigation():
        page.locator("#language").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("#status")).not_to_be_empty()


def translated(code: str, message: str) -> str:
    with language(code):
        return _(message)


def test_the_switcher_changes_the_pages_language_and_is_remembered(
    page: Page, server: Server
) -> None:
    page.goto(server.url)
    expect(page.locator("#status")).to_contain_text("deal")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    toolbar = page.locator("header.toolbar")
    codes: tuple[str, ...] = ("de", "te")
    for code in codes:
        switch_to(page, code)
        expect(page.locator("#language")).to_have_value(code)
        cookie = next(c for c in page.context.cookies() if c["name"] == "lang")
        assert cookie["value"] == code and cookie["path"] == "/"
        assert cookie["sameSite"] == "Strict"
        for message in TOOLBAR:
            expected = translated(code, message)
            if expected != message:  # the catalog translates it: the page shows it so
                expect(toolbar).to_contain_text(expected)
                if code == "te":
                    assert TELUGU.search(expected), expected
        caption = translated(code, "Card to place")
        expect(page.locator(".fs-side .counter").first).to_have_text(caption)
        page.locator("#hint").click()  # the reason comes from the server, in the language
        first = translated(code, "Place the {card} on the highlighted empty cell")  # 1st card
        words = max(re.split(r"\{[a-z]+\}", first), key=len).strip()
        expect(page.locator("#message")).to_contain_text(words)
        if code != "en":
            expect(page.locator("#message")).not_to_contain_text(re.compile(r"\b(Place|flips)\b"))
        page.reload()  # remembered
        expect(page.locator("html")).to_have_attribute("lang", code)
    switch_to(page, "en")
    expect(toolbar).to_contain_text("New deal")


@pytest.fixture
def catalog_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose German and Telugu catalogs hold a few of the page's words.

    Each catalog is compiled for the server and built into the page script's catalog, as
    ``pybabel compile`` and ``python -m squares.web.script_catalog`` do for the package;
    a process of its own, since it reads its catalogs from there from its start.
    """
    singular, plural = script_messages(sorted(SCRIPTS.glob("*.js")))
    (tmp_path / "locale" / "i18n").mkdir(parents=True)
    words = {
        "de": {"New deal": "Neues Spiel", "Card to place": "Zu legende Karte"},
        "te": {"New deal": "కొత్త ఆట", "Card to place": "ఉంచవలసిన ముక్క"},
    }
    for code, messages in words.items():
        catalog = Catalog(locale=code, domain="squares")
        for message, text in messages.items():
            catalog.add(message, text)
        catalog.add(SCRIPT[1], {"de": "Talon: {count}", "te": "నిల్వ: {count}"}[code])
        where = tmp_path / "locale" / code / "LC_MESSAGES"
        where.mkdir(parents=True)
        with open(where / "squares.mo", "wb") as out:
            write_mo(out, catalog)
        script = render(script_catalog(catalog, singular, plural))
        (tmp_path / "locale" / "i18n" / f"{code}.json").write_text(script, encoding="utf-8")
    running = ServerProcess(tmp_path / "e2e.db", locale=tmp_path / "locale")
    running.start()
    yield running
    running.stop()


def test_a_catalogs_words_reach_the_toolbar_and_the_board(
    page: Page, catalog_server: Server
) -> None:
    page.goto(catalog_server.url)
    expect(page.locator("#status")).to_contain_text("deal")
    toolbar = page.locator("header.toolbar")
    side = page.locator(".fs-side")
    expect(toolbar).to_contain_text("New deal")
    switch_to(page, "de")
    expect(toolbar).to_contain_text("Neues Spiel")
    expect(toolbar).not_to_contain_text("New deal")
    expect(side).to_contain_text("Zu legende Karte")
    expect(side).to_contain_text("Talon: 39")
    switch_to(page, "te")
    expect(toolbar).to_contain_text("కొత్త ఆట")
    expect(side).to_contain_text("నిల్వ: 39")
    assert TELUGU.search(page.locator("#new").inner_text())
