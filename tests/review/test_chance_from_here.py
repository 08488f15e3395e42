"""Your chance of winning from here, during play: worked out from what the player sees only.

The same visible position with its unseen cards in another real order must give the same
answer, from the same sampled orders: neither the seed nor the sample may read the order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from squares.ai import get_hindsight, get_player
from squares.errors import SessionError
from squares.games import get_game
from squares.games.base import Status
from squares.games.foursquare import FoursquareState
from squares.games.union_square import UnionSquareState
from squares.i18n import language, percent
from squares.review.chance import Chance, from_here
from squares.review.words import from_here_text

PLAYED = {"foursquare": ["0,0", "0,1", "1,0"], "union-square": ["s", "s", "s"]}


def position(game_name: str, deal: int) -> Any:
    game = get_game(game_name)
    state = game.new(deal)
    for move in PLAYED[game_name]:
        state = game.apply_text(state, move)
    return state


def reshuffled(state: Any) -> Any:
    """``state`` with the cards the player has not seen in another real order."""
    if isinstance(state, FoursquareState):
        unseen = list(state.remaining[1:])
        random.Random(5).shuffle(unseen)
        return FoursquareState(state.deal, state.grid, (state.remaining[0], *unseen))
    assert isinstance(state, UnionSquareState)
    stock = list(state.stock)
    random.Random(5).shuffle(stock)
    return UnionSquareState(state.deal, tuple(stock), state.waste, state.tableau, state.foundations)


@pytest.fixture
def few_live_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, samples in (("foursquare", 6), ("union-square", 2)):
        monkeypatch.setattr(type(get_hindsight(name)), "live_samples", samples)


def answers_and_playouts(
    game_name: str, state: Any, monkeypatch: pytest.MonkeyPatch
) -> tuple[Chance, list[Any]]:
    """The chance from ``state``, and the sampled positions its playouts were given."""
    hindsight = type(get_hindsight(game_name))
    played: list[Any] = []
    playout = hindsight.playout

    def spy(self: Any, sampled: Any) -> bool:
        played.append(sampled)
        won: bool = playout(self, sampled)
        return won

    with monkeypatch.context() as patch:
        patch.setattr(hindsight, "playout", spy)
        chance = from_here(get_game(game_name), state, len(PLAYED[game_name]))
    return chance, played


@pytest.mark.usefixtures("few_live_samples")
@pytest.mark.parametrize("game_name", ["foursquare", "union-square"])
def test_the_chance_from_here_is_the_same_whatever_the_real_order_of_the_unseen_cards(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = position(game_name, 11)
    other = reshuffled(state)
    assert other != state and get_game(game_name).view(other) == get_game(game_name).view(state)
    first, first_playouts = answers_and_playouts(game_name, state, monkeypatch)
    second, second_playouts = answers_and_playouts(game_name, other, monkeypatch)
    assert second == first
    assert second_playouts == first_playouts  # the same orders of the unseen cards
    assert len(first_playouts) == first.samples == get_hindsight(game_name).live_samples


@pytest.mark.usefixtures("few_live_samples")
def test_another_visible_position_gets_orders_of_its_own() -> None:
    game = get_game("union-square")
    one, two = position("union-square", 11), position("union-square", 12)
    hindsight = get_hindsight("union-square")
    assert hindsight.seen_key(one) != hindsight.seen_key(two)
    assert hindsight.seen_key(reshuffled(one)) == hindsight.seen_key(one)
    assert from_here(game, one, 3).samples == hindsight.live_samples


def test_an_order_drawn_again_is_not_played_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game, player = get_game("union-square"), get_player("union-square")
    state = game.new(0)
    while state.stock:  # keeper's game to where the stock is empty: one order is left
        state = game.apply(state, player.choose(game.observe(state)))
    assert game.status(state) is Status.PLAYING
    chance, played = answers_and_playouts("union-square", state, monkeypatch)
    assert chance.samples > 1 and chance.wins in (0, chance.samples)
    assert len(played) == 1


def test_a_finished_game_has_no_chance_left_to_work_out() -> None:
    game = get_game("foursquare")
    state = game.new(4)
    while game.status(state) is Status.PLAYING:  # the first legal placement, to the end
        state = game.play(state, game.legal_moves(state)[0])
    with pytest.raises(SessionError, match="the game is over"):
        from_here(game, state, 0)


@pytest.mark.parametrize("game_name", ["foursquare", "union-square"])
def test_a_resigned_game_has_no_chance_left_to_work_out(game_name: str) -> None:
    game = get_game(game_name)
    with pytest.raises(SessionError, match="the game is over"):
        from_here(game, game.new(4), 0, resigned=True)


def test_the_chance_is_said_with_its_player_its_interval_and_the_deals_played_out() -> None:
    chance = Chance(0, 31, 40, "expectimax-2")
    low, high = chance.interval
    text = from_here_text(chance)
    assert text.startswith("Chance of winning from here if expectimax-2 plays on: ")
    for figure in (chance.value, low, high):
        assert percent(figure, 0) in text
    assert "40 deals of the unseen cards" in text
    with language("de"):
        german = from_here_text(chance)
    assert german != text and percent(chance.value, 0) in text and "expectimax-2" in german
