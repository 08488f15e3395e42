"""A line over classes turned into real moves, compiled.

A line the search over classes finds (``classes``, ``class_search``) names layouts, not
slots: ``realize`` plays its items from the root on the kernel's arrays, rearranging the
real tableau into each ``Norm``'s layout suit by suit with the suit search
(``paths.search_in``), putting the waste's card on the tableau for each ``Place`` while a
pile stays free, and translating each move from the layout the search saw to the real
one. The tests replay the moves through the rules engine to the line's score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import copy_run, jit, jit_inner
from squares.ai.union_square import paths
from squares.ai.union_square.class_bridge import MOVE, NORM, PLACE, encode
from squares.ai.union_square.classes import Item
from squares.ai.union_square.fast import Position
from squares.ai.union_square.kernel import (
    DIRECTIONS,
    FROM_WASTE,
    HEIGHTS,
    PILE_SIZE,
    PILES,
    WASTE,
    WASTE_LEN,
    code,
    move_of,
    of_position,
    play,
    takes,
)
from squares.games.union_square.moves import Move

Array = NDArray[numpy.int16]

GIVE_UP = -1  # the line does not realize: its layouts are not reached from the root
NO_ROOM = -2  # more moves than the row for them holds
NOT_FOUND = -3  # no layout in the suit search's reach meets its goal
MISSING = -100  # no slot holds what is looked for
_FIRST_ROOM = 1 << 12  # moves; a longer line is realized again in a longer row


@jit_inner
def _pile_code(position: Array, slot: int, suit: int) -> int:
    """``paths.pile_code`` of a slot's pile, or -1 if it is empty or of another suit."""
    height = int(position[HEIGHTS + slot])
    if height == 0:
        return -1
    base = PILES + PILE_SIZE * slot
    first = int(position[base])
    if first // 13 != suit:
        return -1
    return paths.code_of(first - 13 * suit, height, int(position[base + 1]) - first)


@jit_inner
def _layout(position: Array, slots: int, suit: int, row: Array) -> None:
    """A suit's layout (``layers.suit_layout``) as the suit search's row."""
    row[:] = 0
    for slot in range(slots):
        pile = _pile_code(position, slot, suit)
        if pile >= 0:
            paths.insert(row, pile)


@jit_inner
def _empties(position: Array, slots: int) -> int:
    count = 0
    for slot in range(slots):
        if position[HEIGHTS + slot] == 0:
            count += 1
    return count


@jit_inner
def _slot_of(position: Array, slots: int, suit: int, pile: int, other: int) -> int:
    """The first slot but ``other`` holding the pile coded ``pile`` (-1: an empty one),
    or ``MISSING``."""
    for slot in range(slots):
        if slot == other:
            continue
        if pile < 0:
            if position[HEIGHTS + slot] == 0:
                return slot
        elif _pile_code(position, slot, suit) == pile:
            return slot
    return MISSING


@jit_inner
def _same_pile(real: Array, frame: Array, index: int, slots: int, other: int) -> int:
    """The first slot but ``other`` of ``real`` holding what slot ``index`` of ``frame``
    holds: the real slot of a move the search named by layout, or ``MISSING``."""
    suit = frame[PILES + PILE_SIZE * index] // 13 if frame[HEIGHTS + index] else 0
    return _slot_of(real, slots, suit, _pile_code(frame, index, suit), other)


@jit_inner
def _steps(
    real: Array, slots: int, suit: int, sources: Array, targets: Array, out: Array, count: int
) -> int:
    """The suit search's steps, named by pile codes, played on ``real``."""
    for k in range(len(sources)):
        source = FROM_WASTE
        if sources[k] >= 0:
            source = _slot_of(real, slots, suit, int(sources[k]), -1)
        target = _slot_of(real, slots, suit, int(targets[k]), source)
        if source == MISSING or target == MISSING:
            return GIVE_UP
        if count == len(out):
            return NO_ROOM
        move = code(source, target)
        play(real, move)
        out[count] = move
        count += 1
    return count


@jit_inner
def _suit_moves(
    real: Array,
    slots: int,
    suit: int,
    have: Array,
    budget: int,
    goal: tuple[int, int, int, Array],
    out: Array,
    count: int,
    tables: paths.Work,
) -> int:
    """The suit search from ``have`` (``suit``'s layout in ``real``) within ``budget``
    piles, to ``goal`` (the waiting card's rank or -1, the kind, its argument, the wanted
    layout), its steps played on ``real`` after the first ``count`` moves of ``out``:
    returns their end, ``NOT_FOUND`` when no layout in reach meets the goal, or
    ``GIVE_UP`` or ``NO_ROOM``."""
    rank, kind, arg, want = goal
    status, sources, targets = paths.search_in(have, budget, rank, kind, arg, want, tables)
    if status != paths.FOUND:
        return NOT_FOUND
    return _steps(real, slots, suit, sources, targets, out, count)


