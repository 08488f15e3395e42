"""Tableau layouts with a free pile, as one class (see ``squares.games.union_square.stuck``).

With at least one empty pile, every layout of the same multiset *M* of tableau cards can
reach every other (tableau moves are reversible, and a free pile lets runs be reversed,
merged and nested). So such a position is determined, up to moves that cost nothing, by
*M*: its representative lays *M* out as *layers* (per suit, the maximal runs of ranks it
holds at least once, then at least twice), each pile going up, in sorted slots.

This module gives the representative, ``needed`` (the fewest piles *M* can use), and
``realize``: the tableau moves that take one layout of a suit to another, found by a
breadth-first search over that suit's layouts (suits never share a pile).

>>> layers(bytes([4, 5, 5, 6, 9]))
[b'\\x04\\x05\\x06', b'\\x05', b'\\t']
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import NamedTuple

import numpy
from numpy.typing import NDArray

from squares.ai.union_square import paths
from squares.ai.union_square.fast import Position, accepts, pile_takes
from squares.ai.union_square.layers import runs
from squares.games.union_square.moves import WASTE, Move

Layout = tuple[bytes, ...]  # one suit's piles, sorted
Step = tuple[bytes | None, bytes | None]  # (source pile or None for the waste, target pile)


def counts_of(cards: bytes) -> list[int]:
    held = [0] * 52
    for card in cards:
        held[card] += 1
    return held


def needed(held: list[int]) -> int:
    """The fewest piles that hold these cards: a run starts wherever a count rises."""
    total = 0
    for suit in range(0, 52, 13):
        below = 0
        for card in range(suit, suit + 13):
            here = held[card]
            if here > below:
                total += here - below
            below = here
    return total


def layers(cards: bytes) -> list[bytes]:
    """The layers of these cards, each an ascending run, in sorted order."""
    return list(_layers(bytes(sorted(cards))))


@lru_cache(maxsize=1 << 14)
def _layers(cards: bytes) -> tuple[bytes, ...]:
    """``layers`` of sorted cards: the same tableau's cards recur all through a search.
    Found compiled (``squares.ai.union_square.layers.runs``)."""
    found = runs(numpy.frombuffer(cards, dtype=numpy.uint8))
    return tuple([_CARD_INTS[start : start + length] for start, length in found.tolist()])


_CARD_INTS = bytes(range(52))


def tableau_cards(position: Position) -> bytes:
    return b"".join(position.tableau)


def representative(position: Position, cards: bytes | None = None) -> Position:
    """The class's representative: the layers of the tableau's cards, then empty piles."""
    runs = layers(tableau_cards(position) if cards is None else cards)
    tableau = tuple(runs) + (b"",) * (len(position.tableau) - len(runs))
    return Position(position.stock, position.waste, tableau, position.home)


def has_free_pile(position: Position) -> bool:
    return not all(position.tableau)


# -- realizing a change of layout as moves ------------------------------------------------


def _suit_moves(layout: Layout, budget: int, card: int | None) -> list[tuple[Step, Layout, bool]]:
    """Layouts one move away within ``budget`` piles; ``card`` waits on the waste if given."""
    out: list[tuple[Step, Layout, bool]] = []
    sources: list[tuple[bytes | None, int]] = [(pile, pile[-1]) for pile in sorted(set(layout))]
    if card is not None:
        sources.append((None, card))
    for source, moving in sources:
        rest = list(layout)
        if source is not None:
            rest.remove(source)
            left = source[:-1]
            if left:
                rest.append(left)
        for target in sorted(set(rest)):
            if pile_takes(target, moving):
                others = list(rest)
                others.remove(target)
                out.append(
                    (
                        (source, target),
                        tuple(sorted((*others, target + bytes((moving,))))),
                        source is None,
                    )
                )
        if len(rest) < budget and (source is None or len(source) > 1):
            out.append(((source, None), tuple(sorted((*rest, bytes((moving,))))), source is None))
    return out


def suit_path(start: Layout, budget: int, goal: Goal, card: int | None = None) -> list[Step] | None:
    """Shortest steps from ``start`` to a layout meeting ``goal(layout, card_placed)``.

    Runs compiled (``paths.search``) whenever the layout fits its rows, else as Python
    (``suit_path_python``); both give the same steps.
    """
    suit = start[0][0] // 13 if start else card // 13 if card is not None else -1
    fits = max(len(start), budget) <= paths.WIDTH - 2 and suit >= 0
    if not fits or (card is not None and card // 13 != suit):
        return suit_path_python(start, budget, goal, card)
    row, want = _row(start, suit), _row(goal.want, suit)
    arg = goal.arg
    if goal.kind == paths.SHOWS:
        arg = arg - 13 * suit if arg // 13 == suit else -100
    rank = -1 if card is None else card - 13 * suit
    for capacity in _CAPACITIES:
        status, sources, targets = paths.search(row, budget, rank, goal.kind, arg, want, capacity)
        if status == paths.FOUND:
            return [
                (
                    None if source < 0 else paths.pile_of(int(source), suit),
                    None if target < 0 else paths.pile_of(int(target), suit),
                )
                for source, target in zip(sources, targets, strict=True)
            ]
        if status == paths.NOT_FOUND:
            return None
    return suit_path_python(start, budget, goal, card)


_CAPACITIES = (1 << 12, 1 << 15, 1 << 18)  # layouts a compiled search may meet, in turn
_PADDING = (0,) * paths.WIDTH


def _row(layout: Layout, suit: int) -> NDArray[numpy.int16]:
    """A layout as the compiled search's row: its number of piles, then their codes."""
    codes = sorted([paths.pile_code(pile, suit) for pile in layout])
    return numpy.array((len(codes), *codes, *_PADDING[len(codes) + 1 :]), dtype=numpy.int16)


