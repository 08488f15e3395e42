"""Union Square's lookahead player: keeper improved by rollouts over sampled orders of the
unseen cards. It never reads the stock's order, every move it makes is legal, it wins a
deal keeper loses, and keeper stays the default."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from squares.ai import get_player, player_names
from squares.ai.union_square.lookahead import Lookahead
from squares.ai.union_square.players import Keeper, Observation
from squares.games.base import Status
from squares.games.union_square import DEAL, UnionSquareState
from tests.ai.test_union_square_players import GAME, positions_along

KEEPER_LOSES = (
    11452  # keeper loses it; lookahead wins it (benchmarks/bench_union_square_players.py --lost)
)


def looked_at(states: list[UnionSquareState]) -> list[UnionSquareState]:
    """The states where lookahead rolls out: keeper would deal over the waste's card, late."""
    found = []
    for state in states:
        if GAME.status(state) is not Status.PLAYING or not state.waste:
            continue
        if len(state.stock) <= Lookahead().late and Keeper().choose(GAME.observe(state)) == DEAL:
            found.append(state)
    return found


def test_lookahead_comes_after_keeper_which_stays_the_default() -> None:
    names = player_names("union-square")
    assert names[0] == "keeper"
    assert names.index("lookahead") == 1


def test_lookahead_never_reads_the_stock_order() -> None:
    rng = random.Random(5)
    states = looked_at(positions_along(KEEPER_LOSES, 400))[::5][:3]
    assert states  # decisions where the samples are dealt
    for state in states:
        stock = list(state.stock)
        rng.shuffle(stock)
        other = replace(state, stock=tuple(stock))
        assert other.stock != state.stock
        few = Lookahead(samples=3)
        assert few.choose(GAME.observe(state)) == Lookahead(samples=3).choose(GAME.observe(other))


@pytest.mark.long
def test_lookahead_wins_a_deal_keeper_loses_with_every_move_legal() -> None:
    for name, won in (("keeper", False), ("lookahead", True)):
        player = get_player("union-square", name)
        state = GAME.new(KEEPER_LOSES)
        while GAME.status(state) is Status.PLAYING:
            state = GAME.apply(state, player.choose(GAME.observe(state)))  # checked: legal
        assert (GAME.status(state) is Status.WON) is won


def test_lookahead_leaves_keepers_move_where_it_does_not_look() -> None:
    for state in positions_along(3, 60)[::6]:
        seen = GAME.observe(state)
        assert len(Observation.of(seen).unseen) > Lookahead().late
        assert Lookahead().choose(seen) == Keeper().choose(seen)


def test_lookahead_needs_at_least_one_sample() -> None:
    with pytest.raises(ValueError, match="samples"):
        Lookahead(samples=0)


def test_lookahead_takes_the_waste_card_where_keeper_would_deal_over_it() -> None:
    """Deal 11452, move 152: keeper deals over the 9♦; the samples say put it on the
    empty pile, and the hint says the same in words."""
    seen = GAME.observe(positions_along(KEEPER_LOSES, 152)[-1])
    assert Keeper().choose(seen) == DEAL
    hint = Lookahead().hint(seen)
    assert hint.move == str(Lookahead().choose(seen)) == "w-t15"
    assert hint.words.startswith("Move the 9♦ from the waste to an empty pile")
