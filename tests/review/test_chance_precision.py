"""The chance to win names the player it assumes, and at the start of a game of either game
its 95% interval reaches no further than 5 points either side: during play and in the
review."""

from __future__ import annotations

import pytest

from squares.ai import get_hindsight, get_player
from squares.ai.confidence import wilson
from squares.games import get_game
from squares.games.base import Status
from squares.review import compute
from squares.review.chance import MARGIN, Chance, from_here, most_needed
from squares.review.words import curve, from_here_text

FOURSQUARE = get_game("foursquare")
HINDSIGHT = get_hindsight("foursquare")
UNION_SQUARE = get_game("union-square")


@pytest.fixture(autouse=True)
def few_samples() -> None:
    """The game's own number of playouts, not the package's cheap one: it is what is tested."""


def reach(wins: int, samples: int) -> float:
    """How far the Wilson 95% interval of ``wins`` of ``samples`` reaches from their share."""
    low, high = wilson(wins, samples)
    return max(wins / samples - low, high - wins / samples)


def test_the_most_playouts_keep_any_estimate_within_five_points() -> None:
    most = most_needed()
    assert all(reach(wins, most) <= MARGIN for wins in range(most + 1))
    assert any(reach(wins, most - 1) > MARGIN for wins in range(most))
    assert HINDSIGHT.samples >= most and HINDSIGHT.live_samples >= most


@pytest.mark.parametrize("deal", [710000, 710001, 710002])
def test_the_chance_at_the_start_of_a_game_is_within_five_points_and_names_its_player(
    deal: int,
) -> None:
    chance = from_here(FOURSQUARE, FOURSQUARE.new(deal), 0)
    assert chance.player == HINDSIGHT.chance_player == "expectimax-2"
    assert reach(chance.wins, chance.samples) <= MARGIN
    assert chance.samples <= HINDSIGHT.live_samples
    assert "expectimax-2" in from_here_text(chance)


def test_playouts_stop_once_the_interval_is_narrow_enough() -> None:
    chance = from_here(FOURSQUARE, FOURSQUARE.new(710000), 0)
    assert chance.value > 0.9  # a start most deals have: a near-sure win
    assert chance.samples < HINDSIGHT.live_samples


def test_the_review_curve_starts_within_five_points_and_names_its_player() -> None:
    player, state, moves = get_player("foursquare", "greedy"), FOURSQUARE.new(710003), []
    while FOURSQUARE.status(state) is Status.PLAYING:
        move = player.choose(FOURSQUARE.observe(state))
        moves.append(str(move))
        state = FOURSQUARE.apply(state, move)
    review = compute(FOURSQUARE, 710003, moves, resigned=False)
    first = review["moves"][0]["win_chance"]
    wins = round(first["value"] * first["samples"])
    assert reach(wins, first["samples"]) <= MARGIN
    assert (first["low"], first["high"]) == tuple(
        round(x, 4) for x in wilson(wins, first["samples"])
    )
    assert review["chance"] == {"player": "expectimax-2", "samples": HINDSIGHT.samples}
    assert "if expectimax-2 plays on" in curve(review)[0]


def test_union_squares_chance_at_the_start_is_within_five_points_and_names_keeper() -> None:
    chance = from_here(UNION_SQUARE, UNION_SQUARE.new(710000), 0)
    assert chance.player == get_hindsight("union-square").chance_player == "keeper"
    assert reach(chance.wins, chance.samples) <= MARGIN
    assert "if keeper plays on" in from_here_text(chance)


def test_union_squares_review_curve_starts_within_five_points() -> None:
    review = compute(UNION_SQUARE, 710001, ["s"], resigned=True)
    first = review["moves"][0]["win_chance"]
    wins = round(first["value"] * first["samples"])
    assert reach(wins, first["samples"]) <= MARGIN
    assert review["chance"] == {
        "player": "keeper",
        "samples": get_hindsight("union-square").samples,
    }


def test_a_chance_is_said_with_the_player_it_assumes() -> None:
    text = from_here_text(Chance(4, 380, 400, "expectimax-2"))
    assert text.startswith("Chance of winning from here if expectimax-2 plays on: 95%")
    assert "400 deals of the unseen cards" in text
