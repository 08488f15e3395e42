"""A move is named critical only where the solver's figures prove its drop: the figure
after it proven (the best itself) and lower than the one before. A figure the solver only
found, within its budget, is a score reachable then, maybe not the best."""

from __future__ import annotations

import pytest

import squares.review.report
from squares.games.union_square import UnionSquare
from squares.review.best import Best
from squares.review.report import Review, compute_from
from squares.review.words import summary

GAME = UnionSquare()
MOVES = ["s", "s", "s"]  # three deals from the stock, the start of Union Square deal 0


def reviewed(monkeypatch: pytest.MonkeyPatch, figures: list[Best]) -> Review:
    """The review of the three deals, resigned, with the solver's figures along them
    (before the first move, then after each) as given."""
    monkeypatch.setattr(squares.review.report, "best_along", lambda *args: figures)
    return compute_from(GAME, GAME.new(0), MOVES, resigned=True)


def found(value: int) -> Best:
    return Best(value, False, ())


def proven(value: int) -> Best:
    return Best(value, True, ())


def test_a_drop_to_a_figure_not_proven_names_no_critical_move_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a win found before the first deal, then only 30 found: no figure after is proven
    review = reviewed(monkeypatch, [found(104), found(30), found(30), found(30)])
    assert review["critical"] is None and review["unsettled"]
    assert not any(move["lost_win"] for move in review["moves"])
    said = summary(review, 1)
    assert said[-1] == (
        "The solver could not settle, within its budget, which move lowered the best "
        "score reachable"
    )
    assert not [line for line in said if "No move lowered" in line]


def test_a_drop_to_a_proven_figure_is_named_with_the_found_figure_before_as_at_least(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    review = reviewed(monkeypatch, [found(60), found(40), proven(30), proven(30)])
    critical = review["critical"]
    assert critical is not None and not critical["lost_win"] and not review["unsettled"]
    assert critical["index"] == 1 and critical["best_before"] == 40
    assert not critical["best_before_proven"]
    said = summary(review, 1)[-1]
    assert "lowered the best score reachable (before: at least 40; after: 30)" in said


def test_a_win_found_then_proven_gone_is_the_lost_win_and_a_proven_figure_reads_plain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    review = reviewed(monkeypatch, [proven(104), proven(104), proven(50), proven(50)])
    critical = review["critical"]
    assert critical is not None and critical["lost_win"] and critical["index"] == 1
    assert [move["lost_win"] for move in review["moves"]] == [False, True, False]
    assert "lost the win (best reachable before: 104; after: 50)" in summary(review, 1)[-1]


def test_a_game_given_up_with_the_best_still_reachable_ended_before_it_was_reached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    review = reviewed(monkeypatch, [found(104), found(104), found(104), found(104)])
    assert review["critical"] is None and not review["unsettled"]
    assert "the game ended before it was reached" in summary(review, 1)[-1]
