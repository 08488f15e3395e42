"""The review page names the moves in the board's words, for both games and in the page's
language: no cell (``-3,-3``) or pile (``t4-t6``) of the notation in what it shows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from squares.ai import get_hindsight
from squares.games import GAMES
from squares.i18n import LANGUAGES, language
from squares.i18n import _ as translate
from tests.e2e.conftest import Server
from tests.e2e.reviewed import reviewed
from tests.review.settled import settle_union_square

NOTATION = re.compile(r"-?\d+,-?\d+|\bt\d+\b|\b[wt]\d*-[tf]\d*\b")


@pytest.fixture(autouse=True)
def cheap_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:  # the server runs in this process: its reviews take these budgets
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)
    monkeypatch.setattr(type(get_hindsight("union-square")), "solve_nodes", 2_000)
    settle_union_square(monkeypatch)  # its figures name the deal that lost the win


def choose(game: str, legal: list[str]) -> str | None:
    """Foursquare: the last legal cell (on deal 2 it loses points); Union Square: deal
    whenever it can, else a card home (on deal 0 it buries a card the win needed)."""
    if game == "foursquare":
        return legal[-1]
    return "s" if "s" in legal else next((m for m in legal if m.endswith("-f")), None)


def finished_game(
    page: Page, server: Server, game: str, deal: int, most: int, *, kept: bool = False
) -> int:
    """A game of ``deal`` played by ``choose`` for at most ``most`` moves, then given up if
    still under way; with ``kept``, its review already stored (``tests/e2e/reviewed.py``)."""
    api = f"{server.url}api/games"
    view: dict[str, Any] = page.request.post(api, data={"game": game, "deal": deal}).json()
    moves: list[str] = []
    for _ in range(most):
        move = choose(game, view["legal"]) if view["status"] == "playing" else None
        if move is None:
            break
        answer = page.request.post(
            f"{api}/{view['id']}/moves", data={"move": move, "version": view["version"]}
        )
        assert answer.ok, answer.text()
        view, moves = answer.json(), [*moves, move]
    if view["status"] == "playing":
        assert page.request.post(f"{api}/{view['id']}/resign").ok
    if kept:
        reviewed(page, server, int(view["id"]), (game, deal, tuple(moves)))
    return int(view["id"])


def shown_text(page: Page) -> str:
    """What the review says: the facts, the step under the board and the table of the moves
    (opened); not the board, whose piles carry their names as the game's board does."""
    page.locator("#curve-table").evaluate("t => t.closest('details')?.setAttribute('open', '')")
    parts = ("#review-numbers", "#review-curve", "#replay-step")
    return "\n".join(page.locator(part).inner_text() for part in parts)


GAMES_PLAYED = [("foursquare", 2, 12), ("union-square", 0, 400)]


@pytest.mark.parametrize(("game", "deal", "most"), GAMES_PLAYED, ids=["fs", "us"])
def test_the_review_page_shows_every_move_in_words_and_none_in_notation(
    page: Page, server: Server, game: str, deal: int, most: int
) -> None:
    game_id = finished_game(page, server, game, deal, most, kept=True)
    review: dict[str, Any] = page.request.get(f"{server.url}api/games/{game_id}/review").json()
    replay: dict[str, Any] = page.request.get(f"{server.url}api/games/{game_id}/replay").json()
    critical = review["critical"]
    assert critical is not None, "the chosen game must have a critical move"
    page.goto(f"{server.url}review/{game_id}")
    facts = page.locator("#review-facts")
    expect(facts).to_contain_text(f"Move {critical['index'] + 1}, {critical['played_words']}")
    expect(facts).to_contain_text(f"Better: {critical['reason']}")
    step = page.locator("#replay-step")
    seen = [shown_text(page)]
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"After move 1 of {len(replay['moves'])}: {replay['words'][0]}")
    page.locator("#replay-slider").fill(str(critical["index"] + 1))
    expect(step).to_contain_text(f"better: {critical['better_words']}")
    seen.append(shown_text(page))
    page.get_by_label("Play the solver's line forward from the critical move").check()
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"step 1 of {len(replay['solver']['moves'])}")
    expect(step).to_contain_text(replay["solver"]["words"][0])
    seen.append(shown_text(page))
    found = [hit for text in seen for hit in NOTATION.findall(text)]
    assert not found, found[:5]
    # the place the solver's first move went to is lit on the board
    expect(page.locator("#replay-board .replayed")).to_have_count(1)


def test_a_review_worked_out_in_english_is_shown_in_german_in_german(
    page: Page, server: Server
) -> None:
    game_id = finished_game(page, server, "foursquare", 2, 12, kept=True)
    english: dict[str, Any] = page.request.get(f"{server.url}api/games/{game_id}/review").json()
    page.context.add_cookies([{"name": "lang", "value": "de", "url": server.url}])
    page.goto(f"{server.url}review/{game_id}")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    facts = page.locator("#review-facts")
    critical = english["critical"]
    expect(facts).to_contain_text(f"Zug {critical['index'] + 1}, die ")
    expect(facts).not_to_contain_text(critical["played_words"])
    expect(facts).not_to_contain_text(critical["reason"])
    page.keyboard.press("ArrowRight")
    step = page.locator("#replay-step")
    expect(step).to_contain_text("Nach Zug 1 von")
    expect(step).not_to_contain_text(english["moves"][0]["words"])
    expect(step).to_contain_text(re.compile(r"die \S+[♣♦♥♠] als erste Karte des Rasters"))
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(re.compile(r"die \S+[♣♦♥♠] auf "))


def test_a_move_that_lowered_the_best_score_says_the_solver_saw_the_whole_deal(
    page: Page, server: Server
) -> None:
    # on this game the critical move lowers the best score and leaves a win reachable
    game_id = finished_game(page, server, "foursquare", 2, 12, kept=True)
    critical = page.request.get(f"{server.url}api/games/{game_id}/review").json()["critical"]
    assert not critical["lost_win"]
    page.goto(f"{server.url}review/{game_id}")
    said = page.locator("#review-facts .review-critical")
    expect(said).to_contain_text(
        f"Move {critical['index'] + 1}, {critical['played_words']}, lowered"
    )
    expect(said).to_contain_text("the solver sees the whole deal, the hint does not")
    expect(said).not_to_contain_text("cost points")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_critical_move_is_starred_in_the_pages_language(
    page: Page, server: Server, lang: str
) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    game_id = finished_game(page, server, "foursquare", 2, 12, kept=True)
    review: dict[str, Any] = page.request.get(f"{server.url}api/games/{game_id}/review").json()
    critical = review["critical"]
    page.goto(f"{server.url}review/{game_id}")
    page.locator("#replay-slider").fill(str(critical["index"] + 1))
    with language(lang):
        starred = translate("★ the critical move; better: {move}")
    starred = starred.format(move=critical["better_words"])
    assert "critical move" not in starred  # translated
    expect(page.locator("#replay-step")).to_contain_text(starred)
