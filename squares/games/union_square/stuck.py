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
   sets of layouts, kept per suit, never multiplied out. A component (under moves) in
   which some move empties a pile is FLEX's as a whole, by 1 and 3, so RIGID keeps
   only components that never do, and stops exploring the others at once. RIGID
   branches are followed alongside FLEX, not assumed to be dominated by it.

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
from itertools import combinations, product

from squares.cards import SUITS, Card, Suit
from squares.games.union_square.piles import Pile, foundation_for, foundation_wants, pile_accepts

Layout = tuple[Pile, ...]  # one suit's non-empty piles, sorted
Branch = tuple[frozenset[Layout], ...]  # per suit in SUITS order: every layout it may be in
Span = tuple[int, int]  # lowest and highest rank of a run

_CACHE = 4096  # per-suit results recur from move to move of a game; bounded memory


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
    # Only cards already in the waste or the tableau can ever come to the top.
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
        first = [
            _settle(frozenset({_sort(p for p in tableau if p[0].suit == suit)})) for suit in SUITS
        ]
        if any(empties for _, empties in first):
            flex = True  # the position's whole component is FLEX's
        else:
            rigid.add(tuple(layouts for layouts, _ in first))
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
        counts[card] += 1
        next_flex, next_rigid = False, set()
        if flex:
            if needed < slots:
                next_flex = True
            else:
                next_rigid.add(_from_flex(counts, card))
        for branch in rigid:
            layouts, empties = _settle(_place(branch[index], card))
            next_flex |= empties
            if layouts:
                next_rigid.add((*branch[:index], layouts, *branch[index + 1 :]))
        flex, rigid = next_flex, next_rigid
    return False


def _from_flex(counts: Counter[Card], card: Card) -> Branch:
    """The rigid branch entered from FLEX when ``card`` (already in ``counts``) fills the
    last spare pile.

    Every pile is full, so every suit is in a layout with its fewest piles. Just before,
    every layout with a spare pile was reachable (3): the other suits may be in any of
    theirs. ``card``'s suit is in a layout ``card`` was put on top of: ``card`` alone
    (the spare pile), or on a pile of a layout that uses the spare pile and can empty
    one again by moves that keep every pile, the layouts that one spare pile reaches.
    """
    branch = []
    for suit in SUITS:
        fewest = _fewest_piles(suit, tuple(counts[Card(rank, suit)] for rank in range(1, 14)))
        if suit == card.suit:
            fewest = _settle(frozenset(layout for layout in fewest if _put_last(layout, card)))[0]
        branch.append(fewest)
    return tuple(branch)


def _put_last(layout: Layout, card: Card) -> bool:
    """Whether ``layout`` can arise from FLEX by putting ``card`` on top of a pile."""
    for j, pile in enumerate(layout):
        if pile[-1] == card:
            if len(pile) == 1:
                return True
            before = _sort((*layout[:j], pile[:-1], *layout[j + 1 :]))
            if _settle(frozenset({before}))[1]:
                return True
    return False


def _piles_needed(counts: Counter[Card]) -> int:
    """R(M): the fewest piles the tableau's cards fit in, as same-suit runs.

    A run must start at each rank where a suit's count rises, once per step of the rise,
    and going up the ranks the runs can always go on that far (see _fewest_piles).
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


@lru_cache(maxsize=_CACHE)
def _fewest_piles(suit: Suit, held: tuple[int, ...]) -> frozenset[Layout]:
    """Every layout of a suit's cards (``held[r - 1]`` copies of rank r) in R piles.

    Going up the ranks, a layout with R runs carries on as many runs as the next rank
    has copies for and starts runs only for the copies left over. The choices are which
    runs stop when copies run short, and which way each run is laid.
    """
    partial: set[tuple[tuple[Span, ...], tuple[int, ...]]] = {((), ())}  # done, open lows
    for rank, here in enumerate((*held, 0), start=1):
        grown = set()
        for done, lows in partial:
            for going in set(combinations(lows, min(here, len(lows)))):
                stopped = list(lows)
                for low in going:
                    stopped.remove(low)
                finished = tuple(sorted(done + tuple((low, rank - 1) for low in stopped)))
                grown.add((finished, tuple(sorted(going + (rank,) * (here - len(going))))))
        partial = grown
    layouts: set[Layout] = set()
    for done, _ in partial:
        ways = []
        for low, high in done:
            up = tuple(Card(rank, suit) for rank in range(low, high + 1))
            ways.append((up, up[::-1]) if low < high else (up,))
        layouts.update(_sort(choice) for choice in product(*ways))
    return frozenset(layouts)


def _sort(piles: Iterable[Pile]) -> Layout:
    return tuple(sorted(piles))


def _moves(layout: Layout) -> Iterator[Layout]:
    """Layouts one move away: a top card onto another non-empty pile that takes it."""
    for i, pile in enumerate(layout):
        card, left = pile[-1], pile[:-1]
        rest = layout[:i] + layout[i + 1 :]
        kept = (left,) if left else ()
        for j, other in enumerate(rest):
            if pile_accepts(other, card):
                yield _sort((*rest[:j], *rest[j + 1 :], *kept, (*other, card)))


@lru_cache(maxsize=_CACHE)
def _settle(layouts: frozenset[Layout]) -> tuple[frozenset[Layout], bool]:
    """Close a suit's layouts under moves that keep every pile (the RIGID closure).

    Returns the layouts whose component (under such moves) never empties a pile, and
    whether some component does: that one belongs to FLEX as a whole (moves are
    reversible), so it is dropped from RIGID and its exploration stops at once.
    """
    kept: set[Layout] = set()
    opened: set[Layout] = set()  # partly explored components that can empty a pile
    for start in layouts:
        if start in kept or start in opened:
            continue
        component = {start}
        todo = [start]
        empties = False
        while todo and not empties:
            layout = todo.pop()
            for moved in _moves(layout):
                if len(moved) < len(layout) or moved in opened:
                    empties = True
                    break
                if moved not in component:
                    component.add(moved)
                    todo.append(moved)
        (opened if empties else kept).update(component)
    return frozenset(kept), bool(opened)


def _place(layouts: Iterable[Layout], card: Card) -> frozenset[Layout]:
    """Layouts after ``card`` goes on a pile that takes it (there is no empty pile)."""
    out = set()
    for layout in layouts:
        for j, pile in enumerate(layout):
            if pile_accepts(pile, card):
                out.add(_sort((*layout[:j], *layout[j + 1 :], (*pile, card))))
    return frozenset(out)


@lru_cache(maxsize=_CACHE)
def _shows(layouts: frozenset[Layout], card: Card) -> bool:
    return any(pile[-1] == card for layout in layouts for pile in layout)


__all__ = ["is_stuck"]
