"""The review's "best this deal allowed" comes from the shipped deal results where the
review's own search, at its budget, says less."""

from __future__ import annotations

import pytest

from squares.ai import get_hindsight
from squares.ai.deal_results import best_known
from squares.games import get_game
from squares.review.report import compute, compute_from

GAME = get_game("foursquare")
MOVES = ["0,0", "0,0", "0,0", "0,0"]


@pytest.fixture
def short_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(get_hindsight("foursquare")), "solve_nodes", 30)


@pytest.mark.usefixtures("short_search")
def test_the_best_score_a_deal_allowed_is_read_from_the_shipped_deal_results() -> None:
    known = best_known("foursquare", 2)
    assert known is not None and known.proven
    alone = compute_from(GAME, GAME.new(2), MOVES, resigned=True)
    assert not alone["best_proven"]  # the review's search alone cannot settle it
    review = compute(GAME, 2, MOVES, resigned=True)
    assert (review["best_score"], review["best_proven"]) == (known.score, True)
    assert review["deal"] == 2 and review["moves"][0]["move"] == "0,0"
