"""Union Square players: they see what a person sees, never the stock's order.

Structurally: a player never holds the state. It is given the game's observation
(``UnionSquare.observe``: the waste, the tableau, the foundations and the stock's cards
*sorted*, a multiset, which a person who counts cards knows), and every decision is a
function of the observation alone. Once the stock is empty nothing is hidden, so the end
of a game may be searched exactly.

>>> from squares.games.union_square import UnionSquare
>>> game = UnionSquare()
>>> Greedy().hint(game.observe(game.new(0))).move
't3-t5'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from squares.ai.base import Hint, Player, Resign
from squares.ai.union_square.classes import Place, ordered_moves, tops
from squares.ai.union_square.describe import describe
from squares.ai.union_square.fast import Position, accepts, wanted
from squares.ai.union_square.layers import has_free_pile, layers, suit_layout, tableau_cards
from squares.ai.union_square.paths import FEWER_THAN, PLACED, SHOWS, Goal
from squares.ai.union_square.realization import realize, suit_moves
from squares.ai.union_square.solver import solve_position
from squares.errors import SessionError
from squares.games.base import Status
from squares.games.observations import UnionSquareObservation
from squares.games.union_square import DEAL, Move
from squares.games.union_square.moves import FOUNDATION, WASTE

ENDGAME_NODES = 2_000
NEXT_HOME_NODES = 200_000  # positions ``next_home`` may hold: its memory stays bounded


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything a person sees: the stock only as its sorted cards."""

    unseen: bytes
    waste: bytes
    tableau: tuple[bytes, ...]
    home: tuple[int, int, int, int]

    @classmethod
    def of(cls, seen: UnionSquareObservation) -> Observation:
        """The game's observation in the players' encoding; the game must still be on."""
        if seen.status is not Status.PLAYING:
            raise SessionError(f"the game is over ({seen.status}): there is no move to suggest")
        return cls.seen_in(
            Position.of_piles(seen.unseen, seen.waste, seen.tableau, seen.foundations)
        )

    @classmethod
    def seen_in(cls, position: Position) -> Observation:
        """What a person sees of a position: its stock only as its sorted cards."""
        return cls(position.unseen(), position.waste, position.tableau, position.home)

    @classmethod
    def after(cls, seen: Observation, move: Move) -> Observation:
        """What is seen after a move that is not a deal."""
        return cls.seen_in(seen.known().play(move))

    def known(self) -> Position:
        """The position with the unseen cards as a stand-in stock: never deal from it."""
        return Position(self.unseen, self.waste, self.tableau, self.home)


@dataclass(frozen=True, slots=True)
class Plan:
    """Moves to play from an observation, and why (for hints)."""

    moves: tuple[Move, ...]
    reason: str


class _Planner(Player[UnionSquareObservation, Move]):
    """A player that turns an observation into a short plan and follows it to its end.

    A plan is carried out whole (a rearrangement half done is no rearrangement), as long
    as each position is the one it expects; any other position gets a fresh plan. A plan
    ends at its first deal or foundation move, so whatever the game's history, the
    player's memory is empty right after one: that is where ``hint_after`` takes it up.
    """

    def __init__(self) -> None:
        self._expect: Observation | None = None
        self._rest: Plan | None = None

    def choose(self, seen: UnionSquareObservation) -> Move:
        return self.follow(Observation.of(seen))

    def follow(self, mine: Observation) -> Move:
        """``choose`` from the players' encoding of what is seen (a game still on)."""
        plan = self._current(mine)
        move = plan.moves[0]
        self._expect, self._rest = None, None
        if len(plan.moves) > 1:
            self._expect = Observation.after(mine, move)
            self._rest = Plan(plan.moves[1:], plan.reason)
        return move

    def hint(self, seen: UnionSquareObservation) -> Hint:
        mine = Observation.of(seen)
        plan = self._current(mine)
        known = mine.known()
        return Hint(
            str(plan.moves[0]),
            describe(known, plan.moves, plan.reason),
            describe(known, plan.moves, plan.reason, words=True),
        )

    def hint_after(self, seen: Sequence[UnionSquareObservation]) -> Hint:
        """The hint that continues the plan the player would be following at the last
        of ``seen``.

        The player is walked through the game from the last deal or foundation move (its
        memory is empty there), so a hint asked for by a fresh player, from the game as
        seen from the deal on, is the move the player makes when it plays the same moves
        itself.
        """
        self._expect, self._rest = None, None
        for earlier in seen[_plan_start(seen) : -1]:
            try:
                self.choose(earlier)
            except Resign:  # the game went on: whatever comes next gets a fresh plan
                self._expect, self._rest = None, None
        return self.hint(seen[-1])

    def _current(self, seen: Observation) -> Plan:
        if self._rest is not None and self._expect == seen:
            return self._rest
        plan = self.plan(seen)
        moves = plan.moves
        for count, move in enumerate(moves):
            if move == DEAL or move.target == FOUNDATION:
                moves = moves[: count + 1]
                break
        return Plan(_without_loops(seen.known(), moves) or moves, plan.reason)

    def plan(self, seen: Observation) -> Plan:
        raise NotImplementedError


