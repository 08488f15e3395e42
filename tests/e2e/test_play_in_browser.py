"""Both games played in a real browser, as a player would: clicks, drags, keys, reloads."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.cards import foursquare_deck, shuffled, union_square_deck
from tests.e2e.conftest import Server, ServerProcess


def open_game(page: Page, server: Server, game: str, deal: int) -> dict[str, Any]:
    """Load the page, pick the game's tab and type the deal's share code, as a player does."""
    title = "Union Square" if game == "union-square" else "Foursquare"
    status = page.locator("#status")
    page.goto(server.url)
    expect(status).to_contain_text("deal")
    page.get_by_role("button", name=title, exact=True).click()
    expect(status).to_contain_text(title)
    field = page.get_by_label("Deal number or share code")
    if not field.is_visible():  # in the menu of the less used actions
        page.locator("#more").click()
    field.fill(f"{game}:{deal}")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(status).to_contain_text(re.compile(rf"{title} · deal {deal} ·"))
    game_id = page.evaluate(f"localStorage.getItem('squares.id.{game}')")
    return view_of(page, int(game_id))


def played_on_server(
    page: Page, server: Server, game: str, deal: int, moves: list[str]
) -> dict[str, Any]:
    """Open ``deal`` as ``open_game`` does, play ``moves`` on the server, and reload the page
    to show the game; its view."""
    view = moves_on_server(page, server, open_game(page, server, game, deal), moves)
    page.reload()
    return view


def moves_on_server(
    page: Page, server: Server, view: dict[str, Any], moves: list[str]
) -> dict[str, Any]:
    """Play ``moves`` on the game of ``view`` through the API; the view after them."""
    for move in moves:
        answer = page.request.post(
            f"{server.url}api/games/{view['id']}/moves",
            data={"move": move, "version": view["version"]},
        )
        assert answer.ok, answer.text()
        view = answer.json()
    return view


def choose(page: Page, name: str) -> None:
    """Click the toolbar's button ``name``, opening the menu first where it lies there.

    The page's script must have wired the menu first ("More" does nothing before): it
    makes the game tabs and then wires the menu in one go (``app.js``), so the tabs say
    it has. The toolbar settles once the page's fonts are in (``menu.js`` folds into the
    menu what no longer fits then): asked before, a button seen in the row could be
    folded away just after."""
    expect(page.locator("nav.games .tab").first).to_be_attached()
    page.evaluate("() => document.fonts.ready.then(() => undefined)")
    button = page.get_by_role("button", name=name, exact=True)
    if not button.is_visible():
        page.locator("#more").click()
    button.click()


def view_of(page: Page, game_id: int) -> dict[str, Any]:
    """The game as the server has it (read through the page's own origin)."""
    response = page.request.get(f"{page.url.rstrip('/')}/api/games/{game_id}")
    assert response.ok, response.text()
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.long
@pytest.mark.usefixtures("motion")  # a whole game with the cards in motion
def test_foursquare_game_played_to_its_end_by_clicks(page: Page, server: Server) -> None:
    view = open_game(page, server, "foursquare", 7)
    for _ in range(40):
        state = view_of(page, view["id"])
        if state["status"] != "playing":
            break
        safe = [p["move"] for p in state["placements"] if not p["loses"]]
        move = safe[0] if safe else state["legal"][0]
        with page.expect_response(re.compile(r"/moves$")):
            page.locator(f'[data-cell="{move}"]').click()
            if not safe:  # a losing placement asks first
                expect(page.get_by_role("dialog")).to_contain_text("This placement loses")
                page.get_by_role("button", name="Place it anyway").click()
    end = page.locator("#end-dialog")
    expect(end).to_be_visible()
    expect(end).to_contain_text("foursquare:7")
    final = view_of(page, view["id"])
    assert final["status"] in ("won", "lost")
    titles = {
        "won": "You won!",
        "face-down-limit": "Game over: more than 4 piles are face down.",
        "stock-empty": "Game over: the stock ran out before every pile was face up.",
    }
    expect(end.locator("h2")).to_have_text(titles[final["end"]])
    # replaying the deal is a new game of the same cards; the finished one keeps its result
    page.get_by_role("button", name="Replay this deal").click()
    expect(page.locator(".fs-side .counter").nth(1)).to_contain_text("Stock: 39")
    expect(page.locator("#status")).to_contain_text(re.compile(r"deal 7 ·"))
    assert view_of(page, view["id"])["status"] == final["status"]


def test_union_square_card_moved_by_drag_and_drop(page: Page, server: Server) -> None:
    view = open_game(page, server, "union-square", 7)
    # deal 7 starts with A♥ on t4 and t12: drag one to the foundations, then t5 (6♠) onto t14 (7♠)
    drags = [("t4", '[data-foundation="1"]'), ("t5", '[data-source="t14"]')]
    for source, target in drags:
        with page.expect_response(re.compile(r"/moves$")):
            page.locator(f'[data-source="{source}"]').drag_to(page.locator(target))
    after = view_of(page, view["id"])
    assert after["foundations"][0] == ["AH"]
    assert after["tableau"][3] == [] and after["tableau"][4] == []
    assert after["tableau"][13] == ["7S", "6S"]
    expect(page.locator('[data-source="t14"]')).to_have_accessible_name(
        re.compile("six of spades, face up, building down")
    )


def test_union_square_double_click_sends_a_card_home(page: Page, server: Server) -> None:
    view = open_game(page, server, "union-square", 7)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-source="t12"]').dblclick()
    assert view_of(page, view["id"])["foundations"][0] == ["AH"]
    expect(page.locator("#status")).to_contain_text("score 1")


