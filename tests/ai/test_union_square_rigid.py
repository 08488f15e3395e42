"""Full tableaux as classes: each suit's class is closed under the moves that empty no
pile, the fewest-pile layouts are all found (against brute force), and every way of
taking the last free pile is one the rules engine plays."""

from __future__ import annotations

from itertools import pairwise, permutations, product

import pytest

from squares.ai.union_square.classes import Norm
from squares.ai.union_square.fast import Position
from squares.ai.union_square.layers import Layout, has_free_pile, layers, tableau_cards
from squares.ai.union_square.players import Keeper
from squares.ai.union_square.realization import realize
from squares.ai.union_square.rigid import fewest, fills, suit_class
from squares.games.base import Status
from squares.games.union_square import Move, UnionSquare
from squares.games.union_square.moves import WASTE

GAME = UnionSquare()


def is_run(pile: bytes) -> bool:
    steps = {b - a for a, b in pairwise(pile)}
    return len(pile) == 1 or steps in ({1}, {-1})


def brute_layouts(cards: bytes) -> set[Layout]:
    """Every layout of one suit's cards as runs: each order of the cards, cut into piles."""
    found: set[Layout] = set()
    for order in set(permutations(cards)):
        for cuts in product((False, True), repeat=len(order) - 1):
            piles, pile = [], bytes(order[:1])
            for card, cut in zip(order[1:], cuts, strict=True):
                if cut:
                    piles.append(pile)
                    pile = b""
                pile += bytes((card,))
            piles.append(pile)
            if all(map(is_run, piles)):
                found.add(tuple(sorted(piles)))
    return found


@pytest.mark.parametrize(
    "cards", [bytes([3, 4, 4, 5, 5, 6]), bytes([0, 1, 1, 2]), bytes([7, 9, 10, 10, 11]), b"\x05"]
)
def test_the_fewest_pile_layouts_are_every_layout_in_that_many_piles(cards: bytes) -> None:
    least = len(layers(cards))
    assert set(fewest(cards)) == {lay for lay in brute_layouts(cards) if len(lay) == least}


def test_a_suits_class_is_the_same_from_each_of_its_layouts() -> None:
    start = (bytes([3, 4, 5]), bytes([4, 5, 6]))  # the 6♣ can go onto the 5♣, and back
    opens, layouts = suit_class(start)
    assert not opens and start in layouts and len(layouts) > 1
    assert all(suit_class(layout) == (False, layouts) for layout in layouts)


def test_a_class_where_a_move_empties_a_pile_frees_it() -> None:
    assert suit_class((bytes([4, 5]), bytes([6]))) == (True, ((bytes([4, 5, 6]),),))
    assert suit_class((bytes([5, 4]), bytes([6, 7]))) == (False, ((bytes([5, 4]), bytes([6, 7])),))


def test_every_way_to_take_the_last_free_pile_plays_through_the_rules() -> None:
    """Deal 437, as keeper plays it: each time the waste's card would take the last free
    pile, the first layouts offered are realized as moves and replayed."""
    state, player, checked = GAME.new(437), Keeper(), 0
    for _ in range(120):
        position = Position.of(state)
        cards = tableau_cards(position) + position.waste[-1:]
        if position.waste and has_free_pile(position) and len(layers(cards)) >= 16:
            offered = list(fills(position, {}))
            assert len({tuple(sorted(layout)) for layout, _ in offered}) == len(offered)
            for layout, target in offered[:12]:
                after = state
                for move in realize(position, [(Norm(layout), Move(WASTE, target))]):
                    after = GAME.apply(after, move)
                end = Position.of(after)
                assert sorted(end.tableau) == sorted(
                    (*layout[:target], layout[target] + position.waste[-1:], *layout[target + 1 :])
                )
                assert not has_free_pile(end)
                checked += 1
        if GAME.status(state) is not Status.PLAYING:
            break
        state = GAME.apply(state, player.choose(GAME.observe(state)))
    assert checked > 100
