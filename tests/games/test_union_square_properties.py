"""Union Square invariants over random lines of play (Hypothesis).

A line is a deal number, some cards dealt first (so that late positions, with the stock
empty, come up too), then a bounded sequence of choices among the legal moves.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from squares.cards import MAX_DEAL, union_square_deck
from squares.errors import SessionError
from squares.games.union_square import DEAL, Move, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION
from squares.session import Session

GAME = UnionSquare()
TWO_DECKS = Counter(union_square_deck())
MAX_MOVES = 60
STOCK_SIZE = 88

SETTINGS = settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def lines(draw: st.DrawFn) -> tuple[int, list[Move]]:
    """A deal and a legal line of play from it."""
    deal = draw(st.integers(0, MAX_DEAL))
    state = GAME.new(deal)
    moves: list[Move] = []
    to_deal = draw(st.one_of(st.just(STOCK_SIZE), st.integers(0, STOCK_SIZE)))
    while STOCK_SIZE - len(state.stock) < to_deal:
        # Deal, but take what the foundations accept on the way, as a player would.
        to_foundation = [m for m in GAME.legal_moves(state) if m.target == FOUNDATION]
        move = to_foundation[0] if to_foundation else DEAL
        state = GAME.play(state, move)
        moves.append(move)
    for _ in range(draw(st.integers(0, MAX_MOVES))):
        legal = GAME.legal_moves(state)
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        state = GAME.apply(state, move)
        moves.append(move)
    event("the stock ran out" if not state.stock else "cards left in the stock")
    event(f"ends {GAME.status(state)}")
    return deal, moves


def states_of(deal: int, moves: list[Move]) -> list[UnionSquareState]:
    states = [GAME.new(deal)]
    for move in moves:
        states.append(GAME.play(states[-1], move))
    return states


def every_card(state: UnionSquareState) -> Counter[Any]:
    piles = (state.stock, state.waste, *state.tableau, *state.foundations)
    return Counter(card for pile in piles for card in pile)


@SETTINGS
@given(lines())
def test_every_card_is_somewhere_exactly_once(line: tuple[int, list[Move]]) -> None:
    for state in states_of(*line):
        assert every_card(state) == TWO_DECKS


@SETTINGS
@given(lines())
def test_undo_after_any_move_restores_the_state_until_the_game_ends(
    line: tuple[int, list[Move]],
) -> None:
    deal, moves = line
    session: Session[UnionSquareState, Move] = Session(GAME, deal)
    for move in moves:
        before = session.state
        after = session.move(move).state
        if session.over:  # a finished game's result is final
            with pytest.raises(SessionError, match="result stands"):
                session.undo()
            assert session.state == after
            break
        assert session.undo().state == before
        assert session.redo().state == after


@SETTINGS
@given(lines())
def test_notation_round_trips_for_every_legal_move(line: tuple[int, list[Move]]) -> None:
    for state in states_of(*line)[-10:]:
        for move in GAME.legal_moves(state):
            assert GAME.parse_move(GAME.format_move(move)) == move
            assert Move.parse(str(move)) == move


@pytest.mark.long
@SETTINGS
@given(lines())
def test_dump_then_load_is_the_identity(line: tuple[int, list[Move]]) -> None:
    for state in states_of(*line)[::7]:
        data = json.loads(json.dumps(GAME.dump(state)))
        assert GAME.load(data) == state
        assert GAME.dump(GAME.load(data)) == data


@SETTINGS
@given(lines(), st.data())
def test_view_does_not_depend_on_the_order_of_the_stock(
    line: tuple[int, list[Move]], data: st.DataObject
) -> None:
    state = states_of(*line)[-1]
    stock = data.draw(st.permutations(state.stock))
    other = replace(state, stock=tuple(stock))
    assert GAME.view(other) == GAME.view(state)


@SETTINGS
@given(lines())
def test_score_never_drops_and_counts_the_foundations(line: tuple[int, list[Move]]) -> None:
    states = states_of(*line)
    scores = [GAME.score(state) for state in states]
    assert scores == sorted(scores)
    assert scores == [sum(len(f) for f in state.foundations) for state in states]
