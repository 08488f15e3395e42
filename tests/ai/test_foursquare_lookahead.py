"""The Foursquare players' search: the inlined horizon agrees with ``value``, chance
nodes weigh ranks by the cards left, and a win or a loss is seen where it is."""

from __future__ import annotations

import numpy
import pytest

from squares.ai.foursquare import board as fast
from squares.ai.foursquare.lookahead import LOSS, WIN, chance, rank_moves, value
from squares.ai.foursquare.observation import Observation
from tests.ai.foursquare_helpers import GAME, WORKED_EXAMPLE, position, random_games


def best_value(board: fast.Board, rank: int, left: int) -> float:
    """The best ``value`` among the placements of ``rank``, one at a time."""
    return max(value(fast.play(board, move, rank), left) for move in fast.moves(board))


def expected(board: fast.Board, counts: list[int], left: int) -> float:
    """The last chance node of the players' search: ``chance`` one placement deep."""
    return float(chance(*board, numpy.array(counts, dtype=numpy.int64), left, 1, 1))


def test_the_last_chance_node_is_the_mean_best_placement_of_each_rank_to_come() -> None:
    # The horizon works each placement out once per outcome (tops turned, Ace or 10
    # placed), not once per rank: the same number, to the last bit, as rank by rank.
    for states in random_games(range(20)):
        for state in states[:-1:3]:
            board, _ = fast.from_grid(state.grid)
            counts = [0] * 11
            for card in state.remaining:
                counts[card.rank] += 1
            left = len(state.remaining)
            total = 0.0
            for rank in range(1, 11):
                if counts[rank]:
                    total += counts[rank] * best_value(board, rank, left - 1)
            assert expected(board, counts, left) == total / left


def test_chance_node_weighs_each_rank_by_its_copies_left() -> None:
    board = fast.play(fast.EMPTY, 0, 5)
    only_fives = [0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0]
    tens_and_fives = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2]
    five = best_value(board, 5, 2)
    ten = best_value(board, 10, 2)
    assert expected(board, only_fives, 3) == pytest.approx(five)
    assert expected(board, tens_and_fives, 3) == pytest.approx((five + 2 * ten) / 3)


# Fifteen face-up piles; at 3,3 the 5♥ is between 4, 7, 2 (row) and ties 3, 8, 5 (column).
FIFTEEN = {(0, 0): "AC", (0, 1): "2C", (0, 2): "3C", (0, 3): "3D",
           (1, 0): "5C", (1, 1): "6C", (1, 2): "9C", (1, 3): "8C",
           (2, 0): "9D", (2, 1): "TC", (2, 2): "AD", (2, 3): "5D",
           (3, 0): "4D", (3, 1): "7D", (3, 2): "2D"}  # fmt: skip


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_winning_placement_comes_first_at_every_depth(depth: int) -> None:
    seen = Observation.of(GAME.observe(position(FIFTEEN, "5H", "AH TH 6H")))
    ranked = rank_moves(seen.board, seen.hand.rank, seen.counts, depth, 4)
    worth, move = ranked[0]
    assert fast.to_cell(move, seen.origin) == (3, 3)
    assert worth == WIN + 3
    assert all(w <= worth for w, _ in ranked)


def test_a_placement_that_turns_five_piles_down_is_worth_a_loss() -> None:
    seen = Observation.of(GAME.observe(position(WORKED_EXAMPLE, "6D")))
    ranked = dict((m, w) for w, m in rank_moves(seen.board, 6, seen.counts, 2, 4))
    d1 = next(m for m in ranked if fast.to_cell(m, seen.origin) == (0, 3))
    assert ranked[d1] == LOSS
