"""The table as a player sees it on a phone (portrait and landscape), a laptop and a large
screen: the whole board in the window, cards of a size to play, nothing on a card's
corner, and a toolbar that leaves the room to the board."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.i18n import LANGUAGES, _, language
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import played_on_server
from tests.e2e.test_table_input import second_card_loses

SIZES = ((390, 844), (844, 390), (1280, 800), (1920, 1080))
GAMES = {"foursquare": "Foursquare", "union-square": "Union Square"}

MEASURE = """() => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
  const page = document.scrollingElement;
  const board = document.getElementById("board");
  return {
    scroll: [page.scrollWidth, page.scrollHeight, board.scrollWidth - board.clientWidth,
             board.scrollHeight - board.clientHeight],
    view: [innerWidth, innerHeight],
    board: box(board),
    table: box(board.parentElement),
    places: [...board.querySelectorAll("button.fs-cell")].map(box),
    cards: [...board.querySelectorAll(".card")].map(box),
    captions: [...board.querySelectorAll(".cap")].filter((c) => c.textContent.trim()).map(box),
    toolbar: box(document.querySelector(".toolbar")),
  };
}"""


def deal(page: Page, server: Server, game: str, number: int) -> None:
    """Open the deal by its share link, as a player following one does (the game under
    way on the shared server given up first, so the page asks nothing)."""
    current = page.request.get(f"{server.url}api/games/current?game={game}")
    if current.ok and current.json()["status"] == "playing":
        page.request.post(f"{server.url}api/games/{current.json()['id']}/resign")
    page.goto(f"{server.url}?play={game}:{number}")
    # the page shows the game given up before it deals the new one, of the same number
    expect(page.locator("#status")).to_contain_text(f"{GAMES[game]} · deal {number} ·")
    expect(page.locator("#status")).not_to_contain_text("lost")
    expect(page.locator("#board .card").first).to_be_visible()


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and (a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1)
    )


def inside(box: dict[str, float], width: int, height: int) -> bool:
    return (
        box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and (box["bottom"] <= height)
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_board_shows_at_every_size_without_scrolling(
    page: Page, shared_server: Server, game: str
) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        deal(page, shared_server, game, 11)
        if game == "union-square":  # a waste and a pile of two: the fans are drawn too
            page.locator('[data-place="s"]').click()
            expect(page.locator("[data-source='w'] .card")).to_have_count(1)
        else:
            page.locator('[data-cell="0,0"]').click()
            expect(page.locator(".fs-grid .card")).to_have_count(1)
        # measured at rest: a card flying to its place is not where it lies
        page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
        seen: dict[str, Any] = page.evaluate(MEASURE)
        where = (game, width, height)
        assert seen["scroll"][:2] == [width, height], where  # the page does not scroll
        assert max(seen["scroll"][2:]) <= 1, where  # nor does the board (1 px: rounding)
        assert inside(seen["board"], width, height), where
        for card in seen["cards"]:
            assert inside(card, width, height), (where, card)
            if game == "union-square":  # a card to play: 40 px wide on a phone, 80 larger
                assert card["width"] >= (40 if min(width, height) < 500 else 80), (where, card)
        if game == "foursquare":
            # its cards as large as the room for a whole game (7×7 cells) allows: the board
            # fills the table across or down, and a place is a tap target of 44 px or more
            board, table = seen["board"], seen["table"]
            fill = max(
                board["width"] / table["width"],
                (board["bottom"] - board["top"]) / (table["bottom"] - table["top"]),
            )
            assert fill > 0.9, (where, board, table)
            for place in seen["places"]:
                assert min(place["width"], place["bottom"] - place["top"]) >= 44, (where, place)
        for caption in seen["captions"]:
            assert not any(overlaps(caption, card) for card in seen["cards"]), (where, caption)
        # the toolbar leaves the room to the board: one row on a phone held sideways
        assert seen["toolbar"]["bottom"] <= (0.13 if height < 500 else 0.1) * height, where


def test_the_cards_grow_with_a_large_screen(page: Page, shared_server: Server) -> None:
    widths = []
    for width, height in ((1280, 800), (3840, 2160)):
        page.set_viewport_size({"width": width, "height": height})
        deal(page, shared_server, "union-square", 12)
        width_now = "document.querySelector('#board .card').getBoundingClientRect().width"
        widths.append(page.evaluate(width_now))
    assert widths[1] >= 2 * widths[0]


def test_the_less_used_actions_wait_in_the_menu_on_a_phone(
    page: Page, shared_server: Server
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    deal(page, shared_server, "foursquare", 13)
    resign = page.get_by_role("button", name="Resign")
    expect(resign).to_be_hidden()
    menu = page.locator("#more")
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(resign).to_be_visible()
    page.keyboard.press("Escape")
    expect(resign).to_be_hidden()
    expect(menu).to_be_focused()


def test_union_square_cards_fill_an_upright_phone(page: Page, shared_server: Server) -> None:
    """Held upright, a phone has height to spare: the foundations go beside the tableau,
    and the cards grow until the board meets the table's edge one way or the other."""
    page.set_viewport_size({"width": 390, "height": 844})
    deal(page, shared_server, "union-square", 14)
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    seen: dict[str, Any] = page.evaluate(
        """() => {
          const size = (node) => { const r = node.getBoundingClientRect();
            return [r.width, r.height]; };
          const board = document.getElementById("board");
          const used = [...board.children].map((c) => c.getBoundingClientRect());
          return {
            card: document.querySelector("#board .pile .card").getBoundingClientRect().width,
            table: size(board.parentElement),
            used: [Math.max(...used.map((r) => r.right)) - Math.min(...used.map((r) => r.left)),
                   Math.max(...used.map((r) => r.bottom)) - Math.min(...used.map((r) => r.top))],
          };
        }"""
    )
    assert seen["card"] >= 60, seen  # it was 52 px with the foundations in a row of their own
    width, height = seen["table"]
    assert seen["used"][0] >= 0.9 * width or seen["used"][1] >= 0.9 * height, seen


CAPTION_TEXT = """() => [...document.querySelectorAll("#board .cap")]
  .filter((c) => c.textContent.trim()).map((c) => {
    const range = document.createRange();
    range.selectNodeContents(c);  // the words, which may be wider than their box
    const r = range.getBoundingClientRect();
    return {text: c.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  })"""


def apart(a: dict[str, float], b: dict[str, float], room: float = 1.5) -> bool:
    """Whether two words lie on different lines, or ``room`` px apart or more on one."""
    return (
        a["right"] + room <= b["left"]
        or b["right"] + room <= a["left"]
        or a["bottom"] <= b["top"] + 1
        or b["bottom"] <= a["top"] + 1
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_full_piles_caption_keeps_off_the_next_card_and_caption_and_places_stay_44_px(
    page: Page, server: Server, lang: str
) -> None:
    deal, played, cell = second_card_loses()  # a row of four full piles
    played_on_server(page, server, "foursquare", deal, [*played, cell])
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    page.reload()
    with language(lang):
        full = _("{count} full").format(count=4)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator(".fs-cell .cap", has_text=full)).to_have_count(4)
        seen: dict[str, Any] = page.evaluate(MEASURE)
        captions: list[dict[str, Any]] = page.evaluate(CAPTION_TEXT)
        for caption in captions:
            where = (lang, width, caption)
            assert not any(overlaps(caption, card) for card in seen["cards"]), where
            assert all(apart(caption, c) for c in captions if c is not caption), where
        for place in seen["places"]:  # and the room it takes leaves places of 44 px
            assert min(place["width"], place["bottom"] - place["top"]) >= 44, (lang, width, place)
