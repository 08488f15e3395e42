"""Nothing thrown away without asking: every way to start a deal asks first when it would
give up an unfinished game of either game, and names that game."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, open_game, view_of


def two_games_under_way(page: Page, server: Server) -> dict[str, dict[str, Any]]:
    """A Union Square game and a Foursquare game, one move into each; the Foursquare tab
    shown. Their views, by game."""
    union = open_game(page, server, "union-square", 5)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-place="s"]').click()
    four = open_game(page, server, "foursquare", 7)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-cell="0,0"]').click()
    expect(page.locator(".fs-side")).to_contain_text("Stock: 38")
    return {"union-square": union, "foursquare": four}


def type_code(code: str) -> Callable[[Page], None]:
    def typed(page: Page) -> None:
        field = page.get_by_label("Deal number or share code")
        if not field.is_visible():
            page.locator("#more").click()
        field.fill(code)
        page.get_by_role("button", name="Play", exact=True).click()

    return typed


def follow_link(code: str) -> Callable[[Page], None]:
    def followed(page: Page) -> None:
        page.goto(f"{page.url.split('?')[0]}?play={code}")

    return followed


WAYS: dict[str, tuple[Callable[[Page], None], str]] = {
    "deal box, the other game": (type_code("union-square:6"), "Union Square"),
    "deal box, a number": (type_code("8"), "Foursquare"),
    "share link, the other game": (follow_link("union-square:6"), "Union Square"),
    "share link": (follow_link("foursquare:8"), "Foursquare"),
    "Daily": (lambda page: choose(page, "Daily"), "Foursquare"),
    "N": (lambda page: page.keyboard.press("n"), "Foursquare"),
    "New deal": (lambda page: choose(page, "New deal"), "Foursquare"),
}


@pytest.mark.parametrize("way", list(WAYS))
def test_every_way_to_a_new_deal_asks_before_giving_up_a_game_and_names_it(
    page: Page, server: Server, way: str
) -> None:
    games = two_games_under_way(page, server)
    start, title = WAYS[way]
    start(page)
    dialog = page.locator("#abandon-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"Your {title} game (deal ")
    page.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    for view in games.values():
        kept = view_of(page, view["id"])
        assert kept["status"] == "playing"
        assert kept["moves"] == 1


def test_the_answer_yes_gives_up_the_game_named(page: Page, server: Server) -> None:
    games = two_games_under_way(page, server)
    type_code("union-square:6")(page)
    with page.expect_response(re.compile(r"/api/games$")):
        page.get_by_role("button", name="Deal a new game").click()
    expect(page.locator("#status")).to_contain_text("Union Square · deal 6 ·")
    assert view_of(page, games["union-square"]["id"])["status"] == "lost"
    assert view_of(page, games["foursquare"]["id"])["status"] == "playing"


def test_the_tabs_and_play_again_give_up_nothing(page: Page, server: Server) -> None:
    games = two_games_under_way(page, server)
    status = page.locator("#status")
    for title in ("Union Square", "Foursquare", "Union Square"):
        page.get_by_role("button", name=title, exact=True).click()
        expect(status).to_contain_text(f"{title} · deal ")
    with page.expect_response(re.compile(r"/resign$")):
        choose(page, "Resign")
    page.get_by_role("button", name="Replay this deal").click()
    expect(status).to_contain_text(re.compile(r"Union Square · deal 5 · .*stock 88"))
    expect(page.locator("#abandon-dialog")).to_be_hidden()
    assert view_of(page, games["foursquare"]["id"])["status"] == "playing"


@pytest.mark.parametrize("way", ["N", "deal box, a number"])
def test_a_new_deal_asked_for_while_a_move_is_on_its_way_asks_about_the_game_it_leaves(
    page: Page, server: Server, way: str
) -> None:
    view = open_game(page, server, "foursquare", 7)
    held: list[Route] = []  # the first move's request, held until the new deal is asked for

    def hold(route: Route) -> None:
        held.append(route)

    page.route(re.compile(r"/moves$"), hold)
    page.locator('[data-cell="0,0"]').click()
    while not held:
        page.wait_for_timeout(20)
    WAYS[way][0](page)
    held[0].continue_()
    dialog = page.locator("#abandon-dialog")
    expect(dialog).to_contain_text("Your Foursquare game (deal 7, 1 move)")
    page.get_by_role("button", name="Keep playing").click()
    expect(page.locator(".fs-side")).to_contain_text("Stock: 38")
    kept = view_of(page, view["id"])
    assert kept["status"] == "playing"
    assert kept["moves"] == 1
