"""``Game.observe``: what a person sees of a game, the same for every order of the stock,
with every card of the stock counted and the end of the game shown."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from squares.games import GAMES, get_game
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState
from squares.games.union_square import UnionSquare, UnionSquareState

FOURSQUARE, UNION_SQUARE = Foursquare(), UnionSquare()


def stock_of(state: Any) -> tuple[Any, ...]:
    """The cards still to come, after the card in hand (Foursquare holds it in front)."""
    return state.stock if isinstance(state, UnionSquareState) else state.remaining[1:]


def restocked(state: Any, seed: int) -> Any:
    """The same position with its stock in another order."""
    stock = list(stock_of(state))
    random.Random(seed).shuffle(stock)
    if isinstance(state, FoursquareState):
        return replace(state, remaining=(*state.remaining[:1], *stock))
    return replace(state, stock=tuple(stock))


def played(game_name: str, deal: int, moves: int) -> Any:
    """The position after ``moves`` random legal moves (fewer if the game ends first)."""
    game, rng = get_game(game_name), random.Random(deal)
    state = game.new(deal)
    for _ in range(moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.play(state, rng.choice(legal))
    return state


@pytest.mark.parametrize("game_name", list(GAMES))
@pytest.mark.parametrize("deal", [0, 7, 41])
def test_a_player_sees_which_cards_are_in_the_stock_never_their_order(
    game_name: str, deal: int
) -> None:
    state = played(game_name, deal, 6)
    seen = get_game(game_name).observe(state)
    assert Counter(seen.unseen) == Counter(stock_of(state))
    for seed in range(3):
        assert get_game(game_name).observe(restocked(state, seed)) == seen


def test_a_foursquare_player_sees_the_grid_and_the_card_in_hand() -> None:
    state = FOURSQUARE.apply_text(FOURSQUARE.new(7), "0,0")
    seen = FOURSQUARE.observe(state)
    assert (seen.grid, seen.hand, seen.status) == (state.grid, state.remaining[0], Status.PLAYING)


def test_a_union_square_player_sees_the_waste_the_tableau_and_the_foundations() -> None:
    state = UNION_SQUARE.apply_text(UNION_SQUARE.new(7), "s")
    seen = UNION_SQUARE.observe(state)
    assert (seen.waste, seen.tableau, seen.foundations) == (
        state.waste,
        state.tableau,
        state.foundations,
    )


@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_game_played_to_its_end_is_seen_over(game_name: str) -> None:
    state = played(game_name, 3, 10_000)
    game = get_game(game_name)
    assert game.observe(state).status is game.status(state) is not Status.PLAYING
