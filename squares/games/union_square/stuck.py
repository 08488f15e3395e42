"""Union Square's exact "over, not won" test, for a position whose stock is empty.

``is_stuck`` says whether no sequence of waste and tableau moves can bring any card to a
foundation. It decides this exactly, in time roughly linear in the waste, from facts
about the piles rather than from a blind search. Throughout, *M* is the multiset of
cards in the tableau; it only grows (every waste card that leaves goes to the tableau,
and the first foundation move ends the question). Piles are same-suit runs of
consecutive ranks, and a run stands for the interval of ranks it holds.

1. Tableau moves are reversible: a card put back where it came from is always accepted
   (an empty pile takes anything, a one-card pile is one rank away, a longer pile keeps
   its direction). Only waste moves are one-way, so the search walks down the waste,
   level by level, never back up.
2. Which slot holds a run is irrelevant: no rule names a slot. A suit's piles are kept
   as a sorted tuple of runs (a *layout*).
3. With one empty pile, every layout of *M* that leaves a pile empty can reach every
   other. With it, any run can be reversed (poured card by card into the empty pile,
   which leaves another empty pile), two runs that meet end to end (3-5 and 6-8) can
   be merged, and two crossing runs (3-7 and 5-9) can be made nested (3-9 and 5-7),
   using the empty pile as a buffer. Merges lower the number of piles and exchanges
   raise the sum of squared lengths, so this ends, and with at most two copies of a
   card only one family is left: the *layers*, the maximal intervals where a suit has
   at least one card, then at least two. So all such layouts reach the layers, laid
   bottom low, and, moves being reversible, one another. Call this state FLEX.
4. In FLEX a foundation move is reachable exactly when a wanted card is in *M*: the
   cards above it can be poured onto the empty pile. The layers use the fewest piles
   *R(M)*; the next waste card keeps FLEX whenever *R* stays below the number of
   piles, as it either extends a layer or takes the spare pile. When *R* reaches the
   number of piles, every pile is full and stays full until a pile is emptied.
5. While every pile is full (RIGID), moves only put a card on a pile of its own suit,
   so the suits are independent: the reachable positions are a product of per-suit
   sets of layouts, kept per suit, never multiplied out. A move that would empty a
   pile leads back to FLEX. Each rigid branch is followed alongside FLEX rather than
   assumed to be dominated by it.

>>> from squares.cards import SUITS, Card, Suit
>>> clubs = ((Card(1, Suit.CLUBS), Card(2, Suit.CLUBS), Card(3, Suit.CLUBS), Card(4, Suit.CLUBS)),
...          (), (), ())  # the clubs' foundation wants the 5
>>> run = (Card(5, Suit.CLUBS), Card(6, Suit.CLUBS), Card(7, Suit.CLUBS))
>>> is_stuck((), (run,) + ((),) * 15, clubs)  # pour the 7 and 6 onto an empty pile
False
>>> full = tuple((Card(rank, suit),) for rank in (6, 8, 10, 12) for suit in SUITS)
>>> is_stuck((Card(5, Suit.CLUBS), Card(2, Suit.HEARTS)), full, clubs)  # 2H has nowhere to go
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache

from squares.cards import SUITS, Card, Suit
from squares.games.union_square.piles import Pile, foundation_for, foundation_wants, pile_accepts

Layout = tuple[Pile, ...]  # one suit's non-empty piles, sorted
Branch = tuple[frozenset[Layout], ...]  # per suit in SUITS order: every layout it may be in

_CACHE = 4096


def is_stuck(
    waste: tuple[Card, ...],
    tableau: tuple[tuple[Card, ...], ...],
    foundations: tuple[tuple[Card, ...], ...],
) -> bool:
    """Whether no sequence of legal moves can put another card on a foundation.

    The stock must be empty. ``waste`` and each pile list cards bottom to top; each
    tableau pile must be a same-suit run (as the rules keep it), with at most two
    copies of any card in the whole position. The game has 16 piles; any number works.
    """
    tops = [waste[-1]] if waste else []
    tops += [pile[-1] for pile in tableau if pile]
    if any(foundation_for(foundations, card) is not None for card in tops):
        return False
    wanted = foundation_wants(foundations)
    if wanted.isdisjoint(waste) and not any(wanted.intersection(pile) for pile in tableau):
        return True
    return not _reachable(waste, tableau, wanted)


def _reachable(waste: tuple[Card, ...], tableau: tuple[Pile, ...], wanted: frozenset[Card]) -> bool:
    """Walk down the waste, keeping FLEX (a flag) and the RIGID branches at each level."""
    slots = len(tableau)
    counts = Counter(card for pile in tableau for card in pile)
    needed = _piles_needed(counts)
    flex = not all(tableau)
    rigid: set[Branch] = set()
    if not flex:
        first = []
        for suit in SUITS:
            start = _sort(pile for pile in tableau if pile[0].suit == suit)
            layouts, empties = _settle(frozenset({start}))
            flex |= empties
            first.append(layouts)
        rigid.add(tuple(first))
    level = len(waste)
    while flex or rigid:
        if level and waste[level - 1] in wanted:
            return True
        if flex and any(counts[card] for card in wanted):
            return True
        if any(_shows(b[SUITS.index(card.suit)], card) for b in rigid for card in wanted):
            return True
        if not level:
            return False
        level -= 1
        card = waste[level]
        index = SUITS.index(card.suit)
        needed += _extra_pile(counts, card)
        next_flex, next_rigid = False, set()
        if flex:
            if needed < slots:
                next_flex = True
            else:  # every pile now full: 3 and 4 say exactly which layouts can arise
                next_rigid.add(_from_flex(counts, card))
        for branch in rigid:
            layouts, empties = _settle(_place(branch[index], card, spare=False))
            next_flex |= empties
            if layouts:
                next_rigid.add((*branch[:index], layouts, *branch[index + 1 :]))
        counts[card] += 1
        flex, rigid = next_flex, next_rigid
    return False


def _from_flex(counts: Counter[Card], card: Card) -> Branch:
    """The rigid branch entered from FLEX when ``card`` fills the last spare pile.

    Just before, the layouts with a spare pile are all reachable (3), so every other
    suit may be in any layout with its fewest piles. ``card``'s suit had one pile to
    spare: it may be in any layout reachable within that budget, and ``card`` goes on a
    pile that takes it or, if the budget allows, on its own.
    """
    branch = []
    for suit in SUITS:
        layers = _layers(counts, suit)
        if suit == card.suit:
            budget = len(layers) + 1
            placed = _place(_rearrangements(layers, budget), card, spare=True, budget=budget)
            branch.append(_settle(placed)[0])
        else:
            branch.append(_fewest_piles(layers))
    return tuple(branch)


def _piles_needed(counts: Counter[Card]) -> int:
    """R(M): how many runs the tableau's cards need at least (the size of the layers).

    A run starts at each rank where a suit's count rises, once per step of the rise.
    """
    total = 0
    for suit in SUITS:
        below = 0
        for rank in range(1, 14):
            here = counts[Card(rank, suit)]
            total += max(0, here - below)
            below = here
    return total


def _extra_pile(counts: Counter[Card], card: Card) -> int:
    """How R(M) changes when ``card`` joins: +1, 0 or -1 (it may join two runs into one)."""
    rank, suit = card
    here = counts[card]
    below = counts[Card(rank - 1, suit)] if rank > 1 else 0
    above = counts[Card(rank + 1, suit)] if rank < 13 else 0
    return (here >= below) - (above > here)


def _layers(counts: Counter[Card], suit: Suit) -> Layout:
    """The suit's cards as layers: maximal runs of ranks held at least once, twice..."""
    held = [0] + [counts[Card(rank, suit)] for rank in range(1, 14)] + [0]
    runs = []
    for layer in range(1, max(held) + 1):
        start = 0
        for rank in range(1, 14):
            if held[rank] >= layer > held[rank - 1]:
                start = rank
            if held[rank] >= layer > held[rank + 1]:
                runs.append(tuple(Card(r, suit) for r in range(start, rank + 1)))
    return _sort(runs)


