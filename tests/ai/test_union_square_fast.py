"""The search's compact Union Square position never disagrees with the rules engine."""

from __future__ import annotations

import random

import pytest

from squares.ai.union_square.fast import Position
from squares.games.base import Status
from squares.games.union_square import DEAL, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION

GAME = UnionSquare()


def random_line(deal: int, rng: random.Random, steps: int = 400) -> list[UnionSquareState]:
    """A game played by a random player that homes cards when it can, most of the time."""
    state = GAME.new(deal)
    states = [state]
    for _ in range(steps):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        home = [m for m in moves if m.target == FOUNDATION]
        if home and rng.random() < 0.8:
            move = rng.choice(home)
        elif DEAL in moves and rng.random() < 0.3:
            move = DEAL
        else:
            move = rng.choice(moves)
        state = GAME.play(state, move)
        states.append(state)
    return states


@pytest.mark.long
def test_every_legal_move_plays_to_the_rules_engine_s_position_on_random_games() -> None:
    rng = random.Random(5)
    checked = 0
    for deal in range(6):
        for state in random_line(deal, rng):
            position = Position.of(state)
            moves = GAME.candidate_moves(state)
            for move in moves:
                assert position.play(move) == Position.of(GAME.play(state, move))
            assert position.score == GAME.score(state)
            assert position.won == (GAME.status(state) is Status.WON)
            checked += 1
    assert checked > 500


def test_games_played_to_an_empty_stock_agree_on_being_over() -> None:
    rng = random.Random(11)
    for deal in range(20, 26):
        state = random_line(deal, rng, steps=2000)[-1]
        position = Position.of(state)
        assert not position.stock
        if not position.won:
            assert position.stuck() == (GAME.status(state) is Status.LOST)


def test_key_ignores_which_slot_holds_which_pile() -> None:
    state = GAME.new(3)
    shuffled = list(state.tableau)
    random.Random(1).shuffle(shuffled)
    moved = UnionSquareState(
        state.deal, state.stock, state.waste, tuple(shuffled), state.foundations
    )
    assert Position.of(moved).key() == Position.of(state).key()
    assert Position.of(GAME.play(state, DEAL)).key() != Position.of(state).key()


def test_unseen_cards_are_the_stock_sorted() -> None:
    position = Position.of(GAME.new(8))
    assert position.unseen() == bytes(sorted(position.stock))
