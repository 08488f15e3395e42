"""A light and a dark table, following the system's setting or the player's choice, and a
four-colour deck: both chosen in the help dialog and remembered, on every page."""

from __future__ import annotations

from typing import Literal

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_accessibility import audit
from tests.e2e.test_play_in_browser import choose, open_game

FELT = "getComputedStyle(document.body).backgroundImage"
DARK_FELT = "rgb(29, 107, 58)"
LIGHT_FELT = "rgb(213, 230, 209)"


def felt(page: Page) -> str:
    image: str = page.evaluate(FELT)
    return image


def test_the_table_follows_the_systems_light_or_dark(page: Page, server: Server) -> None:
    page.emulate_media(color_scheme="dark")
    open_game(page, server, "foursquare", 7)
    assert DARK_FELT in felt(page)
    page.emulate_media(color_scheme="light")
    assert LIGHT_FELT in felt(page)


def test_a_chosen_theme_beats_the_system_and_is_remembered(page: Page, server: Server) -> None:
    page.emulate_media(color_scheme="light")
    open_game(page, server, "foursquare", 7)
    choose(page, "Keys and help")
    page.get_by_label("Table colours").select_option("dark")
    assert DARK_FELT in felt(page)
    page.reload()
    expect(page.locator("[data-hand]")).to_be_visible()
    assert DARK_FELT in felt(page)
    page.goto(f"{server.url}rules/foursquare")  # every page, not the game's alone
    assert DARK_FELT in felt(page)
    page.goto(server.url)
    choose(page, "Keys and help")
    page.get_by_label("Table colours").select_option("")  # as the system again
    assert LIGHT_FELT in felt(page)


def test_the_four_colour_deck_is_a_setting_remembered(page: Page, server: Server) -> None:
    open_game(page, server, "union-square", 7)
    pip = page.locator(".suit-D .pip, .suit-D .big-suit").first
    red = pip.evaluate("p => getComputedStyle(p).fill")
    choose(page, "Keys and help")
    toggle = page.get_by_role("button", name="Four-colour deck")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    blue = pip.evaluate("p => getComputedStyle(p).fill")
    assert blue == "rgb(31, 91, 196)" and red == "rgb(198, 40, 40)"
    page.reload()
    expect(page.locator(".suit-D").first).to_be_visible()
    assert (
        page.locator(".suit-D .pip, .suit-D .big-suit").first.evaluate(
            "p => getComputedStyle(p).fill"
        )
        == blue
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_both_tables_read_clearly(
    page: Page, shared_server: Server, scheme: Literal["light", "dark"]
) -> None:
    """axe-core's default rules, colour contrast among them, on each table."""
    page.emulate_media(color_scheme=scheme)
    for path in ("?play=foursquare:21", "?play=union-square:21", "stats", "rules/foursquare"):
        page.goto(f"{shared_server.url}{path}")
        expect(page.locator("main")).not_to_contain_text("Loading")
        if path.startswith("?"):
            expect(page.locator("#board .card").first).to_be_visible()
        assert audit(page) == [], (scheme, path)