def suit_path_python(
    start: Layout, budget: int, goal: Goal, card: int | None = None
) -> list[Step] | None:
    """``suit_path`` as plain Python: the readable search the compiled one must equal."""
    first = (start, card is None)
    parents: dict[tuple[Layout, bool], tuple[tuple[Layout, bool], Step] | None] = {first: None}
    todo = deque([first])
    while todo:
        node = todo.popleft()
        layout, placed = node
        if goal(layout, placed):
            steps: list[Step] = []
            link = parents[node]
            while link is not None:
                node, step = link
                steps.append(step)
                link = parents[node]
            return steps[::-1]
        for step, after, uses_card in _suit_moves(layout, budget, None if placed else card):
            nxt = (after, placed or uses_card)
            if nxt not in parents:
                parents[nxt] = (node, step)
                todo.append(nxt)
    return None


def play_steps(position: Position, steps: list[Step]) -> tuple[list[Move], Position]:
    """Carry out steps named by pile contents on a real position (any slot with that content)."""
    moves: list[Move] = []
    for source, target in steps:
        tableau = position.tableau
        src = WASTE if source is None else tableau.index(source)
        if target is None:
            dst = next(i for i, pile in enumerate(tableau) if not pile)
        else:
            dst = next(i for i, pile in enumerate(tableau) if pile == target and i != src)
        move = Move(src, dst)
        moves.append(move)
        position = position.play(move)
    return moves, position


def suit_layout(position: Position, suit: int) -> Layout:
    return tuple(sorted(p for p in position.tableau if p and p[0] // 13 == suit))


def suit_layouts(tableau: tuple[bytes, ...]) -> list[Layout]:
    """Every suit's layout (``suit_layout`` of each suit), in one pass over the piles."""
    piles: list[list[bytes]] = [[], [], [], []]
    for pile in tableau:
        if pile:
            piles[pile[0] // 13].append(pile)
    return [tuple(sorted(mine)) for mine in piles]


def rearrange(position: Position, target: tuple[bytes, ...]) -> tuple[list[Move], Position]:
    """Moves that turn a layout into ``target``, the same cards: one in reach of it with a
    free pile, or, with none free, one of its class (``rigid.suit_class``)."""
    moves: list[Move] = []
    wants = suit_layouts(target)
    haves = suit_layouts(position.tableau)  # a suit's steps move none of another suit's cards
    # Suits that give up piles go first, so that a pile stays free for the others.
    order = sorted(range(4), key=lambda suit: len(wants[suit]) - len(haves[suit]))
    for suit in order:
        want, have = wants[suit], haves[suit]
        if have == want:
            continue
        spare = min(1, sum(1 for p in position.tableau if not p))  # one is enough
        steps = suit_path(have, len(have) + spare, equal_to(want))
        if steps is None:
            raise ValueError("no rearrangement found: the layouts are not in one class")
        more, position = play_steps(position, steps)
        moves += more
    return moves, position


def place_waste(position: Position) -> tuple[list[Move], Position]:
    """Moves that put the waste's top card on the tableau and leave a pile free."""
    card = position.waste[-1]
    suit = card // 13
    empties = [i for i, p in enumerate(position.tableau) if not p]
    taker = next((i for i, p in enumerate(position.tableau) if p and card in accepts(p)), -1)
    if taker >= 0 or len(empties) > 1:
        move = Move(WASTE, taker if taker >= 0 else empties[0])
        return [move], position.play(move)
    have = suit_layout(position, suit)
    most = len(have) + len(empties) - 1
    steps = suit_path(have, most + 1, placed_within(most), card)
    if steps is None:
        # The suit cannot take the card within its piles: another suit gives up a pile.
        for other in range(4):
            if other == suit:
                continue
            mine = suit_layout(position, other)
            fewer = suit_path(mine, len(mine) + 1, fewer_than(len(mine)))
            if fewer is not None:
                moves, position = play_steps(position, fewer)
                more, position = place_waste(position)
                return moves + more, position
        raise ValueError("the waste's top card does not fit while keeping a pile free")
    return play_steps(position, steps)


class Goal(NamedTuple):
    """What a ``suit_path`` search looks for (``kind`` one of ``paths``' goal kinds)."""

    kind: int
    arg: int = 0
    want: Layout = ()

    def __call__(self, layout: Layout, placed: bool) -> bool:
        if self.kind == paths.EQUAL:
            return layout == self.want
        if self.kind == paths.PLACED_WITHIN:
            return placed and len(layout) <= self.arg
        if self.kind == paths.FEWER_THAN:
            return len(layout) < self.arg
        if self.kind == paths.SHOWS:
            return any(pile[-1] == self.arg for pile in layout)
        return placed


def equal_to(want: Layout) -> Goal:
    return Goal(paths.EQUAL, want=want)


def placed_within(most: int) -> Goal:
    return Goal(paths.PLACED_WITHIN, most)


def fewer_than(piles: int) -> Goal:
    return Goal(paths.FEWER_THAN, piles)


def shows(card: int) -> Goal:
    return Goal(paths.SHOWS, card)


def placed() -> Goal:
    return Goal(paths.PLACED)