def _without_loops(position: Position, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """The moves with every stretch that comes back to a position it left cut out (such
    as a card moved and moved straight back): the same end, never a position twice."""
    kept: list[Move] = []
    seen = [position]
    for move in moves:
        position = position.play(move)
        if position in seen:
            back = seen.index(position)
            del kept[back:], seen[back + 1 :]
        else:
            kept.append(move)
            seen.append(position)
    return tuple(kept)


def _plan_start(seen: Sequence[UnionSquareObservation]) -> int:
    """The index of the observation right after the last deal or foundation move (0 for
    none)."""
    for index in range(len(seen) - 1, 0, -1):
        before, after = seen[index - 1], seen[index]
        if len(after.unseen) < len(before.unseen) or _home(after) > _home(before):
            return index
    return 0


def _home(seen: UnionSquareObservation) -> int:
    return sum(map(len, seen.foundations))


class Greedy(_Planner):
    """The baseline: one obvious move at a time, no rearranging and no search.

    Every move it makes lowers ``3 * stock + 2 * waste + non-empty piles`` or puts a card
    home, so it never goes round in circles; with the stock empty and no such move left
    it resigns, and the score at that moment stands.
    """

    name: ClassVar[str] = "greedy"
    description: ClassVar[str] = (
        "a baseline: a foundation move first, else the waste's card onto a pile that takes "
        "it, else a lone card onto another pile, else the waste's card to an empty pile, "
        "else deal; resigns once the stock is empty and none of these is left"
    )

    tall_builds: ClassVar[bool] = False
    """Whether a pile's top card may also move onto a pile at least as tall (builder)."""

    def plan(self, seen: Observation) -> Plan:
        position = seen.known()
        move = greedy_move(position, tall_builds=self.tall_builds)
        if move is None:
            raise Resign("the stock is empty and no card goes home, onto a pile or to an empty one")
        if move.target == FOUNDATION:
            return Plan((move,), "home")
        return Plan((move,), "build" if move != DEAL else "nothing")

    def hint(self, seen: UnionSquareObservation) -> Hint:
        try:
            return super().hint(seen)
        except Resign as resign:
            raise SessionError(f"{self.name} resigns here: {resign}") from resign


class Builder(Greedy):
    """The baseline that also builds between piles: a second yardstick, no search.

    Besides greedy's moves it moves a top card onto a pile at least as tall as its own
    that takes it, which makes the sum of the squares of the pile heights grow, so it
    too never goes round in circles.
    """

    name: ClassVar[str] = "builder"
    description: ClassVar[str] = (
        "greedy, and also a top card onto a pile at least as tall that takes it, before "
        "the waste's card goes to an empty pile or a card is dealt"
    )

    tall_builds: ClassVar[bool] = True


def greedy_move(position: Position, *, tall_builds: bool = False) -> Move | None:
    """Greedy's move, or ``None`` for none (the stock empty and nothing obvious to do);
    with ``tall_builds``, Builder's."""
    home = _home_moves(position)
    if home:
        return home[0]
    tableau = position.tableau
    if position.waste:
        card = position.waste[-1]
        for index, pile in enumerate(tableau):
            if pile and card in accepts(pile):
                return Move(WASTE, index)
    for source, lone in enumerate(tableau):
        if len(lone) == 1:
            for target, pile in enumerate(tableau):
                if target != source and pile and lone[0] in accepts(pile):
                    return Move(source, target)
    if tall_builds:
        for source, run in enumerate(tableau):
            for target, pile in enumerate(tableau):
                if target != source and len(pile) >= len(run) >= 2 and run[-1] in accepts(pile):
                    return Move(source, target)
    if position.waste and b"" in tableau:
        return Move(WASTE, tableau.index(b""))
    if position.stock:
        return DEAL
    return None


class Keeper(_Planner):
    """Keeps a pile free whenever it can, so that any dealt card has somewhere to go."""

    name: ClassVar[str] = "keeper"
    description: ClassVar[str] = (
        "homes what it can, keeps the tableau compact with a pile free, takes the waste "
        "while a pile stays free, frees piles when the tableau is full"
    )

    def plan(self, seen: Observation) -> Plan:
        position = seen.known()
        if not position.stock:
            return endgame(position)
        home = _home_moves(position)
        if home:
            return Plan(home[:1], "home")
        if has_free_pile(position):
            dig = _dig(position)
            if dig:
                return Plan(dig, "dig")
            if position.waste and _fits(position):
                return Plan(tuple(realize(position, [(Place(),)])), "place")
        else:
            rigid = _rigid_plan(position)
            if rigid is not None:
                return rigid
        if not position.waste:
            return Plan((DEAL,), "nothing")
        return Plan((DEAL,), "keep-free" if has_free_pile(position) else "fits-nowhere")


def _fits(position: Position) -> bool:
    """Whether the waste's top card can join the tableau and leave a pile free."""
    cards = tableau_cards(position) + position.waste[-1:]
    return len(layers(cards)) < len(position.tableau)


def _home_moves(position: Position) -> tuple[Move, ...]:
    home = position.home
    want = {wanted(home, suit) for suit in range(4)}
    return tuple(Move(at, FOUNDATION) for at, card in tops(position) if card in want)


def _dig(position: Position) -> tuple[Move, ...]:
    """Uncover a wanted card onto the free pile, if the cards left would fit with one to spare."""
    free = position.tableau.index(b"")
    cards = tableau_cards(position)
    for suit in range(4):
        card = wanted(position.home, suit)
        if card < 0 or card not in cards:  # home, or still to come
            continue
        one = bytes((card,))
        if len(layers(cards.replace(one, b"", 1))) >= len(position.tableau):
            continue
        for index, pile in enumerate(position.tableau):
            depth = pile.find(one)
            if depth >= 0:
                return (*[Move(index, free)] * (len(pile) - 1 - depth), Move(index, FOUNDATION))
    return ()


def _rigid_plan(position: Position) -> Plan | None:
    """Every pile is taken: rearrange one suit to home a card, free a pile or take the waste."""
    goals: list[tuple[int, str, Goal]] = []
    for suit in range(4):
        goals.append((suit, "home", Goal(SHOWS, wanted(position.home, suit))))
    for suit in range(4):
        goals.append((suit, "free", Goal(FEWER_THAN, len(suit_layout(position, suit)))))
    for suit, reason, goal in goals:
        have = suit_layout(position, suit)
        if not have:
            continue
        moves = suit_moves(position, suit, len(have), goal)
        if moves:
            return Plan(tuple(moves), reason)
    if position.waste:
        card = position.waste[-1]
        have = suit_layout(position, card // 13)
        if have:
            moves = suit_moves(position, card // 13, len(have), Goal(PLACED), card)
            if moves:
                return Plan(tuple(moves), "place")
    return None


def endgame(position: Position) -> Plan:
    """With the stock empty nothing is hidden: search for the next card that can go home."""
    solution = solve_position(position, max_nodes=ENDGAME_NODES)
    line = [Move.parse(text) for text in solution.line]
    for count, move in enumerate(line):
        if move.target == FOUNDATION:
            return Plan(tuple(line[: count + 1]), "endgame")
    return Plan(next_home(position), "endgame")


def next_home(position: Position, max_nodes: int = NEXT_HOME_NODES) -> tuple[Move, ...]:
    """The shortest way to a foundation move, searched breadth-first over exact positions.

    Only for a game that is not over: then such a way exists, and the positions reachable
    without dealing are finite, so the search ends (a game is never left running). It
    holds at most ``max_nodes`` positions; beyond that it gives up with a ``SessionError``.
    """
    parents: dict[bytes, tuple[bytes, Move] | None] = {position.key(): None}
    frontier = [position]
    while frontier:
        later = []
        for here in frontier:
            home = _home_moves(here)
            if home:
                path = [home[0]]
                key = here.key()
                link = parents[key]
                while link is not None:
                    key, move = link
                    path.append(move)
                    link = parents[key]
                return tuple(path[::-1])
            for move in ordered_moves(here):
                after = here.play(move)
                key = after.key()
                if key not in parents:
                    if len(parents) >= max_nodes:
                        raise SessionError(
                            f"no way to the next card home found within {max_nodes} positions"
                        )
                    parents[key] = (here.key(), move)
                    later.append(after)
        frontier = later
    raise SessionError("the game is over: no card can reach a foundation any more")
