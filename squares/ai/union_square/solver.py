"""The whole-deal solver: sees the stock's order, and proves its verdict both ways.

Two depth-first searches with an explored set keyed on the canonical position (tableau
slots unordered). It answers *winnable* with a line that replays to a win, *unwinnable*
when the exact search is exhausted, and *undecided* when the node or time budget runs
out first, never a guess.

1. **Over classes** (finds wins fast): a position with a free pile stands for every
   layout of its tableau cards (``flex``: they all reach one another for free), so
   its moves are only: home a wanted card from anywhere in the tableau, put the waste's
   top card on the tableau (while a pile stays free), deal, or fill the last free pile
   with the waste's card (runs turned towards the card that is dealt first). A position
   with every pile taken is searched move by move. A line found is realized as real
   moves (``realize``) and replays through the rules. This search leaves out some ways
   of filling the last pile, so running out of positions proves nothing.
2. **Over exact positions** (complete): every move, no classes.

Everything that cuts the exact search keeps both the verdict and the best score exact:

- **Safe foundation moves** are played at once. A suit's foundation in its second half
  (Ace to King are home, it wants the second King, then Queen, ... down to the Ace) can
  always take its wanted card without loss. Proof: let the wanted rank be r; then every
  card of the suit above r is home, and one copy of each rank 1..r is left. Compare a
  line A that leaves the r where it is with B, which homes it now and then copies A,
  treating the cards B has homed ahead of A (ranks m..r, a *ghost* set) as absent.
  Invariant: B's tableau is A's with the ghosts taken off, and the ghosts sit at the tops
  of A's piles (anywhere in A's waste). A move of a ghost: B skips it. A move of
  another card: it is also a top in B, and lands where A puts it, except on a ghost; a
  card of the suit that goes on ghost m (or that ghost m goes on) can only be rank m-1,
  exactly what B's foundation wants next, so B homes it and the ghosts grow by one.
  B's foundations always hold A's and more, so B wins when A does and never scores
  less. In the first half this fails (the second copies of the ranks just home could
  need the ghost as a base), so those moves are searched like any other.
- **The explored set** holds canonical keys, so a card moved back and forth, or the same
  layout reached in another order or in other slots, is searched once.
- **No-op moves** are never generated: a card alone on its pile moved to an empty pile,
  and every empty pile but one as a target.
- **Exact end detection**: with the stock empty, a position from which no sequence of
  moves can home another card (``stuck``, the rules engine's own test) is a leaf.

``best_score`` is the most foundation cards reached: 104 when winnable; when unwinnable,
the exact maximum over every reachable position (the cuts above never lower it); when
undecided, the best the search met before its budget ran out, a lower bound that its
``line`` reaches. ``best_proven`` says which: true unless undecided.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, NamedTuple

from squares.ai.base import Solution, Solver, Verdict
from squares.ai.union_square.fast import DECK, Position, accepts, wanted
from squares.ai.union_square.flex import (
    counts_of,
    has_free_pile,
    needed,
    place_waste,
    rearrange,
    representative,
    tableau_cards,
)
from squares.games.union_square import DEAL, Move, UnionSquareState
from squares.games.union_square.moves import FOUNDATION, WASTE
from squares.i18n import N_

_CLOCK_EVERY = 512
DEFAULT_SECONDS = 60.0


def settle(position: Position) -> tuple[tuple[Move, ...], Position]:
    """Play every safe foundation move (second half of a suit), until none is left."""
    moves: list[Move] = []
    while True:
        for source, card in _tops(position):
            suit = card // 13
            if position.home[suit] >= 13 and wanted(position.home, suit) == card:
                move = Move(source, FOUNDATION)
                moves.append(move)
                position = position.play(move)
                break
        else:
            return tuple(moves), position


def _tops(position: Position) -> Iterator[tuple[int, int]]:
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
    for source, card in _tops(position):
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
    """Safe foundation moves, then the class representative when a pile is free."""
    items: list[Item] = []
    while True:
        moves, position = settle(position)
        items += moves
        if not has_free_pile(position):
            return items, position
        rep = representative(position)
        if sorted(rep.tableau) == sorted(position.tableau):
            return items, position
        items.append(Norm(rep.tableau))
        position = rep


def class_edges(position: Position) -> list[Edge]:
    """Moves out of a position, where a position with a free pile stands for its class."""
    raw: list[tuple[list[Item], Position]] = []
    if has_free_pile(position):
        raw = _flex_moves(position)
    else:
        raw = [([m], position.play(m)) for m in ordered_moves(position)]
    edges: list[Edge] = []
    for items, child in raw:
        more, child = tidy(child)
        edges.append(((*items, *more), child))
    return edges


def _flex_moves(position: Position) -> list[tuple[list[Item], Position]]:
    out: list[tuple[list[Item], Position]] = []
    tableau = position.tableau
    free = tableau.index(b"")
    if position.waste and wanted(position.home, position.waste[-1] // 13) == position.waste[-1]:
        move = Move(WASTE, FOUNDATION)
        out.append(([move], position.play(move)))
    for suit in range(4):
        card = wanted(position.home, suit)
        for index, pile in enumerate(tableau):
            depth = pile.find(bytes((card,))) if card >= 0 else -1
            if depth >= 0:
                items: list[Item] = [Move(index, free)] * (len(pile) - 1 - depth)
                items.append(Move(index, FOUNDATION))
                out.append((items, _play_all(position, items)))
                break
    fills = False
    if position.waste:
        cards = tableau_cards(position) + position.waste[-1:]
        fills = needed(counts_of(cards)) >= len(tableau)
        if not fills:
            child = Position(position.stock, position.waste[:-1], tableau, position.home)
            rep = representative(child, cards)
            out.append(([Place(), Norm(rep.tableau)], rep))
    if position.stock:
        out.append(([DEAL], position.play(DEAL)))
    if fills:  # the card takes the last free pile: the layout left behind now matters
        items = _orient(position)
        items.append(Move(WASTE, _play_all(position, items).tableau.index(b"")))
        out.append((items, _play_all(position, items)))
    return out


def _orient(position: Position) -> list[Item]:
    """Before the last free pile fills: turn each run towards the card that comes first."""
    soon = {card: i for i, card in reversed(list(enumerate(position.stock)))}
    never = len(position.stock) + 1
    items: list[Item] = []
    current = position
    for pile in position.tableau:
        if len(pile) < 2:
            continue
        up = soon.get(pile[-1] + 1, never) if pile[-1] % 13 < 12 else never
        down = soon.get(pile[0] - 1, never) if pile[0] % 13 > 0 else never
        if down < up:
            index = current.tableau.index(pile)
            free = current.tableau.index(b"")
            pour = [Move(index, free)] * len(pile)
            items += pour
            current = _play_all(current, pour)
    return items


def _play_all(position: Position, items: Sequence[Item]) -> Position:
    for item in items:
        if isinstance(item, Move):
            position = position.play(item)
    return position


def realize(root: Position, edges: Sequence[tuple[Item, ...]]) -> list[Move]:
    """The real moves of a line found over classes, played from ``root``."""
    frame, real, moves = root, root, []
    for items in edges:
        for item in items:
            if isinstance(item, Norm):
                more, real = rearrange(real, item.tableau)
                frame = Position(real.stock, real.waste, item.tableau, real.home)
            elif isinstance(item, Place):
                more, real = place_waste(real)
            else:
                more = [_translate(frame, real, item)]
                frame, real = frame.play(item), real.play(more[0])
            moves += more
    return moves


def _translate(frame: Position, real: Position, move: Move) -> Move:
    """The same move on a real layout that equals the frame's up to which slot holds what."""
    source, target = move.source, move.target
    if source >= 0:
        source = real.tableau.index(frame.tableau[source])
    if target >= 0:
        want = frame.tableau[target]
        target = next(i for i, p in enumerate(real.tableau) if p == want and i != source)
    return Move(source, target)


