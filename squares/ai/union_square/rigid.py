"""Tableaux with every pile taken, as classes, and every way to take the last free pile.

With no pile free, a move between piles puts a card on a pile of its own suit, so each
suit's layout moves on its own. Tableau moves are reversible, so the layouts one suit
reaches by moves that empty no pile form a *class* (``suit_class``); a tableau stands
for the product of its suits' classes, searched once, and every waste card placed or
card sent home from any layout of the class is a move out of it. A suit whose class
holds a move that empties a pile makes the whole position one with a free pile.

When the waste's card takes the last free pile, the layout left behind matters: every
layout of the tableau's cards in the fewest piles, in both directions of every run, may
follow. ``fills`` gives one layout per distinct outcome (a product, suit by suit, of
the classes the cards can end in), so that nothing is left out where the last pile fills.

>>> suit_class((bytes([5, 4]), bytes([6, 7])))  # 5♣ 4♣ down, 6♣ 7♣ up: nothing moves
(False, ((b'\\x05\\x04', b'\\x06\\x07'),))
>>> suit_class((bytes([4, 5]), bytes([6])))[0]  # the 6♣ goes onto the 5♣: a pile is freed
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from random import Random

from squares.ai.union_square.fast import Position, pile_takes
from squares.ai.union_square.layers import Layout, layers, suit_layout

_CACHE = 1 << 16  # layouts recur all through a search; bounded memory


@lru_cache(maxsize=_CACHE)
def suit_class(layout: Layout) -> tuple[bool, tuple[Layout, ...]]:
    """One suit's class: ``(True, (freed,))`` when a move empties a pile (``freed`` is the
    layout it leaves, one pile fewer), else ``(False, layouts)``, sorted, every layout
    reachable by moves that empty no pile (the first is the class's representative)."""
    seen = {layout}
    todo = [layout]
    while todo:
        here = todo.pop()
        for index, pile in enumerate(here):
            card = pile[-1]
            for other, target in enumerate(here):
                if other == index or not pile_takes(target, card):
                    continue
                rest = list(here)
                rest[other] = target + bytes((card,))
                if len(pile) == 1:
                    del rest[index]
                    return True, (tuple(sorted(rest)),)
                rest[index] = pile[:-1]
                after = tuple(sorted(rest))
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
    return False, tuple(sorted(seen))


def _tableau(layouts: list[Layout], size: int) -> tuple[bytes, ...]:
    piles = [pile for layout in layouts for pile in layout]
    return (*piles, *(b"",) * (size - len(piles)))


def classify(position: Position) -> tuple[bool, tuple[bytes, ...]]:
    """For a tableau with every pile taken: ``(True, tableau)`` with a pile freed when a
    move in reach frees one, else ``(False, tableau)``, the class's representative."""
    layouts = [suit_layout(position, suit) for suit in range(4)]
    size = len(position.tableau)
    for suit, layout in enumerate(layouts):
        opens, found = suit_class(layout)
        if opens:
            layouts[suit] = found[0]
            return True, _tableau(layouts, size)
    return False, _tableau([suit_class(layout)[1][0] for layout in layouts], size)


def variants(position: Position, suit: int) -> Iterator[tuple[bytes, ...]]:
    """Every tableau of the class that differs only in ``suit``'s layout (no pile free)."""
    layouts = [suit_layout(position, suit) for suit in range(4)]
    for layout in suit_class(layouts[suit])[1]:
        layouts[suit] = layout
        yield _tableau(layouts, len(position.tableau))


def suit_key(layout: Layout) -> Layout | None:
    """The class of one suit's layout with every pile taken, ``None`` for one that frees a
    pile (all of those are the same position up to free moves)."""
    opens, found = suit_class(layout)
    return None if opens else found[0]


@lru_cache(maxsize=_CACHE)
def fewest(cards: bytes) -> tuple[Layout, ...]:
    """Every layout of one suit's cards (sorted) in the fewest piles, runs either way up."""
    target = len(layers(cards))
    found: set[Layout] = set()

    def split(rest: bytes, runs: tuple[bytes, ...]) -> None:
        if not rest:
            found.update(_turned(runs))
            return
        if len(runs) + len(layers(rest)) > target:
            return
        start = rest[0]
        run = b""
        left = rest
        card = start
        while card in left and (card == start or card % 13 != 0):
            run += bytes((card,))
            left = left.replace(bytes((card,)), b"", 1)
            split(left, (*runs, run))
            card += 1

    split(cards, ())
    return tuple(sorted(found))


def _turned(runs: tuple[bytes, ...]) -> Iterator[Layout]:
    choices = [(run,) if len(run) == 1 else (run, run[::-1]) for run in runs]
    for turned in product(*choices):
        yield tuple(sorted(turned))


def fills(
    position: Position, soon: dict[int, int], rng: Random | None = None
) -> Iterator[tuple[tuple[bytes, ...], int]]:
    """Every way the waste's top card can take the last free pile (the tableau's cards and
    the card need every pile): a layout to put the tableau in, and the pile (an index of
    it) the card goes to, one for each distinct class that can follow. ``soon`` ranks a
    card by how soon it is dealt; layouts whose tops take the cards that come first are
    given first, or with ``rng``, in an order drawn from it."""
    card = position.waste[-1]
    mine = card // 13
    size = len(position.tableau)
    options: list[list[tuple[Layout, int | None]]] = []
    for suit in range(4):
        cards = bytes(sorted(b"".join(suit_layout(position, suit))))
        if suit != mine:
            classes = {key for key in map(suit_key, fewest(cards)) if key is not None}
            options.append([(layout, None) for layout in sorted(classes)])
            continue
        outcomes: dict[Layout | None, tuple[Layout, int | None]] = {}
        for layout in fewest(bytes(sorted(cards + bytes((card,))))):
            for index, pile in enumerate(layout):
                if pile[-1] != card:
                    continue
                before = list(layout)
                chosen: tuple[Layout, int | None]
                if len(pile) == 1:
                    del before[index]
                    chosen = (tuple(sorted(before)), None)
                else:
                    before[index] = pile[:-1]
                    rest = tuple(sorted(before))
                    if not suit_class(rest)[0]:
                        continue  # that layout is never reached with a pile free
                    chosen = (rest, rest.index(pile[:-1]))
                outcomes.setdefault(suit_key(layout), chosen)
        options.append(list(outcomes.values()))
    for choices in options:
        if rng is None:
            choices.sort(key=lambda option: _promise(option[0], soon))
        else:
            rng.shuffle(choices)
    for combo in product(*options):
        layouts = [layout for layout, _ in combo]
        tableau = _tableau(layouts, size)
        target = combo[mine][1]
        if target is None:
            yield tableau, tableau.index(b"")
        else:
            yield tableau, sum(len(layouts[suit]) for suit in range(mine)) + target


def _promise(layout: Layout, soon: dict[int, int]) -> int:
    """How soon the cards that the layout's tops take are dealt (smaller is sooner)."""
    total = 0
    for pile in layout:
        takes = [c for c in range(pile[-1] - 1, pile[-1] + 2) if c != pile[-1]]
        total += min((soon.get(c, 999) for c in takes if pile_takes(pile, c)), default=999)
    return total