def test_a_move_by_keyboard_alone(page: Page, server: Server) -> None:
    view = open_game(page, server, "foursquare", 7)
    page.locator("body").focus()
    for _ in range(30):  # Tab through the toolbar until the board has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.getElementById('board').contains(document.activeElement)"):
            break
    assert page.evaluate("document.activeElement.dataset.cell") == "0,0"
    with page.expect_response(re.compile(r"/moves$")):
        page.keyboard.press("Enter")
    # the arrow moves over the board as drawn: wait for the one with the new pile on it
    expect(page.locator('button[data-cell="0,1"]')).to_be_visible()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cell") == "0,1"
    with page.expect_response(re.compile(r"/moves$")):
        page.keyboard.press("Enter")
    after = view_of(page, view["id"])
    assert [(p["row"], p["col"]) for p in after["piles"]] == [(0, 0), (0, 1)]
    # focus is always visible: a ring round the focused cell's card or empty place
    rings = page.evaluate(
        "[document.activeElement, document.activeElement.querySelector('.spot')]"
        ".filter(Boolean).map((node) => getComputedStyle(node).outlineStyle)"
    )
    assert any(ring != "none" for ring in rings), rings


def test_undo_and_redo_by_button_and_key(page: Page, server: Server) -> None:
    view = open_game(page, server, "foursquare", 7)
    for move in ("0,0", "0,1"):
        with page.expect_response(re.compile(r"/moves$")):
            page.locator(f'[data-cell="{move}"]').click()
    stock = page.locator(".fs-side .counter").nth(1)
    expect(stock).to_contain_text("Stock: 37")
    page.get_by_role("button", name="Undo").click()
    expect(stock).to_contain_text("Stock: 38")
    page.keyboard.press("u")
    expect(stock).to_contain_text("Stock: 39")
    page.keyboard.press("r")
    expect(stock).to_contain_text("Stock: 38")
    page.get_by_role("button", name="Redo").click()
    expect(stock).to_contain_text("Stock: 37")
    assert view_of(page, view["id"])["stock"] == 37


def test_reloading_the_tab_mid_game_shows_the_same_game(page: Page, server: Server) -> None:
    view = open_game(page, server, "union-square", 7)
    for move in ('[data-place="s"]', '[data-place="s"]'):
        with page.expect_response(re.compile(r"/moves$")):
            page.locator(move).click()
    page.reload()
    expect(page.locator("#status")).to_contain_text(re.compile(r"deal 7 · .*stock 86"))
    assert view_of(page, view["id"])["version"] == 3


def test_server_restart_mid_game_keeps_the_game(page: Page, server_process: ServerProcess) -> None:
    view = open_game(page, server_process, "foursquare", 7)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-cell="0,0"]').click()
    server_process.stop()
    server_process.start()
    page.reload()
    expect(page.locator(".fs-side .counter").nth(1)).to_contain_text("Stock: 38")
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-cell="0,1"]').click()
    assert view_of(page, view["id"])["stock"] == 37


def test_network_traffic_never_contains_the_stock_order(page: Page, server: Server) -> None:
    bodies: list[str] = []
    page.on("response", lambda r: bodies.append(r.text()) if "/api/" in r.url else None)
    open_game(page, server, "foursquare", 11)
    for move in ("0,0", "0,1", "1,1", "1,0"):
        with page.expect_response(re.compile(r"/moves$")):
            page.locator(f'[data-cell="{move}"]').click()
    open_game(page, server, "union-square", 11)
    for _ in range(3):
        with page.expect_response(re.compile(r"/moves$")):
            page.locator('[data-place="s"]').click()
    page.wait_for_timeout(300)
    orders = {
        "foursquare": [str(c) for c in shuffled(foursquare_deck(), 11)],
        "union-square": [str(c) for c in shuffled(union_square_deck(), 11)],
    }
    checked = 0
    for body in bodies:
        try:
            view = json.loads(body)
        except ValueError:
            continue
        view = view.get("view", view) if isinstance(view, dict) else view
        if not isinstance(view, dict) or view.get("deal") != 11:
            continue
        order = orders[view["game"]]
        # cards not yet seen: after the card in hand (Foursquare), the whole stock (Union Square)
        unseen = order[len(order) - view["stock"] :]
        text = json.dumps(view)
        for i in range(len(unseen) - 2):
            assert f'"{unseen[i]}", "{unseen[i + 1]}", "{unseen[i + 2]}"' not in text
        checked += 1
    assert checked >= 9


def test_both_games_fit_the_window_without_scrolling(page: Page, server: Server) -> None:
    # Union Square's toolbar is taller (its own option wraps it onto a second row): the
    # board must shrink to match, hint line included, on a laptop screen and on a phone.
    for deal, (width, height) in enumerate(((1280, 800), (390, 844)), start=3):
        page.set_viewport_size({"width": width, "height": height})
        for game in ("foursquare", "union-square"):
            open_game(page, server, game, deal)
            page.locator("#hint").click()
            expect(page.locator("#message")).to_contain_text("Hint:")
            overflow = page.evaluate("document.documentElement.scrollHeight - window.innerHeight")
            assert overflow <= 0, (width, height, game, overflow)
