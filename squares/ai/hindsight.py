"""What the after-game review asks of each game's AI: the solver's figure for a position,
the strongest player's playout from a sampled position, and a move's reason in the words
of the hints.

Each game's AI package exports ``HINDSIGHT``, an instance of a subclass; the review
(``squares.review``) knows no game by name and asks it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar, Generic

from squares.ai.base import Solution
from squares.games.base import M, S


class Hindsight(ABC, Generic[S, M]):
    """One game's part of the review. Budgets are in nodes and samples, so a review comes
    out the same on any machine."""

    solve_nodes: ClassVar[int]
    """The solver's node budget for each position it is asked about."""
    chance_player: ClassVar[str]
    """The player whose playouts estimate the chance to win (the strongest that is fast
    enough for the review's speed goal)."""
    samples: ClassVar[int]
    """The most random orders of the unseen cards played out for each estimate (fewer when
    its interval is narrow sooner: ``squares.review.chance``)."""
    live_samples: ClassVar[int]
    """The most random orders of the unseen cards played out for the chance shown during
    play: as many as answer within a second or two (``benchmarks/bench_chance.py``)."""
    checkpoints: ClassVar[int | None] = None
    """At most this many positions of a game get their own estimate (``None``: every
    position); a move between two checkpoints carries the estimate of the one before it."""

    def value(self, solution: Solution) -> int | None:
        """The best score a solution says is still reachable (``None``: no score is)."""
        return solution.best_score

    @abstractmethod
    def wins(self, value: int | None) -> bool:
        """Whether ``value`` (from ``value``) is a won game's score."""

    @abstractmethod
    def sample(self, state: S, rng: random.Random) -> S:
        """``state`` with the cards the player has not seen in a random order drawn from
        ``rng`` (from the observation's sorted unseen cards: the real order is never read)."""

    @abstractmethod
    def playout(self, state: S) -> bool:
        """Whether ``chance_player`` wins when it plays ``state`` to its end."""

    @abstractmethod
    def reason(self, state: S, line: list[str]) -> str:
        """The first move of ``line`` (in notation, from ``state``) described as a hint is,
        in the board's words (``Hint.words``)."""

    @abstractmethod
    def named(self, state: S, move: str) -> str:
        """``move`` (in notation, legal from ``state``) named in the board's words: the card
        and where it goes, such as ``the 5♥ on the 9♣``."""

    @abstractmethod
    def unseen_key(self, state: S) -> str:
        """What the player knows of the unseen cards, as text (their sorted multiset)."""

    @abstractmethod
    def seen_key(self, state: S) -> str:
        """Everything the player sees of ``state``, as text: the cards in play where they lie
        and the unseen cards' sorted multiset; never their order, nor the deal's number."""
