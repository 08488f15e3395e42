"""Hints and refusals on the page in the board's words: the page labels no cell with its
coordinates, so a hint names cards and the board highlights the one place it means."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import view_of
from tests.e2e.test_review_page import finished_game
from tests.e2e.test_table_layout import deal

NOTATION = re.compile(r"-?\d+,-?\d+|\bt\d+\b|\bf\d\b")
"""Places as the notation names them: a cell (0,1), a tableau pile (t3), a foundation (f2)."""


def ask_hint(page: Page) -> dict[str, Any]:
    with page.expect_response(re.compile(r"/hint$")) as answer:
        page.get_by_role("button", name="Hint").click()
    hint: dict[str, Any] = answer.value.json()["hint"]
    expect(page.locator("#message")).to_have_text(f"Hint: {hint['reason']}")
    return hint


def test_a_foursquare_hint_names_cards_and_marks_only_its_cell(
    page: Page, shared_server: Server
) -> None:
    deal(page, shared_server, "foursquare", 21)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-cell="0,0"]').click()
    hint = ask_hint(page)
    assert not NOTATION.search(hint["reason"]), hint
    assert hint["reason"].startswith("Place the ")
    marked = page.locator("#board .previewing")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-cell", hint["move"])


def test_a_union_square_hint_names_cards_and_lights_one_place_and_a_deal_the_stock(
    page: Page, shared_server: Server
) -> None:
    deal(page, shared_server, "union-square", 0)
    reasons = []
    for _ in range(6):  # on deal 0 a deal is the hint after a move or two
        hint = ask_hint(page)
        reasons.append(hint["reason"])
        targets = page.locator("#board .target")
        expect(targets).to_have_count(1)
        if hint["move"] == "s":
            expect(targets).to_have_attribute("data-place", "s")
            break
        with page.expect_response(re.compile(r"/moves$")):
            targets.click()  # the lit place takes the picked-up card: the hint is played
    else:
        raise AssertionError(f"no deal among the hints {reasons}")
    assert not any(NOTATION.search(reason) for reason in reasons), reasons
    assert any(reason.startswith("Move the ") for reason in reasons), reasons


def test_a_card_sent_home_that_no_foundation_takes_is_refused_in_words_and_not_sent(
    page: Page, shared_server: Server
) -> None:
    deal(page, shared_server, "union-square", 0)
    game_id = int(page.evaluate("localStorage.getItem('squares.id.union-square')"))
    view = view_of(page, game_id)
    names = [f"t{i + 1}" for i in range(16)]
    stuck = next(n for n in names if f"{n}-f" not in view["legal"])
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    pile = page.locator(f'[data-source="{stuck}"]')
    pile.focus()
    page.keyboard.press("f")
    message = page.locator("#message")
    expect(message).to_have_text(re.compile(r"^No foundation takes the .+ now\.$"))
    expect(pile).to_have_class(re.compile(r"\brefused\b"))
    assert not NOTATION.search(message.inner_text())
    assert sent == [], sent


def test_a_move_the_server_refuses_is_said_in_the_boards_words(
    page: Page, shared_server: Server
) -> None:
    deal(page, shared_server, "foursquare", 22)

    def refuse(route: Route) -> None:  # as the server words it: in notation
        body = {"detail": "illegal move '0,0': the first card starts the grid at 0,0"}
        route.fulfill(status=422, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(r"/moves$"), refuse)
    page.locator('[data-cell="0,0"]').click()
    message = page.locator("#message")
    expect(message).to_have_text("This move is not allowed now.")
    expect(message).to_have_class(re.compile(r"\berror\b"))


def test_the_replay_board_shows_no_legal_marks(page: Page, shared_server: Server) -> None:
    game_id, moves = finished_game(page, shared_server)
    page.goto(f"{shared_server.url}review/{game_id}")
    step = page.locator("#replay-step")
    expect(step).to_contain_text(f"before move 1 of {len(moves)}", timeout=60_000)
    board = page.locator("#replay-board")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"After move 1 of {len(moves)}")
    expect(board.locator(".fs-cell .card")).to_have_count(1)
    # the game page marks where the card in hand may go; the replay has no move to make
    expect(board.locator(".fs-cell")).not_to_have_count(0)
    expect(board.locator(".legal")).to_have_count(0)
    expect(board.locator(".loses")).to_have_count(0)


def test_a_browser_at_a_review_that_is_not_there_gets_the_apps_page(
    page: Page, shared_server: Server
) -> None:
    for address, said in (("review/abc", "'abc' is not a game's number"),
                          ("review/999999", "There is no game 999999 to review.")):  # fmt: skip
        answer = page.goto(f"{shared_server.url}{address}")
        assert answer is not None and answer.status == 404
        expect(page.locator("main")).to_contain_text(said)
        expect(page.locator("main a[href='/']")).to_be_visible()
        expect(page.locator("#language")).to_be_visible()  # the app's frame, in its style
        background = page.evaluate("getComputedStyle(document.body).backgroundImage")
        assert "gradient" in background  # the felt of app.css, not a bare browser page
