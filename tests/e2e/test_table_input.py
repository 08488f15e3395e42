"""Input that cannot lose a game by accident: a double-click places one card, input made
while an action is on its way never lands on a board it was not meant for, and a losing
placement is asked about against the card actually in hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.i18n import language
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import open_game, played_on_server, view_of


def second_card_loses() -> tuple[int, list[str], str]:
    """A Foursquare deal, the safe moves that lead into it, and a cell where the card in
    hand goes safely while the next card placed on the same cell loses: where a second
    click of a double-click, checked against the first card, would lose the game."""
    game: Any = GAMES["foursquare"]
    for deal in range(1, 300):
        state, played = game.new(deal), list[str]()
        while game.status(state) == "playing":
            places = {p["move"]: p for p in game.view(state)["placements"]}
            for move, place in places.items():
                after = game.play(state, game.parse_move(move))
                if place["loses"] or game.status(after) != "playing":
                    continue
                if any(p["move"] == move and p["loses"] for p in game.view(after)["placements"]):
                    return deal, played, move
            safe = [move for move, place in places.items() if not place["loses"]]
            if not safe:
                break
            played.append(safe[0])
            state = game.play(state, game.parse_move(safe[0]))
    raise AssertionError("no deal with a cell where the second card loses")


def on_the_brink(page: Page, server: Server) -> tuple[dict[str, Any], str]:
    """The page showing the position of ``second_card_loses``; the game and the cell."""
    deal, played, cell = second_card_loses()
    view = played_on_server(page, server, "foursquare", deal, played)
    expect(page.locator(f'[data-cell="{cell}"]')).to_have_class(re.compile(r"\blegal\b"))
    return view, cell


def count_moves_sent(page: Page) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/moves") else None)
    return sent


def test_a_double_click_on_a_cell_places_exactly_one_card(page: Page, server: Server) -> None:
    view, cell = on_the_brink(page, server)
    sent = count_moves_sent(page)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator(f'[data-cell="{cell}"]').dblclick()
    expect(page.locator(".fs-side")).to_contain_text(f"Stock: {view['stock'] - 1}")
    page.wait_for_timeout(500)  # room for a second placement, were one sent
    after = view_of(page, view["id"])
    assert len(sent) == 1
    assert after["moves"] == view["moves"] + 1
    assert after["status"] == "playing"


def test_a_losing_placement_is_never_played_unconfirmed_however_fast_the_input(
    page: Page, server: Server
) -> None:
    view, cell = on_the_brink(page, server)
    box = page.locator(f'[data-cell="{cell}"]').bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.locator(f'[data-cell="{cell}"]').focus()
    for _ in range(3):  # clicks, double-clicks and keys as fast as they come
        page.mouse.dblclick(x, y)
        page.mouse.click(x, y)
        page.keyboard.press("h")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    page.wait_for_timeout(800)  # every answer in
    assert view_of(page, view["id"])["status"] == "playing"
    confirm = page.locator("#confirm-dialog")
    if confirm.is_visible():
        page.get_by_role("button", name="Cancel").click()
    now = view_of(page, view["id"])
    losing = [p["move"] for p in now["placements"] if p["loses"]]
    if losing:  # a loss is still only a question away, about the card in hand
        page.locator(f'[data-cell="{losing[0]}"]').click()
        expect(confirm).to_be_visible()
        expect(page.locator("#confirm-text")).to_contain_text(card_text(now["current"]))
        page.get_by_role("button", name="Cancel").click()
    assert view_of(page, view["id"])["status"] == "playing"


@pytest.mark.parametrize("lang", ["en", "de", "te"])
def test_the_question_before_a_losing_placement_names_its_place_in_words(
    page: Page, server: Server, lang: str
) -> None:
    deal, played, cell = second_card_loses()
    played_on_server(page, server, "foursquare", deal, [*played, cell])
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    page.reload()
    game: Any = GAMES["foursquare"]
    state = game.new(deal)
    for move in [*played, cell]:
        state = game.apply_text(state, move)
    with language(lang):
        where = get_hindsight("foursquare").named(state, cell)  # "the 10♦ on the 3♠"
    page.locator(f'[data-cell="{cell}"]').click()  # the board lies under the question
    expect(page.locator("#confirm-dialog")).to_be_visible()
    expect(page.locator("#confirm-where")).to_have_text(where)
    expect(page.locator("#confirm-where")).to_be_visible()


def card_text(code: str) -> str:
    """A card as the page writes it in English: 10♣."""
    suits = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    return {"T": "10"}.get(code[0], code[0]) + suits[code[1]]


def test_a_hint_is_dropped_with_the_board_it_was_for(page: Page, server: Server) -> None:
    open_game(page, server, "union-square", 7)
    with page.expect_response(re.compile(r"/hint$")):
        page.keyboard.press("h")
    message = page.locator("#message")
    expect(message).to_contain_text("Hint")
    page.get_by_role("button", name="Foursquare", exact=True).click()
    expect(page.locator("#status")).to_contain_text("Foursquare")
    expect(message).to_have_text("")
    page.get_by_role("button", name="Union Square", exact=True).click()
    expect(page.locator("#status")).to_contain_text("Union Square")
    expect(message).to_have_text("")
    expect(page.locator(".target")).to_have_count(0)  # nor its lit place
