"""The player's words on the table: no move notation (t1…t16, s, w, f1…f4, 0,1 or -1,0) in
anything a player reads or hears, in any of the six languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from squares.i18n import LANGUAGES
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import moves_on_server
from tests.e2e.test_table_input import second_card_loses

NOTATION = re.compile(r"(?<![\w.,])(?:[tf]\d{1,2}|-?\d{1,2},-?\d{1,2})(?![\w,.])|(?<![\w-])-\d")
"""A pile (t3, f1) or a cell (0,1 or -1,0) as the notation writes it, or a row or column
numbered from the first card (row -1)."""
ONE_LETTER_PLACE = re.compile(r"^[sw](?:\s|$)")
"""The stock and the waste captioned by their notation: 's 87', 'w 3'."""

READ = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[aria-label], [title]')].flatMap(
    (n) => [n.getAttribute('aria-label') || '', n.getAttribute('title') || ''])]"""


def new_game(page: Page, server: Server, game: str, deal: int, moves: list[str]) -> None:
    """Start ``deal`` on the server and play ``moves`` there: the page opens it as the
    unfinished game of ``game``."""
    answer = page.request.post(f"{server.url}api/games", data={"game": game, "deal": deal})
    moves_on_server(page, server, answer.json(), moves)


def notation_in(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(READ)
    captions: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#board .cap')].map((c) => c.textContent)"
    )
    found = [m.group() for text in texts for m in NOTATION.finditer(text)]
    return found + [c for c in captions if ONE_LETTER_PLACE.match(c.strip())]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_notation_on_the_table_in_any_language(page: Page, server: Server, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    deal, played, cell = second_card_loses()
    new_game(page, server, "foursquare", deal, [*played, cell])
    new_game(page, server, "union-square", 7, ["s", "t4-f"])
    page.goto(server.url)
    status = page.locator("#status")
    expect(page.locator(f'[data-cell="{cell}"]')).to_be_visible()
    page.locator(f'[data-cell="{cell}"]').hover()  # its preview in the message line
    assert notation_in(page) == []
    page.locator(f'[data-cell="{cell}"]').click()  # it loses: the question
    expect(page.locator("#confirm-dialog")).to_be_visible()
    assert notation_in(page) == []
    page.locator("#confirm-no").click()
    with page.expect_response(re.compile(r"/hint$")):
        page.keyboard.press("h")
    expect(page.locator("#message")).not_to_be_empty()
    assert notation_in(page) == []
    page.locator("nav.games .tab").nth(1).click()
    expect(page.locator('[data-place="s"]')).to_be_visible()
    expect(status).not_to_contain_text(page.locator("nav.games .tab").nth(0).inner_text())
    page.locator('[data-source="w"]').click()  # a card picked up: its places lit
    assert notation_in(page) == []
    with page.expect_response(re.compile(r"/hint$")):
        page.keyboard.press("h")
    expect(page.locator("#message")).not_to_be_empty()
    assert notation_in(page) == []


def test_a_placement_that_turns_nothing_says_so_in_words(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?play=foursquare:7")
    expect(page.locator("#status")).to_contain_text("deal 7")
    first = page.locator('[data-cell="0,0"]')
    first.hover()
    expect(page.locator("#message")).to_contain_text("here: flips nothing")
    expect(first).to_have_accessible_name(re.compile(r"row \d, column \d: empty\. .*flips nothing"))


def test_a_placements_preview_stays_with_the_game_it_was_shown_in(
    page: Page, server: Server
) -> None:
    """What a placement would flip is said for the Foursquare board; switching to Union Square
    leaves no word of it on the other game's table."""
    new_game(page, server, "foursquare", 7, ["0,0"])
    new_game(page, server, "union-square", 7, [])
    page.goto(server.url)
    page.get_by_role("button", name="Foursquare", exact=True).click()
    cell = page.locator('[data-cell="0,1"]')  # beside the first card: a legal cell
    expect(cell).to_be_visible()
    cell.focus()  # as the keys reach it: its preview in the message line
    expect(page.locator("#message")).to_contain_text("here")
    page.get_by_role("button", name="Union Square", exact=True).click()
    expect(page.locator("#table-title")).to_have_text("Union Square")
    expect(page.locator("#message")).not_to_contain_text("here")
