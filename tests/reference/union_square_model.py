"""Union Square as its rules page words it: the plainest model that works (stock, waste,
sixteen piles and four foundations as lists), for comparing with the engine.

Nothing here is taken from the engine's code; see ``tests/reference/common.py``.
"""

from __future__ import annotations

from typing import Any

from tests.reference.common import RANKS, UNION_SQUARE, rank, suit

FOUNDATION_LADDER = [*range(1, 14), *range(13, 0, -1)]  # A up to K, a second K down to A


class UnionSquareModel:
    """Stock (``stock[0]`` deals next), waste, 16 tableau piles and 4 foundations, each a
    list of cards bottom to top."""

    def __init__(
        self,
        stock: list[str],
        waste: list[str],
        tableau: list[list[str]],
        foundations: list[list[str]],
    ) -> None:
        self.stock = list(stock)
        self.waste = list(waste)
        self.tableau = [list(p) for p in tableau]
        self.foundations = [list(f) for f in foundations]

    def copy(self) -> UnionSquareModel:
        return UnionSquareModel(self.stock, self.waste, self.tableau, self.foundations)

    def score(self) -> int:
        return sum(len(f) for f in self.foundations)

    def foundation_for(self, card: str) -> int | None:
        """The foundation that takes ``card`` now, if any."""
        for i, foundation in enumerate(self.foundations):
            if foundation and suit(foundation[0]) == suit(card):  # this suit's foundation
                n = len(foundation)
                return i if n < 26 and rank(card) == FOUNDATION_LADDER[n] else None
        if rank(card) == 1:  # no foundation holds the suit: an Ace starts the leftmost empty
            return next(i for i, f in enumerate(self.foundations) if not f)
        return None

    @staticmethod
    def wanted(pile: list[str]) -> set[str] | None:
        """The cards a tableau pile takes; ``None`` for an empty pile, which takes any."""
        if not pile:
            return None
        top = pile[-1]
        # One card: the same suit one rank above or below. Two or more: the same suit,
        # continuing the direction (+1 up, -1 down) set by the top two cards.
        steps = {-1, +1} if len(pile) == 1 else {rank(top) - rank(pile[-2])}
        ranks = {rank(top) + step for step in steps}
        return {RANKS[r - 1] + suit(top) for r in ranks if 1 <= r <= 13}  # no wrapping

    def sources(self) -> list[tuple[str, list[str]]]:
        """Where a card may come from: the top of the waste and of each tableau pile."""
        named = [("w", self.waste)] + [(f"t{i + 1}", p) for i, p in enumerate(self.tableau)]
        return [(name, pile) for name, pile in named if pile]

    def legal(self) -> set[str]:
        moves = {"s"} if self.stock else set()
        wants = [self.wanted(pile) for pile in self.tableau]
        for name, pile in self.sources():
            card = pile[-1]
            if self.foundation_for(card) is not None:
                moves.add(f"{name}-f")
            for j, takes in enumerate(wants):
                if f"t{j + 1}" != name and (takes is None or card in takes):
                    moves.add(f"{name}-t{j + 1}")
        return moves

    def apply(self, move: str) -> None:
        if move == "s":
            self.waste.append(self.stock.pop(0))  # one pass: nothing ever returns
            return
        source, target = move.split("-")
        pile = self.waste if source == "w" else self.tableau[int(source[1:]) - 1]
        card = pile[-1]
        if target == "f":
            index = self.foundation_for(card)
            assert index is not None
            self.foundations[index].append(pile.pop())
        else:
            self.tableau[int(target[1:]) - 1].append(pile.pop())

    def foundation_reachable(self, limit: int = 400) -> bool | None:
        """With the stock empty: can some sequence of moves put a card on a foundation?

        A plain search over the rearrangements (piles compared as a multiset, since which
        slot holds a pile changes no move); ``None`` when it gives up after ``limit``
        positions.
        """
        assert not self.stock

        def key(m: UnionSquareModel) -> tuple[Any, ...]:
            return tuple(m.waste), tuple(sorted(tuple(p) for p in m.tableau))

        seen = {key(self)}
        todo = [self]
        while todo:
            here = todo.pop()
            for move in here.legal():
                if move.endswith("-f"):
                    return True
                there = here.copy()
                there.apply(move)
                k = key(there)
                if k not in seen:
                    if len(seen) >= limit:
                        return None
                    seen.add(k)
                    todo.append(there)
        return False


def union_square_model_of(state: Any) -> UnionSquareModel:
    saved = UNION_SQUARE.dump(state)
    return UnionSquareModel(saved["stock"], saved["waste"], saved["tableau"], saved["foundations"])
