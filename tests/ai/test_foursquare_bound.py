"""The upper bound by information relaxation with a penalty, on the last few cards of
games, where the best chance of a player who cannot see the order is computed exactly:
the bound is never below it, whatever the estimate charged, and equals it when the
estimate is exact."""

from __future__ import annotations

import pytest

from squares.ai.foursquare.board import Board, face_down, piles
from squares.ai.foursquare.bound import (
    Counts,
    best_chance,
    bound,
    charged_best,
    clairvoyant_estimate,
    no_estimate,
    orders,
)
from squares.ai.foursquare.observation import Observation
from squares.games.base import Status
from tests.ai.foursquare_helpers import GAME, random_games

Position = tuple[Board, int, Counts]


def last_cards(cards: int) -> list[Position]:
    """Positions of played games with ``cards`` cards still to come after the one in hand."""
    found = []
    for states in random_games(range(60)):
        for state in states:
            if len(state.remaining) == cards + 1 and GAME.status(state) is Status.PLAYING:
                seen = Observation.of(GAME.observe(state))
                found.append((seen.board, seen.hand.rank, seen.counts))
    return found


@pytest.mark.parametrize("cards", [2, 3])
def test_the_bound_is_never_below_the_best_non_peeking_chance(cards: int) -> None:
    positions = last_cards(cards)
    assert len(positions) >= 5  # the games did reach such positions
    for board, rank, counts in positions:
        exact = best_chance(board, rank, counts)
        for estimate in (no_estimate, clairvoyant_estimate, best_chance):
            assert bound(board, rank, counts, estimate) >= exact - 1e-9


@pytest.mark.parametrize("cards", [2, 3])
def test_with_the_exact_chance_as_the_estimate_the_bound_is_exact(cards: int) -> None:
    for board, rank, counts in last_cards(cards):
        exact = best_chance(board, rank, counts)
        assert bound(board, rank, counts, best_chance) == pytest.approx(exact, abs=1e-9)


def test_with_nothing_charged_the_bound_is_the_clairvoyant_chance() -> None:
    for board, rank, counts in last_cards(3):
        seeing = sum(
            p * (charged_best(board, rank, order, counts, no_estimate) > 0.5)
            for order, p in orders(counts)
        )
        assert bound(board, rank, counts, no_estimate) == pytest.approx(seeing)


def test_some_endgame_is_won_by_seeing_the_order_more_often_than_without() -> None:
    gaps = [bound(*position, no_estimate) - best_chance(*position) for position in last_cards(3)]
    assert max(gaps) > 0.01  # so the penalty has something to take back


def test_an_estimate_blind_to_the_card_that_comes_charges_nothing() -> None:
    def board_alone(board: Board, rank: int, counts: Counts) -> float:
        return piles(board) / 16 * (1 - face_down(board) / 5)  # more piles, fewer face down

    for position in last_cards(3):
        assert bound(*position, board_alone) == pytest.approx(bound(*position, no_estimate))


def test_the_clairvoyant_chance_as_the_estimate_takes_back_most_of_what_seeing_gives() -> None:
    positions = last_cards(3)
    seeing = sum(bound(*position, no_estimate) for position in positions)
    exact = sum(best_chance(*position) for position in positions)
    charged = sum(bound(*position, clairvoyant_estimate) for position in positions)
    assert exact - 1e-9 <= charged < exact + (seeing - exact) / 2
