"""Cards that read as printed cards: pips where a printed card has them, court figures, a
large index for small cards that the player can also choose, remembered."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, open_game

# What cards.js draws for a card, read from the SVG it makes (the module as the page has it).
DRAWN = """async (codes) => {
  const { cardElement } = await import("/static/js/cards.js");
  const shelf = document.createElement("div");
  shelf.style.setProperty("--card-w", "100px");
  document.body.append(shelf);
  const cards = codes.map((code) => {
    const element = cardElement(code);
    shelf.append(element);
    const face = element.querySelector(".face-full");
    const pips = [...face.querySelectorAll(".pip")].map((pip) => {
      const box = pip.getBBox();
      const matrix = pip.transform.baseVal.consolidate().matrix;
      const centre = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2)
        .matrixTransform(matrix);
      return { y: centre.y, upsideDown: matrix.a < 0 };
    });
    const court = face.querySelector(".court");
    return { code, pips, court: court && {
      letter: court.dataset.court, heads: court.querySelectorAll(".court-head").length,
      frame: court.querySelectorAll(".court-frame").length,
      hats: [...court.querySelectorAll(".court-hat")].map((h) => h.classList[1]),
      letters: [...court.querySelectorAll(".court-rank")].map((t) => t.textContent) },
      cornerSuits: face.querySelectorAll(".ix-suit").length,
      cornerRanks: [...face.querySelectorAll(".ix-rank")].map((t) => t.textContent) };
  });
  shelf.remove();
  return cards;
}"""
RANKS = "A23456789TJQK"
MIDDLE = 70  # the card's viewBox is 100 × 140


def drawn(page: Page, codes: list[str]) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate(DRAWN, codes)
    return result


def test_pips_stand_where_a_printed_card_has_them_and_courts_have_figures(
    page: Page, server: Server
) -> None:
    open_game(page, server, "union-square", 7)
    # every face up card on the board: as many pips as its rank, or a court figure
    faces = page.evaluate(
        """() => [...document.querySelectorAll("#board .card[data-card]")]
             .filter((c) => c.dataset.card)
             .map((c) => [c.dataset.card, c.querySelectorAll(".face-full .pip").length,
                          c.querySelectorAll(".face-full .court").length])"""
    )
    assert len(faces) >= 16
    for code, pips, courts in faces:
        rank = RANKS.index(code[0]) + 1
        assert (pips, courts) == ((0, 1) if rank > 10 else (rank, 0)), code
    codes = [f"{rank}{suit}" for rank in "23456789T" for suit in "CDHS"]
    for card in drawn(page, codes):
        rank = RANKS.index(card["code"][0]) + 1
        assert len(card["pips"]) == rank, card["code"]
        for pip in card["pips"]:
            assert pip["upsideDown"] == (pip["y"] > MIDDLE + 0.5), card["code"]
        # both corners show the rank and the suit, whatever the colour
        assert card["cornerSuits"] == 2 and len(set(card["cornerRanks"])) == 1, card["code"]
    seven, ten = drawn(page, ["7H", "TS"])
    assert (len(seven["pips"]), len(ten["pips"])) == (7, 10)
    assert ten["cornerRanks"] == ["10", "10"]
    # jacks, queens and kings: each its own court figure
    cards = drawn(page, [f"{rank}{suit}" for rank in "JQK" for suit in "CDHS"])
    hats: dict[str, set[str]] = {}
    for card in cards:
        court = card["court"]
        assert court is not None and card["pips"] == [], card["code"]
        assert court["letter"] == card["code"][0]
        # a framed figure, mirrored about the middle, its letter in the frame's corners
        assert court["frame"] == 1 and court["heads"] == 2
        assert court["letters"] == card["cornerRanks"] and card["cornerSuits"] == 2
        hats.setdefault(court["letter"], set()).update(court["hats"])
    assert all(len(worn) == 1 for worn in hats.values())
    assert len({next(iter(worn)) for worn in hats.values()}) == 3  # jack, queen, king differ


def large_index_shown(page: Page) -> bool:
    shown: bool = page.evaluate(
        """() => getComputedStyle(document.querySelector("[data-hand] .face-large")).display
                 !== "none" """
    )
    return shown


# a small phone: the board leaves the cards under 56 px wide there
SMALL: ViewportSize = {"width": 360, "height": 600}


def test_the_large_index_comes_on_small_cards_and_is_a_setting_remembered(
    page: Page, server: Server
) -> None:
    page.set_viewport_size(SMALL)
    open_game(page, server, "foursquare", 7)
    assert large_index_shown(page)  # small cards: by themselves
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("[data-hand] .face-full")).to_be_visible()
    assert not large_index_shown(page)
    choose(page, "Keys and help")
    toggle = page.get_by_role("button", name="Large card corners")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert large_index_shown(page)
    page.reload()
    expect(page.locator("[data-hand]")).to_be_visible()
    assert large_index_shown(page)
    # and the other way: full faces chosen even where the cards are small
    page.set_viewport_size(SMALL)
    choose(page, "Keys and help")
    page.get_by_role("button", name="Large card corners").click()
    page.reload()
    expect(page.locator("[data-hand]")).to_be_visible()
    assert not large_index_shown(page)