@jit_inner
def _rearrange(
    real: Array, slots: int, want: Array, out: Array, count: int, tables: paths.Work
) -> int:
    """``real``'s tableau turned into ``want``'s, the same cards, suit by suit (a suit's
    steps move no other suit's cards): one in reach of it with a free pile, or, with none
    free, one of its class (``rigid.suit_class``)."""
    wants = numpy.zeros((4, paths.WIDTH), dtype=numpy.int16)
    haves = numpy.zeros((4, paths.WIDTH), dtype=numpy.int16)
    order = numpy.zeros(4, dtype=numpy.int64)
    for suit in range(4):
        _layout(want, slots, suit, wants[suit])
        _layout(real, slots, suit, haves[suit])
        order[suit] = suit
    # Suits that give up piles go first (a stable sort, as ``sorted``'s).
    for k in range(1, 4):
        k_suit = order[k]
        gain = wants[k_suit, 0] - haves[k_suit, 0]
        j = k
        while j > 0 and wants[order[j - 1], 0] - haves[order[j - 1], 0] > gain:
            order[j] = order[j - 1]
            j -= 1
        order[j] = k_suit
    for index in range(4):
        suit = int(order[index])
        have = haves[suit]
        same = True
        for k in range(have[0] + 1):
            if have[k] != wants[suit, k]:
                same = False
                break
        if same:
            continue
        budget = int(have[0]) + min(1, _empties(real, slots))
        goal = (-1, paths.EQUAL, 0, wants[suit])
        count = _suit_moves(real, slots, suit, have, budget, goal, out, count, tables)
        if count < 0:
            return GIVE_UP if count == NOT_FOUND else count
    return count


@jit_inner
def _place_waste(real: Array, slots: int, out: Array, count: int, tables: paths.Work) -> int:
    """The waste's top card onto the tableau, a pile left free: onto a pile that takes
    it or one of two free piles, else onto its suit's piles rearranged within them, else
    after another suit gave up a pile."""
    row = numpy.zeros(paths.WIDTH, dtype=numpy.int16)
    for _ in range(2):  # once more after another suit gave up a pile
        card = int(real[WASTE + real[WASTE_LEN] - 1])
        suit = card // 13
        empties = _empties(real, slots)
        target = -1
        for slot in range(slots):
            if real[HEIGHTS + slot] and takes(real, slot, card):
                target = slot
                break
        if target < 0 and empties > 1:
            target = _slot_of(real, slots, suit, -1, -1)
        if target >= 0:  # a pile takes it, or one of two free piles
            if count == len(out):
                return NO_ROOM
            move = code(FROM_WASTE, target)
            play(real, move)
            out[count] = move
            return count + 1
        _layout(real, slots, suit, row)
        most = int(row[0]) + empties - 1
        # (the wanted layout, ``row`` here, is read for EQUAL only)
        goal = (card - 13 * suit, paths.PLACED_WITHIN, most, row)
        placed = _suit_moves(real, slots, suit, row, most + 1, goal, out, count, tables)
        if placed != NOT_FOUND:
            return placed
        freed = False
        for other in range(4):
            if other == suit:
                continue
            _layout(real, slots, other, row)
            if row[0] == 0:  # no piles: none to give up
                continue
            piles = int(row[0])
            goal = (-1, paths.FEWER_THAN, piles, row)
            moved = _suit_moves(real, slots, other, row, piles + 1, goal, out, count, tables)
            if moved != NOT_FOUND:
                if moved < 0:
                    return moved
                count, freed = moved, True
                break
        if not freed:
            return GIVE_UP
    return GIVE_UP


@jit_inner
def _set_piles(frame: Array, row: Array, at: int, slots: int) -> int:
    """Lay ``frame``'s tableau out as a ``NORM`` item's (its heights at ``row[at]``, then
    the piles' cards); returns where the item ends."""
    cards = at + slots
    for slot in range(16):
        height = int(row[at + slot]) if slot < slots else 0
        base = PILES + PILE_SIZE * slot
        for k in range(height):
            frame[base + k] = row[cards + k]
        cards += height
        frame[HEIGHTS + slot] = height
        frame[DIRECTIONS + slot] = 0
        if height >= 2:
            frame[DIRECTIONS + slot] = frame[base + height - 1] - frame[base + height - 2]
    return cards


