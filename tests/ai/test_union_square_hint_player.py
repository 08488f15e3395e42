"""A Union Square hint comes from the strongest player that answers in a hint's time,
``lookahead``, while the default player (whose figures the surveys publish) stays
``keeper``; the hint never reads the stock's order."""

from __future__ import annotations

import random
from dataclasses import replace

from squares.ai import hint, hint_player, player_names
from squares.games.union_square import UnionSquareState
from tests.ai.test_union_square_players import positions_along


def late_decision() -> list[UnionSquareState]:
    """Keeper's game on deal 437 up to its move 113, where keeper deals over the 5♣ in the
    waste and lookahead's trial games put it on an empty pile (deal 437 is one of the few
    keeper loses)."""
    return positions_along(437, 113)


def test_a_hint_is_lookaheads_move_where_keeper_would_deal_over_the_waste() -> None:
    assert hint_player("union-square") == "lookahead"
    assert player_names("union-square")[0] == "keeper"
    states = late_decision()
    given = hint("union-square", states)
    assert given == hint("union-square", states, "lookahead")
    assert hint("union-square", states, "keeper").move == "s"  # keeper deals
    assert given.move.startswith("w-t")  # the waste's card onto a pile instead
    assert given.words.startswith("Move the 5♣ from the waste to an empty pile")


def test_a_hint_is_the_same_whatever_the_order_of_the_stock() -> None:
    states = late_decision()
    stock = list(states[-1].stock)
    random.Random(1).shuffle(stock)
    reshuffled = [*states[:-1], replace(states[-1], stock=tuple(stock))]
    assert reshuffled[-1].stock != states[-1].stock
    assert hint("union-square", reshuffled) == hint("union-square", states)
