"""The pages pass axe-core's audit with its default rules: no serious or critical violation
on the game page of either game (a game under way, a card held, each dialog open), the
statistics page, the rules page and the review of a finished game, replaying; on the
table, no violation at all mid-game (a heading, every part in a landmark). axe-core comes
from the test setup (``python -m tests.prepare``); without it these tests fail, they are
not skipped."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.ai import get_hindsight
from tests.e2e.browser import AXE_SCRIPT, axe_installed
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose, open_game, played_on_server
from tests.e2e.test_review_page import finished_game
from tests.e2e.test_review_words import finished_game as finished_game_of
from tests.e2e.test_table_input import second_card_loses

SERIOUS = ("serious", "critical")


def audit(page: Page, impacts: tuple[str, ...] = SERIOUS) -> list[str]:
    """axe-core's violations of ``impacts`` (serious and critical unless told) on the page
    as it stands, one line each."""
    assert axe_installed(), "axe-core is missing: run `python -m tests.prepare` first"
    page.add_script_tag(path=str(AXE_SCRIPT))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in impacts
    ]


@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_the_game_page_has_no_serious_accessibility_violation(
    page: Page, shared_server: Server, game: str
) -> None:
    page.goto(f"{shared_server.url}?play={game}:21")
    expect(page.locator("#status")).to_contain_text("deal 21")
    first = '[data-cell="0,0"]' if game == "foursquare" else '[data-place="s"]'
    with page.expect_response(re.compile(r"/moves$")):
        page.locator(first).click()
    assert audit(page) == []
    page.locator("#more").click()  # the menu open
    assert audit(page) == []
    with page.expect_response(re.compile(r"/resign$")):
        choose(page, "Resign")
    expect(page.locator("#end-dialog")).to_be_visible()
    assert audit(page) == []


def test_the_statistics_and_rules_pages_have_no_serious_accessibility_violation(
    page: Page, shared_server: Server
) -> None:
    for path in ("stats", "rules/foursquare", "rules/union-square"):
        page.goto(f"{shared_server.url}{path}")
        expect(page.locator("main")).not_to_contain_text("Loading")
        assert audit(page) == [], path


def test_the_review_page_has_no_serious_accessibility_violation(
    page: Page, shared_server: Server
) -> None:
    game_id, moves = finished_game(page, shared_server)
    assert page.request.get(f"{shared_server.url}api/games/{game_id}/review").ok  # worked out
    page.goto(f"{shared_server.url}review/{game_id}")
    expect(page.locator("#curve-table tbody tr")).to_have_count(len(moves))
    assert audit(page) == []
    page.get_by_label("Play the solver's line forward from the critical move").check()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step")).to_contain_text("step 1 of")
    assert audit(page) == []


def test_the_union_square_review_has_no_serious_accessibility_violation(
    page: Page, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    hindsight = type(get_hindsight("union-square"))
    monkeypatch.setattr(hindsight, "samples", 2)  # a quick review: its page is what is audited
    monkeypatch.setattr(hindsight, "solve_nodes", 2_000)
    game_id = finished_game_of(page, server, "union-square", 0, 400)
    assert page.request.get(f"{server.url}api/games/{game_id}/review").ok  # worked out
    page.goto(f"{server.url}review/{game_id}")
    expect(page.locator("#curve-table tbody tr").first).to_be_attached()
    assert audit(page) == []
    page.keyboard.press("ArrowRight")  # replaying: its stock, waste, piles and foundations
    expect(page.locator("#replay-step")).to_contain_text("After move 1 of")
    assert audit(page) == []


def test_the_table_has_no_violation_at_all_mid_game(page: Page, shared_server: Server) -> None:
    page.goto(f"{shared_server.url}?play=union-square:21")
    expect(page.locator("#status")).to_contain_text("deal 21")
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-place="s"]').click()
    assert audit(page, ("minor", "moderate", *SERIOUS)) == []


def test_the_table_has_no_serious_violation_with_a_card_held_or_a_dialog_open(
    page: Page, server: Server
) -> None:
    deal, played, cell = second_card_loses()
    played_on_server(page, server, "foursquare", deal, [*played, cell])
    expect(page.locator(f'[data-cell="{cell}"]')).to_be_visible()
    page.locator(".fs-hand").click()  # the card in hand picked up
    expect(page.locator(".fs-hand")).to_have_attribute("aria-pressed", "true")
    assert audit(page) == []
    page.locator(f'[data-cell="{cell}"]').click()  # a placement that loses: the question
    expect(page.locator("#confirm-dialog")).to_be_visible()
    assert audit(page) == []
    page.get_by_role("button", name="Cancel").click()
    page.keyboard.press("n")  # a game under way: the question before giving it up
    expect(page.locator("#abandon-dialog")).to_be_visible()
    assert audit(page) == []
    page.get_by_role("button", name="Keep playing").click()
    page.keyboard.press("?")
    expect(page.locator("#help-dialog")).to_be_visible()
    assert audit(page) == []
    page.get_by_role("button", name="Introduction").click()
    expect(page.locator("#intro-dialog")).to_be_visible()
    assert audit(page) == []
    page.get_by_role("button", name="Start playing").click()
    open_game(page, server, "union-square", 7)
    with page.expect_response(re.compile(r"/moves$")):
        page.locator('[data-place="s"]').click()
    page.locator('[data-source="w"]').click()  # the waste's card picked up
    expect(page.locator('[data-source="w"]')).to_have_attribute("aria-pressed", "true")
    assert audit(page) == []
