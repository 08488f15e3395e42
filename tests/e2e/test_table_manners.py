"""What a player expects of the table: nothing thrown away without a question, the end of a
game said once, a clock that stops while no page shows the game, a quiet live region."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, open_game, view_of


def test_a_new_deal_asks_before_giving_up_a_game_under_way(page: Page, server: Server) -> None:
    view = open_game(page, server, "foursquare", 7)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-cell="0,0"]').click()
    expect(page.locator(".fs-side")).to_contain_text("Stock: 38")  # the page shows the move
    page.keyboard.press("n")
    dialog = page.locator("#abandon-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Your Foursquare game (deal 7, 1 move)")
    page.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    assert view_of(page, view["id"])["status"] == "playing"
    page.get_by_role("button", name="New deal", exact=True).click()
    with page.expect_response(re.compile(r"/api/games$")):
        page.get_by_role("button", name="Deal a new game").click()
    assert view_of(page, view["id"])["status"] == "lost"


def test_a_new_deal_on_an_untouched_game_asks_nothing(page: Page, server: Server) -> None:
    open_game(page, server, "foursquare", 7)
    with page.expect_response(re.compile(r"/api/games$")):
        page.get_by_role("button", name="New deal", exact=True).click()
    expect(page.locator("#abandon-dialog")).to_be_hidden()


def test_the_end_dialog_comes_once_and_not_again_on_a_reload(page: Page, server: Server) -> None:
    view = open_game(page, server, "union-square", 7)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-place="s"]').click()
    with page.expect_response(re.compile(r"/resign$")):
        choose(page, "Resign")
    end = page.locator("#end-dialog")
    expect(end).to_be_visible()
    expect(end.locator("h2")).to_have_text("You resigned.")
    page.get_by_role("button", name="Look at the board").click()
    page.reload()
    expect(page.locator("#status")).to_contain_text("deal 7")
    expect(end).to_be_hidden()
    assert view_of(page, view["id"])["end"] == "resigned"


def test_a_hidden_page_stops_the_clock_on_the_server(page: Page, server: Server) -> None:
    open_game(page, server, "foursquare", 7)
    with page.expect_request(re.compile(r"/pause$")):
        page.evaluate(
            """() => {
                Object.defineProperty(document, "visibilityState", {value: "hidden"});
                document.dispatchEvent(new Event("visibilitychange"));
            }"""
        )


def test_the_live_status_line_does_not_tick_with_the_clock(page: Page, server: Server) -> None:
    page.clock.install()  # the page's timers, run on at once rather than waited for
    open_game(page, server, "foursquare", 7)
    status = page.locator("#status")
    expect(status).to_have_attribute("aria-live", "polite")
    before = status.text_content()
    expect(page.locator("#clock")).to_contain_text("0:0")
    page.clock.run_for(2_100)  # two ticks of the clock shown
    expect(page.locator("#clock")).not_to_have_text("0:00")
    assert status.text_content() == before
    expect(page.locator("#clock")).not_to_have_attribute("aria-live", re.compile("."))


def test_the_dragged_card_is_the_size_of_the_card(page: Page, server: Server) -> None:
    open_game(page, server, "union-square", 7)
    card = page.locator('[data-source="t5"] .card.top')
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 40, box["y"] + box["height"] / 2 + 30, steps=4)
    ghost = page.locator(".dragging-ghost").bounding_box()
    # the card itself is what moves under the pointer
    shown = page.locator(".dragging-ghost").get_attribute("data-card")
    assert shown and shown == card.get_attribute("data-card")
    page.mouse.up()
    assert ghost is not None
    # within the few pixels its tilt adds, never a card several times larger
    assert ghost["width"] <= box["width"] * 1.15 and ghost["height"] <= box["height"] * 1.15


def test_a_hint_lights_the_one_place_its_card_goes(page: Page, server: Server) -> None:
    view = open_game(page, server, "union-square", 7)
    with page.expect_response(re.compile(r"/hint$")) as answer:
        page.get_by_role("button", name="Hint").click()
    move = answer.value.json()["hint"]["move"]
    targets = page.locator(".board .target")
    expect(targets).to_have_count(1)
    source, _dash, goes = move.partition("-")
    if goes == "f":
        home = view_of(page, view["id"])["homes"][source]
        expect(targets).to_have_attribute("data-foundation", str(home + 1))
    else:
        expect(targets).to_have_attribute("data-target", goes)


def test_a_refused_card_is_said_in_the_boards_words_and_nothing_is_sent(
    page: Page, server: Server
) -> None:
    view = open_game(page, server, "union-square", 7)
    legal = set(view["legal"])
    names = [f"t{i + 1}" for i in range(16)]
    # a card with somewhere to go, and a pile with a card on it that does not take it
    source = next(s for s in names if any(m.startswith(f"{s}-") for m in legal))
    target = next(t for t in names if t != source and f"{source}-{t}" not in legal)
    stuck = next(s for s in names if not any(m.startswith(f"{s}-") for m in legal))
    top = {name: pile[-1] for name, pile in zip(names, view["tableau"], strict=True)}

    def pretty(code: str) -> str:
        return ("10" if code[0] == "T" else code[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[
            code[1]
        ]

    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    message = page.locator("#message")
    page.locator(f'[data-source="{source}"]').click()
    page.locator(f'[data-source="{target}"]').click()
    expect(message).to_have_text(
        f"The {pretty(top[source])} cannot go on the {pretty(top[target])}."
    )
    expect(page.locator(f'[data-source="{target}"]')).to_have_class(re.compile(r"\brefused\b"))
    page.locator(f'[data-source="{source}"]').click()  # put it back down
    page.locator(f'[data-source="{stuck}"]').click()
    expect(message).to_have_text(
        f"The {pretty(top[stuck])} cannot move now: no pile or foundation takes it."
    )
    assert sent == [], sent
    assert view_of(page, view["id"])["tableau"] == view["tableau"]
