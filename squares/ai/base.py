"""The two kinds of intelligence, never confused.

A ``Player`` sees only what a person sees: the layout, the card in hand, which cards
remain (counting cards is fair) but never their order. It is given the game's
observation (``Game.observe``), never the state, so it cannot peek: mypy holds that
line. Hints come only from players. A ``Solver`` takes the state, the whole deal, stock
order included, and says so in its name: it answers "could this deal be won?" and gives
the bound no player can beat.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Generic, TypeVar

from squares.games.base import M, S

Seen = TypeVar("Seen")  # what a person sees of a game: ``Game.observe(state)``


def seed_of(*seen: object) -> int:
    """A seed for a player's random draws made from what it sees (``seen``, by its
    ``repr``), never from the stock's order: the same view, the same draws, the same move."""
    key = repr(seen).encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def luby(run: int) -> int:
    """The solvers' restart schedule, the Luby sequence for runs 1, 2, 3, ...: 1, 1, 2,
    1, 1, 2, 4, 1, ...; it wastes at most a logarithmic factor against the best fixed
    schedule for any search (Luby, Sinclair and Zuckerman, 1993)."""
    length = run.bit_length()
    if run == (1 << length) - 1:
        return 1 << (length - 1)
    return luby(run - (1 << (length - 1)) + 1)


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move in notation, and one line a player understands, in two forms."""

    move: str
    reason: str
    """The line naming places as the notation does (``t3``, ``0,1``): for a board that
    labels its places so."""
    words: str
    """The same line in the board's words, naming cards only (``Move the 9♥ onto the
    10♥``): for a board that labels no place and highlights the hinted one."""


class Resign(Exception):
    """Raised by ``Player.choose`` when the player gives the game up.

    The rules allow resigning at any time: the game ends there, not won, and the score
    at that moment stands. The message says why.
    """


class Player(ABC, Generic[Seen, M]):
    """Chooses moves from what the player may see (never the stock's order)."""

    name: ClassVar[str]
    description: ClassVar[str]

    @abstractmethod
    def choose(self, seen: Seen) -> M:
        """A legal move for a game that is still being played, seen as ``seen``, or
        ``Resign`` raised to give the game up."""

    @abstractmethod
    def hint(self, seen: Seen) -> Hint:
        """The move ``choose`` would make, with the reason for a player (a
        ``SessionError`` when there is none: the game is over, or the player resigns)."""

    def for_hints(self) -> Player[Seen, M]:
        """This player as it answers a hint: within a hint's time (200 ms at the 95th
        percentile). A player that spends more on a move when it plays gives one that
        spends less; by default the player itself."""
        return self

    def hint_after(self, seen: Sequence[Seen]) -> Hint:
        """The hint for the last of ``seen``, the game as seen from the deal to now.

        A player that follows a plan over several moves reads the earlier observations to
        take up the plan it would be following there (a hint from the last alone cannot
        know it, and may undo the move just made); by default only the last one counts.
        """
        return self.hint(seen[-1])


class Verdict(StrEnum):
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNDECIDED = "undecided"  # the budget ran out: never a guess


@dataclass(frozen=True, slots=True)
class Solution:
    verdict: Verdict
    line: list[str] = field(default_factory=list)  # a winning line in notation, or the best found
    best_score: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    best_proven: bool | None = None
    """Whether ``best_score`` is proven to be the best (the search for better ran out of
    positions, not of budget); ``None`` when the solver does not say."""
    conflicts: int = 0
    """Conflicts of the proof by clauses, where the search's positions did not settle it."""


class Solver(ABC, Generic[S, M]):
    """Takes the state: sees the whole deal. Decides a position within a node or time
    budget."""

    name: ClassVar[str]
    description: ClassVar[str]

    @abstractmethod
    def solve(
        self,
        state: S,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        found: int | None = None,
    ) -> Solution:
        """Winnable (with a line that replays to a win), unwinnable (search exhausted), or
        undecided (the budget ran out first).

        ``found`` is a best score an earlier search of ``state`` reached without proving
        it: a solver may search from there (the answer is the same either way) or
        ignore it."""
