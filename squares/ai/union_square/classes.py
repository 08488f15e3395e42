"""The search over classes of positions, and the moves that matter in any position.

A position with a free pile stands for every layout of its tableau cards (``layers``), and
one with every pile taken for every layout its suits reach without freeing a pile
(``rigid``); ``rigid_moves`` gives the moves out of a class with every pile taken (those
of a class with a free pile are found compiled, ``class_moves``), and ``tidy`` turns a
position into its class's representative (``realization`` turns a line over classes into
real moves). ``settle`` plays the safe foundation moves (proof in ``solver``), and
``ordered_moves`` gives the moves of an exact position worth searching.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random
from typing import NamedTuple

from squares.ai.union_square.fast import Position, accepts, wanted
from squares.ai.union_square.layers import (
    has_free_pile,
    representative,
    suit_layout,
)
from squares.ai.union_square.rigid import classify, suit_key, variants
from squares.ai.union_square.rigid import fills as rigid_fills
from squares.games.union_square import DEAL, Move
from squares.games.union_square.moves import FOUNDATION, WASTE


def settle(position: Position) -> tuple[tuple[Move, ...], Position]:
    """Play every safe foundation move (second half of a suit), until none is left."""
    moves: list[Move] = []
    while True:
        safe = _second_half_wanted(position.home)
        if not safe:  # most positions: no suit in its second half
            return tuple(moves), position
        for source, card in tops(position):
            if card in safe:
                move = Move(source, FOUNDATION)
                moves.append(move)
                position = position.play(move)
                break
        else:
            return tuple(moves), position


def _second_half_wanted(home: tuple[int, ...]) -> tuple[int, ...]:
    """The cards wanted by the foundations in their second half (King down to Ace)."""
    if max(home) < 13:
        return ()
    return tuple(wanted(home, suit) for suit in range(4) if 13 <= home[suit] < 26)


def tops(position: Position) -> Iterator[tuple[int, int]]:
    """The waste's top card, then each pile's: (where it is, the card)."""
    if position.waste:
        yield WASTE, position.waste[-1]
    for index, pile in enumerate(position.tableau):
        if pile:
            yield index, pile[-1]


def ordered_moves(position: Position) -> list[Move]:
    """Moves worth searching, most promising first, no-ops left out.

    Home, then waste onto a pile, then pile onto pile (emptying ones first), then deal,
    then the waste to an empty pile, then a pile's top to an empty pile.
    """
    takers: dict[int, list[int]] = {}
    empty = -1
    for index, pile in enumerate(position.tableau):
        if pile:
            for card in accepts(pile):
                takers.setdefault(card, []).append(index)
        elif empty < 0:
            empty = index
    home: list[Move] = []
    builds: list[Move] = []
    shifts: list[Move] = []
    late: list[Move] = []
    for source, card in tops(position):
        if wanted(position.home, card // 13) == card:
            home.append(Move(source, FOUNDATION))
        for target in takers.get(card, ()):
            if target == source:
                continue
            if source == WASTE or len(position.tableau[source]) == 1:
                builds.append(Move(source, target))
            else:
                shifts.append(Move(source, target))
        if empty >= 0 and (source == WASTE or len(position.tableau[source]) > 1):
            late.append(Move(source, empty))
    if position.stock:
        home += builds + shifts + [DEAL] + late
    else:
        home += builds + shifts + late
    return home


# -- the search over classes -------------------------------------------------------------


class Norm(NamedTuple):
    """Rearrange the tableau into this layout (its class has a free pile, so it can)."""

    tableau: tuple[bytes, ...]


class Place(NamedTuple):
    """Put the waste's top card on the tableau, keeping a pile free."""


Item = Move | Norm | Place
Edge = tuple[tuple[Item, ...], Position]


def tidy(position: Position) -> tuple[list[Item], Position]:
    """Safe foundation moves, then the representative of the position's class."""
    items: list[Item] = []
    while True:
        moves, position = settle(position)
        items += moves
        if not has_free_pile(position):
            opens, tableau = classify(position)
            if sorted(tableau) != sorted(position.tableau):
                items.append(Norm(tableau))
                position = position._replace(tableau=tableau)
            if opens:
                continue
            safe = _safe_home(position)
            if not safe:
                return items, position
            items += safe
            position = _play_all(position, safe)
            continue
        rep = representative(position)
        if sorted(rep.tableau) == sorted(position.tableau):
            return items, position
        items.append(Norm(rep.tableau))
        position = rep


def _safe_home(position: Position) -> list[Item]:
    """A second-half card its foundation takes, on top in some layout of a full tableau."""
    for suit in range(4):
        card = wanted(position.home, suit)
        if position.home[suit] < 13 or card < 0:
            continue
        for tableau in variants(position, suit):
            for index, pile in enumerate(tableau):
                if pile and pile[-1] == card:
                    return [Norm(tableau), Move(index, FOUNDATION)]
    return []


def rigid_moves(position: Position) -> Iterator[tuple[list[Item], Position]]:
    """Moves out of a position with every pile taken, where it stands for its class, the
    most promising first: home a wanted card or place the waste's, from any layout of the
    class (one move for each class that can follow), or deal. (A class with a free pile
    has its edges found compiled: ``class_moves``.)"""
    if position.waste and wanted(position.home, position.waste[-1] // 13) == position.waste[-1]:
        move = Move(WASTE, FOUNDATION)
        yield [move], position.play(move)
    for suit in range(4):
        yield from _class_moves(position, suit, wanted(position.home, suit), FOUNDATION)
    if position.waste:
        card = position.waste[-1]
        yield from _class_moves(position, card // 13, card, WASTE)
    if position.stock:
        yield [DEAL], position.play(DEAL)


def _class_moves(
    position: Position, suit: int, card: int, kind: int
) -> Iterator[tuple[list[Item], Position]]:
    """``card`` home from a pile's top (``kind`` FOUNDATION) or from the waste onto a pile
    that takes it (``kind`` WASTE), in each layout of ``suit``'s class, once per outcome."""
    if card < 0:
        return
    outcomes: set[tuple[bytes, ...] | None] = set()
    for tableau in variants(position, suit):
        for index, pile in enumerate(tableau):
            if kind == FOUNDATION:
                if pile[-1] != card:
                    continue
                move = Move(index, FOUNDATION)
            elif pile[0] // 13 == suit and card in accepts(pile):
                move = Move(WASTE, index)
            else:
                continue
            child = position._replace(tableau=tableau).play(move)
            key = suit_key(suit_layout(child, suit)) if all(child.tableau) else None
            if key in outcomes:
                continue
            outcomes.add(key)
            items: list[Item] = [move] if tableau == position.tableau else [Norm(tableau), move]
            yield items, child


def fill_moves(position: Position, rng: Random | None) -> Iterator[tuple[list[Item], Position]]:
    """The waste's card takes the last free pile: every layout it may leave behind."""
    soon = {card: i for i, card in reversed(list(enumerate(position.stock)))}
    for layout, target in rigid_fills(position, soon, rng):
        move = Move(WASTE, target)
        yield [Norm(layout), move], position._replace(tableau=layout).play(move)


def _play_all(position: Position, items: Sequence[Item]) -> Position:
    for item in items:
        if isinstance(item, Move):
            position = position.play(item)
    return position
