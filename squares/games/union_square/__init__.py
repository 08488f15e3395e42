"""Union Square: rules, moves and pile logic."""

from squares.games.union_square.game import UnionSquare, UnionSquareState
from squares.games.union_square.moves import DEAL, Move

__all__ = ["DEAL", "Move", "UnionSquare", "UnionSquareState"]
