"""Deal numbers exactly as typed: the digits go from the deal box or a share link to the
server and back unrounded (a JavaScript number holds integers exactly only to 2**53), and
each bad input is one sentence in the player's language that changes nothing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from squares.cards import MAX_DEAL
from squares.i18n import LANGUAGES, _, language
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import view_of

BIG = ("9007199254740993", str(MAX_DEAL))  # 2**53 + 1, which a double rounds; 2**63 - 1


def type_in_deal_box(page: Page, text: str) -> None:
    field = page.locator("#deal-input")
    if not field.is_visible():  # in the menu of the less used actions
        page.locator("#more").click()
    field.fill(text)
    field.press("Enter")


def the_game_on_the_table(page: Page) -> dict[str, object]:
    game_id = page.evaluate("localStorage.getItem('squares.id.foursquare')")
    return view_of(page, int(game_id))


@pytest.mark.parametrize("deal", BIG)
def test_a_big_deal_number_typed_in_the_deal_box_is_the_deal_played_and_shown(
    page: Page, server: Server, deal: str
) -> None:
    page.goto(server.url)
    expect(page.locator("#status")).to_contain_text("Foursquare · deal")
    with page.expect_response(re.compile(r"/api/games$")):
        type_in_deal_box(page, deal)
    expect(page.locator("#status")).to_contain_text(f"deal {deal} ·")
    view = the_game_on_the_table(page)
    assert view["deal"] == int(deal)
    assert view["share"] == f"foursquare:{deal}"


@pytest.mark.parametrize("deal", BIG)
def test_a_big_deal_number_in_a_share_link_is_the_deal_played_and_shown(
    page: Page, server: Server, deal: str
) -> None:
    page.goto(f"{server.url}?play=union-square:{deal}")
    expect(page.locator("#status")).to_contain_text(f"Union Square · deal {deal} ·")
    game_id = page.evaluate("localStorage.getItem('squares.id.union-square')")
    assert view_of(page, int(game_id))["deal"] == int(deal)


BAD = {
    "-5": ("“{text}” is not a deal number: type digits only, such as 7, or a share code "
           "such as {example}.", {"text": "-5", "example": "foursquare:7"}),
    "foursquare:1e+23": ("“{text}” is not a deal number: type digits only, such as 7, or a "
                         "share code such as {example}.",
                         {"text": "1e+23", "example": "foursquare:7"}),
    "9223372036854775808": ("The deal number {deal} is too large: deals go from 0 to {max}.",
                            {"deal": "9223372036854775808", "max": str(MAX_DEAL)}),
    "7" * 400: ("The deal number {deal} is too large: deals go from 0 to {max}.",
                {"deal": "7" * 24 + "…", "max": str(MAX_DEAL)}),
    "union:5": ("There is no game “{game}” in that code: share codes read {examples}.",
                {"game": "union", "examples": "foursquare:7, union-square:7"}),
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_deal_gets_one_sentence_in_the_players_language_and_changes_nothing(
    page: Page, server: Server, lang: str
) -> None:
    # Each bad input in turn on one page: each sentence differs from the one before it.
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    page.goto(server.url)
    with language(lang):
        title = _("Foursquare")
    expect(page.locator("#status")).to_contain_text(title)
    before = the_game_on_the_table(page)
    created: list[str] = []
    page.on("request", lambda r: created.append(r.url) if r.method == "POST" else None)
    for typed, (message, values) in BAD.items():
        type_in_deal_box(page, typed)
        with language(lang):
            sentence = _(message).format(**values)
        expect(page.locator("#message")).to_have_text(sentence)
        assert created == []
        assert the_game_on_the_table(page)["id"] == before["id"]
        expect(page.locator("#deal-input")).to_have_value(typed)  # to be put right


def test_a_share_link_with_a_bad_deal_says_so_and_deals_nothing(page: Page, server: Server) -> None:
    page.goto(server.url)
    expect(page.locator("#status")).to_contain_text("Foursquare · deal")
    before = the_game_on_the_table(page)
    page.goto(f"{server.url}?play=foursquare:-5")
    expect(page.locator("#message")).to_contain_text("“-5” is not a deal number")
    expect(page.locator("#status")).to_contain_text(f"deal {before['deal']} ·")
    assert the_game_on_the_table(page)["id"] == before["id"]
