"""The review page of a finished game in a real browser: the numbers (the deal's difficulty
and best possible score among them), the curve, and the game stepped through on its real
board, then the solver's line from the critical move."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from squares.ai.deal_results import best_known
from squares.difficulty import level_of
from tests.e2e.conftest import Server
from tests.e2e.reviewed import reviewed

DEAL, PLAYED = 2, 12  # on deal 2, always the last legal cell loses points along the way

WORKED_OUT_MS = 60_000  # a review the page asks for is worked out before it shows


def finished_game(page: Page, server: Server) -> tuple[int, list[str]]:
    """A Foursquare game of a few placements, then given up, played through the API; its
    review already stored (``tests/e2e/reviewed.py``)."""
    api = f"{server.url}api/games"
    view: dict[str, Any] = page.request.post(api, data={"game": "foursquare", "deal": DEAL}).json()
    moves: list[str] = []
    for _ in range(PLAYED):
        move = view["legal"][-1]
        answer = page.request.post(
            f"{api}/{view['id']}/moves", data={"move": move, "version": view["version"]}
        )
        assert answer.ok, answer.text()
        view, moves = answer.json(), [*moves, move]
    assert page.request.post(f"{api}/{view['id']}/resign").ok
    reviewed(page, server, int(view["id"]), ("foursquare", DEAL, tuple(moves)))
    return int(view["id"]), moves


def test_review_page_says_the_deals_difficulty_and_its_best_possible_score(
    page: Page, server: Server
) -> None:
    game_id, _moves = finished_game(page, server)
    level, known = level_of("foursquare", DEAL), best_known("foursquare", DEAL)
    assert level is not None and known is not None and known.proven
    page.goto(f"{server.url}review/{game_id}")
    numbers = page.locator("#review-facts")
    expect(numbers.locator(".review-score")).to_contain_text(
        f"Best possible: {known.score}", timeout=WORKED_OUT_MS
    )
    expect(numbers.locator(".review-difficulty")).to_have_text(
        f"Difficulty: {level}. Like every rated deal, it can be won: the solver found a win "
        "for each."
    )


def cards_on_board(page: Page) -> int:
    return page.locator("#replay-board .fs-cell .card").count()


def test_review_page_shows_the_numbers_and_steps_through_the_game_and_the_solver_line(
    page: Page, server: Server
) -> None:
    game_id, moves = finished_game(page, server)
    review: dict[str, Any] = page.request.get(f"{server.url}api/games/{game_id}/review").json()
    critical = review["critical"]
    assert critical is not None, "the chosen game must have a critical move"
    replay: dict[str, Any] = page.request.get(f"{server.url}api/games/{game_id}/replay").json()
    piles = [len(view["piles"]) for view in replay["views"]]
    solver_piles = [len(view["piles"]) for view in replay["solver"]["views"]]
    assert piles[0] < piles[2] < piles[-1] and solver_piles[0] < solver_piles[1]

    page.goto(f"{server.url}review/{game_id}")
    numbers = page.locator("#review-facts")
    expect(numbers).to_contain_text(f"Best possible: {review['best_score']}")
    expect(numbers).to_contain_text(f"Move {critical['index'] + 1}, {critical['played_words']}")
    expect(numbers).to_contain_text(f"Better: {critical['reason']}")
    chart = page.locator("#curve-chart svg")
    expect(chart.locator("polyline.chance")).to_have_count(1)
    expect(chart.locator("line.critical")).to_have_count(1)
    expect(page.locator("#curve-table tbody tr")).to_have_count(len(moves))

    step = page.locator("#replay-step")
    expect(step).to_contain_text(f"before move 1 of {len(moves)}")
    assert cards_on_board(page) == piles[0]
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"After move 1 of {len(moves)}: {replay['words'][0]}")
    assert cards_on_board(page) == piles[1]
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"After move 2 of {len(moves)}: {replay['words'][1]}")
    assert cards_on_board(page) == piles[2]
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"After move 1 of {len(moves)}")
    slider = page.locator("#replay-slider")
    slider.fill(str(len(moves)))
    expect(step).to_contain_text(f"After move {len(moves)} of {len(moves)}: {replay['words'][-1]}")
    assert cards_on_board(page) == piles[-1]

    page.get_by_label("Play the solver's line forward from the critical move").check()
    expect(step).to_contain_text(f"Solver's line from move {critical['index'] + 1}")
    assert cards_on_board(page) == piles[critical["index"]] == solver_piles[0]
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(f"step 1 of {len(critical['line'])}: {critical['better_words']}")
    assert cards_on_board(page) == solver_piles[1]
    placed = page.locator(f'#replay-board [data-cell="{critical["line"][0]}"]')
    assert placed.locator(".card").count() == 1
    expect(placed).to_have_class(re.compile(r"\breplayed\b"))  # the words name no cell

    # the link the game's end dialog shows leads here, once however often it is shown
    links = page.evaluate(
        """async (id) => {
            const { showReviewLink } = await import("/static/js/review.js");
            const box = document.createElement("div");
            showReviewLink(box, id - 1);
            showReviewLink(box, id);
            return [...box.querySelectorAll("a")].map((a) => [a.textContent, a.pathname]);
        }""",
        game_id,
    )
    assert links == [["Review this game", f"/review/{game_id}"]]


def test_the_replay_board_fits_a_phone_and_holds_still_through_the_game(
    page: Page, server: Server
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    game_id, moves = finished_game(page, server)
    page.goto(f"{server.url}review/{game_id}")
    step = page.locator("#replay-step")
    # the page works the review out first: seconds on a loaded machine
    expect(step).to_contain_text(f"before move 1 of {len(moves)}", timeout=WORKED_OUT_MS)
    first = page.locator('#replay-board [data-cell="0,0"] .spot')
    board = page.locator("#replay-board")
    places = set()
    for number in range(1, len(moves) + 1):
        page.keyboard.press("ArrowRight")
        expect(step).to_contain_text(f"After move {number} of {len(moves)}")
        box, around = first.bounding_box(), board.bounding_box()
        assert box is not None and around is not None  # the place on the board, below words
        place = (box["x"] - around["x"], box["y"] - around["y"], box["width"])
        places.add(tuple(round(x, 1) for x in place))
        # the page never scrolls sideways: the whole grid and the counts are in sight
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert len(places) == 1, places
