"""Two independent reference models of the rules, compared with the engine.

Each model is its game's rules page turned into the plainest Python that works: a dict of
piles, lists of cards, no search tricks and nothing taken from the engine's code. The engine
is driven and read only through its public API (the game classes, ``new``, ``legal_moves``,
``apply``, ``status``, ``score``, ``view``, ``dump``/``load`` and move notation), so the two
can only agree by both reading the rules the same way.

Random games compare them at every step (legal moves, every pile's cards and sides, status,
score); hand-made positions cover the words of the rules that random play rarely reaches.
A model's starting position is read from the engine's ``new(deal)``: the deal algorithm is
tested elsewhere.
"""

from __future__ import annotations

from typing import Any

from squares.games import Foursquare, UnionSquare

FOURSQUARE = Foursquare()
UNION_SQUARE = UnionSquare()

RANKS = "A23456789TJQK"
RANK_OF = {letter: i + 1 for i, letter in enumerate(RANKS)}


def rank(card: str) -> int:
    """``"TD"`` → 10: Ace is 1, King 13."""
    return RANK_OF[card[0]]


def suit(card: str) -> str:
    return card[1]


def notation(engine_moves: list[Any]) -> set[str]:
    """The engine's legal moves in notation, each listed once."""
    texts = [str(move) for move in engine_moves]
    assert len(texts) == len(set(texts)), f"a legal move is listed twice: {texts}"
    return set(texts)
