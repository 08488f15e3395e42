"""The pages pass axe-core's audit: no serious or critical violation on the game page of
either game (with a game under way and with its end dialog open), the statistics page,
the rules page and the review of a finished game. axe-core comes from the test setup
(``python -m tests.prepare``); without it these tests fail, they are not skipped."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser import AXE_SCRIPT, axe_installed
from tests.e2e.conftest import Server
from tests.e2e.test_play_in_browser import choose
from tests.e2e.test_review_page import finished_game

SERIOUS = ("serious", "critical")


def audit(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands, one line each."""
    assert axe_installed(), "axe-core is missing: run `python -m tests.prepare` first"
    page.add_script_tag(path=str(AXE_SCRIPT))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in SERIOUS
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