@jit
def realize_row(root: Array, slots: int, row: Array, out: Array) -> int:
    """The real moves of the items coded in ``row`` (``class_bridge.encode``), played from
    ``root`` (left as it is), into ``out``; returns how many, or ``GIVE_UP``."""
    real = root.copy()
    frame = root.copy()
    tables = paths.work(1 << 12)
    at = 0
    count = 0
    while at < len(row):
        kind = row[at]
        if kind == MOVE:
            source, target = int(row[at + 1]), int(row[at + 2])
            at += 3
            here, there = source, target
            if source >= 0:
                here = _same_pile(real, frame, source, slots, -1)
            if target >= 0:
                there = _same_pile(real, frame, target, slots, here)
            if here == MISSING or there == MISSING:
                return GIVE_UP
            if count == len(out):
                return NO_ROOM
            play(frame, code(source, target))
            move = code(here, there)
            play(real, move)
            out[count] = move
            count += 1
        elif kind == PLACE:
            at += 1
            count = _place_waste(real, slots, out, count, tables)
        elif kind == NORM:
            copy_run(frame, 0, real, 0, len(real))
            at = _set_piles(frame, row, at + 1, slots)
            count = _rearrange(real, slots, frame, out, count, tables)
        else:
            return GIVE_UP
        if count < 0:
            return count
    return count


Line = Sequence[tuple[Item, ...]] | Array
"""A line over classes: its edges' items, or all of them coded in one row (``encode``)."""

_MOVES = [move_of(code) for code in range(20 * 18)]  # the engine's move for each code


def realize(root: Position, line: Line) -> list[Move]:
    """The real moves of a line found over classes, played from ``root``: each ``Norm``'s
    layout reached suit by suit, the waste's card put on the tableau for each ``Place``,
    each move translated from the layout the search saw to the real one.

    Raises ``ValueError`` when the line does not realize from ``root``.
    """
    slots = len(root.tableau)
    if slots > 16:
        raise ValueError(f"a tableau of {slots} piles: the kernel holds at most 16")
    if isinstance(line, numpy.ndarray):
        row = line
    else:
        cells: list[int] = []
        for items in line:
            cells += encode(items, slots)
        row = numpy.array(cells, dtype=numpy.int16)
    moves = _moves(lambda out: realize_row(of_position(root), slots, row, out))
    if moves is None:
        raise ValueError("the line does not realize: no rearrangement reaches its layouts")
    return moves


@jit
def suit_moves_row(
    real: Array,
    want: Array,
    slots: int,
    suit: int,
    budget: int,
    goal: tuple[int, int, int],
    out: Array,
) -> int:
    """``_suit_moves`` from ``suit``'s layout in ``real`` (left as it is), into ``out``, to
    ``goal`` (the waste's card's rank or -1, the kind, its argument), the wanted layout of
    ``paths.EQUAL`` read from ``want``'s piles of ``suit``."""
    have = numpy.zeros(paths.WIDTH, dtype=numpy.int16)
    wanted = numpy.zeros(paths.WIDTH, dtype=numpy.int16)
    _layout(real, slots, suit, have)
    _layout(want, slots, suit, wanted)
    rank, kind, arg = goal
    tables = paths.work(1 << 12)
    goals = (rank, kind, arg, wanted)
    return _suit_moves(real.copy(), slots, suit, have, budget, goals, out, 0, tables)


def suit_moves(
    position: Position, suit: int, budget: int, goal: paths.Goal, card: int | None = None
) -> list[Move] | None:
    """The fewest moves that take ``suit``'s piles to a layout meeting ``goal`` within
    ``budget`` piles, ``card`` (the waste's top card, of the suit) placed on the way if
    given: the suit search's steps (``paths``), played on ``position``. ``None`` when no
    layout in reach meets the goal.
    """
    slots = len(position.tableau)
    if card is not None and card // 13 != suit:
        raise ValueError(f"card {card} waits for a layout of suit {suit}, not its own")
    piles = max(budget, len(goal.want))
    if not piles <= slots <= 16:
        raise ValueError(f"{piles} piles on a tableau of {slots}: at most {slots}, and 16")
    arg = goal.arg
    if goal.kind == paths.SHOWS:
        arg = arg - 13 * suit if arg // 13 == suit else -100
    rank = -1 if card is None else card - 13 * suit
    real = of_position(position)
    want = of_position(position._replace(tableau=goal.want)) if goal.kind == paths.EQUAL else real
    return _moves(
        lambda out: suit_moves_row(real, want, slots, suit, budget, (rank, goal.kind, arg), out)
    )


def _moves(play_into: Callable[[Array], int]) -> list[Move] | None:
    """The moves ``play_into`` writes into a row and counts, in rows of more room until
    they fit (``NO_ROOM``); ``None`` for none (any other status)."""
    room = _FIRST_ROOM
    while True:
        out = numpy.zeros(room, dtype=numpy.int16)
        count = play_into(out)
        if count != NO_ROOM:
            break
        room *= 8
    return None if count < 0 else [_MOVES[move] for move in out[:count].tolist()]