# -- the search ---------------------------------------------------------------------------


class WholeDealSolver(Solver[UnionSquareState, Move]):
    """Sees the whole deal, stock order included."""

    name: ClassVar[str] = "whole-deal"
    description: ClassVar[str] = N_(
        "sees the whole deal, stock order included: proves a deal winnable (with a line) "
        "or unwinnable (exhausted search)"
    )

    def solve(
        self,
        state: UnionSquareState,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> Solution:
        return solve_position(Position.of(state), max_nodes=max_nodes, max_seconds=max_seconds)


class _Outcome(NamedTuple):
    won: bool
    exhausted: bool
    best_score: int
    best_line: list[tuple[Any, ...]]  # the edges' items, path order
    nodes: int


def solve_position(
    root: Position, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> Solution:
    """Search from ``root``; see the module docstring for what the answer means.

    First over classes (fast, finds the wins), with three quarters of the budget, then
    over exact positions (complete, so it alone proves a position unwinnable) with the
    rest. With no budget at all, ``DEFAULT_SECONDS`` applies: a search never hangs.
    """
    start = time.perf_counter()
    if max_nodes is None and max_seconds is None:
        max_seconds = DEFAULT_SECONDS
    half_nodes = None if max_nodes is None else max(1, max_nodes * 3 // 4)
    half_time = None if max_seconds is None else start + max_seconds * 3 / 4
    fast = _dfs(root, class_edges, half_nodes, half_time)
    line = realize(root, fast.best_line) if fast.won or fast.best_score > root.score else []
    if fast.won:
        seconds = time.perf_counter() - start
        return Solution(Verdict.WINNABLE, [str(m) for m in line], DECK, fast.nodes, seconds, True)
    rest_nodes = None if max_nodes is None else max(1, max_nodes - fast.nodes)
    deadline = None if max_seconds is None else start + max_seconds
    full = _dfs(root, exact_edges, rest_nodes, deadline)
    nodes = fast.nodes + full.nodes
    best_score, best_line = fast.best_score, line
    if full.best_score > best_score:
        best_score = full.best_score
        best_line = [m for items in full.best_line for m in items]
    verdict = (
        Verdict.WINNABLE
        if full.won
        else Verdict.UNWINNABLE
        if full.exhausted
        else Verdict.UNDECIDED
    )
    seconds = time.perf_counter() - start
    proven = verdict is not Verdict.UNDECIDED  # a win, or the exact maximum of an exhausted search
    return Solution(verdict, [str(m) for m in best_line], best_score, nodes, seconds, proven)


def exact_edges(position: Position) -> list[Edge]:
    """Every move worth searching from an exact position, with the safe moves after it."""
    edges: list[Edge] = []
    for move in ordered_moves(position):
        then, child = settle(position.play(move))
        edges.append(((move, *then), child))
    return edges


def _dfs(root: Position, expand: Any, max_nodes: int | None, deadline: float | None) -> _Outcome:
    first, root = tidy(root) if expand is class_edges else settle(root)
    path: list[tuple[Any, ...]] = [tuple(first)]
    best_score, best_line = root.score, list(path)
    explored = {root.key()}
    stack: list[Iterator[Edge]] = [iter(expand(root))] if _open(root) else []
    nodes = 1
    if root.won:
        return _Outcome(True, True, DECK, best_line, nodes)
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            path.pop()
            continue
        items, child = step
        key = child.key()
        if key in explored:
            continue
        explored.add(key)
        nodes += 1
        path.append(items)
        if child.score > best_score:
            best_score, best_line = child.score, list(path)
            if child.won:
                return _Outcome(True, True, DECK, best_line, nodes)
        if (max_nodes is not None and nodes >= max_nodes) or (
            deadline is not None and nodes % _CLOCK_EVERY == 0 and time.perf_counter() > deadline
        ):
            return _Outcome(False, False, best_score, best_line, nodes)
        if _open(child):
            stack.append(iter(expand(child)))
        else:
            path.pop()
    return _Outcome(False, True, best_score, best_line, nodes)


def _open(position: Position) -> bool:
    """Whether the position is still worth expanding: not won, and not over."""
    if position.score == DECK:
        return False
    return bool(position.stock) or not position.stuck()
