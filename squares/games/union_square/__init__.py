"""Union Square: rules, moves and pile logic.

- ``game``: the game itself (``UnionSquare``): the deal, the legal moves, the end.
- ``moves``: a move and its notation (``s``, ``w-t3``, ``t5-f``, ``t5-t9``).
- ``piles``: what a tableau pile and a foundation accept.
- ``stuck``: the exact test that a position with an empty stock is over, not won.
"""

from squares.games.union_square.game import UnionSquare, UnionSquareState
from squares.games.union_square.moves import DEAL, Move

__all__ = ["DEAL", "Move", "UnionSquare", "UnionSquareState"]