def _sort(piles: Iterable[Pile]) -> Layout:
    return tuple(sorted(piles))


def _moves(layout: Layout, budget: int) -> Iterator[Layout]:
    """Layouts one tableau move away, using at most ``budget`` piles."""
    for i, pile in enumerate(layout):
        card, left = pile[-1], pile[:-1]
        rest = layout[:i] + layout[i + 1 :]
        kept = (left,) if left else ()
        if left and len(layout) < budget:
            yield _sort((*rest, left, (card,)))
        for j, other in enumerate(rest):
            if pile_accepts(other, card):
                yield _sort((*rest[:j], *rest[j + 1 :], *kept, (*other, card)))


@lru_cache(maxsize=_CACHE)
def _rearrangements(start: Layout, budget: int) -> frozenset[Layout]:
    """Every layout reachable from ``start`` by tableau moves within ``budget`` piles."""
    seen = {start}
    todo = [start]
    while todo:
        for layout in _moves(todo.pop(), budget):
            if layout not in seen:
                seen.add(layout)
                todo.append(layout)
    return frozenset(seen)


@lru_cache(maxsize=_CACHE)
def _fewest_piles(layers: Layout) -> frozenset[Layout]:
    """Every layout of the layers' cards with as few piles (3: one spare reaches all)."""
    reachable = _rearrangements(layers, len(layers) + 1)
    return frozenset(layout for layout in reachable if len(layout) == len(layers))


@lru_cache(maxsize=_CACHE)
def _settle(layouts: frozenset[Layout]) -> tuple[frozenset[Layout], bool]:
    """Close a suit's layouts under moves that keep every pile (the RIGID closure).

    Also says whether some move would empty a pile, which is a way back to FLEX.
    """
    seen = set(layouts)
    todo = list(layouts)
    empties = False
    while todo:
        layout = todo.pop()
        for moved in _moves(layout, len(layout)):
            if len(moved) < len(layout):
                empties = True
            elif moved not in seen:
                seen.add(moved)
                todo.append(moved)
    return frozenset(seen), empties


def _place(
    layouts: Iterable[Layout], card: Card, *, spare: bool, budget: int = 0
) -> frozenset[Layout]:
    """Layouts after ``card`` goes on a pile that takes it (or alone, if ``spare`` allows)."""
    out = set()
    for layout in layouts:
        for j, pile in enumerate(layout):
            if pile_accepts(pile, card):
                out.add(_sort((*layout[:j], *layout[j + 1 :], (*pile, card))))
        if spare and len(layout) < budget:
            out.add(_sort((*layout, (card,))))
    return frozenset(out)


@lru_cache(maxsize=_CACHE)
def _shows(layouts: frozenset[Layout], card: Card) -> bool:
    return any(pile[-1] == card for layout in layouts for pile in layout)


__all__ = ["is_stuck"]
