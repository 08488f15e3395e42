"""The Union Square kernel: a position as one small integer array, compiled by numba.

The rules engine (``squares.games.union_square``) stays the readable source of truth;
the tests check this kernel against it on random games, on games Hypothesis makes up
and once with numba switched off. Without numba the same functions run as plain Python
(slowly), with the same answers.

A card is ``13 * suit + rank - 1``, as in ``fast``. A position is one ``int16`` array,
in place:

- ``PILES + 13 * i + k``: card ``k`` (bottom first) of tableau pile ``i`` (a pile is a
  run of one suit, so it never holds more than 13 cards); ``HEIGHTS + i`` its height and
  ``DIRECTIONS + i`` its direction: +1 up, -1 down, 0 below two cards;
- ``HOME + s``: the cards on suit ``s``'s foundation (0..26);
- ``STOCK + k``: the stock as dealt at the start of the array's life, ``DEALT`` how many
  of it are dealt (the stock pointer) and ``STOCK_LEN`` its length;
- ``WASTE + k``: the waste, bottom first, ``WASTE_LEN`` cards.

A move is a small int, ``code(source, target)`` = ``20 * (source + 2) + target + 3`` for
the engine's ``Move``
(source ``WASTE`` -2, ``STOCK`` -1 or a pile; target ``FOUNDATION`` -3, ``WASTE`` or a
pile): ``DEAL`` is 21. The searches above ask ``wanted`` and ``takes`` which moves a
position allows, and ``play`` makes one.

>>> from squares.games.union_square import UnionSquare
>>> position = of_position(Position.of(UnionSquare().new(7)))
>>> int(position[STOCK_LEN] - position[DEALT]), str(move_of(DEAL))
(88, 's')
"""

from __future__ import annotations

import numpy
from numpy.typing import NDArray

from squares.ai.compiled import COMPILED as COMPILED  # re-exported: the kernel's face
from squares.ai.compiled import jit, jit_inner
from squares.ai.union_square.fast import CARDS, Position, accepts
from squares.ai.union_square.fast import wanted as wanted_after
from squares.games.union_square import DEAL as DEAL_MOVE
from squares.games.union_square import Move

Array = NDArray[numpy.int16]

PILE_SIZE = 13  # a pile is a run of one suit
PILES = 0
HEIGHTS = PILES + 16 * PILE_SIZE
DIRECTIONS = HEIGHTS + 16
HOME = DIRECTIONS + 16
DEALT = HOME + 4
STOCK_LEN = DEALT + 1
WASTE_LEN = STOCK_LEN + 1
WASTE = WASTE_LEN + 1
STOCK = WASTE + 104
SIZE = STOCK + 104

TO_HOME = -3  # the engine's FOUNDATION, WASTE and STOCK
FROM_WASTE = -2
FROM_STOCK = -1
DEAL = 20 * (FROM_STOCK + 2) + FROM_WASTE + 3


def _taken(top: int, step: int) -> list[int]:
    """The cards a pile with ``top`` on top, built in ``step``'s direction, takes (as
    ``fast.accepts``, from the rules engine), two slots with -1 for none."""
    below = top - step
    if step == 0:
        cards = list(accepts(bytes((top,))))
    elif 0 <= below < len(CARDS) and below // 13 == top // 13:
        cards = list(accepts(bytes((below, top))))
    else:
        cards = []  # no pile is built so
    return cards + [-1] * (2 - len(cards))


# The rules engine's foundation and pile rules as tables (through ``fast``), read in place:
# NEXT_HOME[suit, count] is the card a foundation of ``count`` cards takes next (-1: full);
# TAKES[3 * top + step + 1] the cards a pile takes by its top card and direction.
NEXT_HOME = numpy.array(
    [[wanted_after((count,) * 4, suit) for count in range(27)] for suit in range(4)],
    dtype=numpy.int16,
)
TAKES = numpy.array(
    [_taken(top, step) for top in range(len(CARDS)) for step in (-1, 0, 1)], dtype=numpy.int16
)


@jit_inner
def code(source: int, target: int) -> int:
    return 20 * (source + 2) + target + 3


@jit_inner
def wanted(position: Array, suit: int) -> int:
    """The card suit ``suit``'s foundation takes next, or -1 once it is full."""
    return int(NEXT_HOME[suit, position[HOME + suit]])


@jit_inner
def top(position: Array, pile: int) -> int:
    height = position[HEIGHTS + pile]
    return int(position[PILES + PILE_SIZE * pile + height - 1]) if height else -1


@jit_inner
def takes(position: Array, pile: int, card: int) -> bool:
    """Whether non-empty ``pile`` takes ``card`` on top (the same suit, continuing its way)."""
    row = 3 * top(position, pile) + position[DIRECTIONS + pile] + 1
    return bool(card == TAKES[row, 0] or card == TAKES[row, 1])


@jit_inner
def score(position: Array) -> int:
    return int(position[HOME] + position[HOME + 1] + position[HOME + 2] + position[HOME + 3])


@jit
def play(position: Array, move: int) -> None:
    """Apply a legal move in place (unchecked, like ``UnionSquare.play``)."""
    if move == DEAL:
        position[WASTE + position[WASTE_LEN]] = position[STOCK + position[DEALT]]
        position[WASTE_LEN] += 1
        position[DEALT] += 1
        return
    source = move // 20 - 2
    target = move % 20 - 3
    if source == FROM_WASTE:
        position[WASTE_LEN] -= 1
        card = position[WASTE + position[WASTE_LEN]]
    else:
        height = position[HEIGHTS + source] - 1
        card = position[PILES + PILE_SIZE * source + height]
        position[HEIGHTS + source] = height
        if height >= 2:
            base = PILES + PILE_SIZE * source + height
            position[DIRECTIONS + source] = position[base - 1] - position[base - 2]
        else:
            position[DIRECTIONS + source] = 0
    if target == TO_HOME:
        position[HOME + card // 13] += 1
        return
    height = position[HEIGHTS + target]
    position[PILES + PILE_SIZE * target + height] = card
    position[HEIGHTS + target] = height + 1
    if height:
        position[DIRECTIONS + target] = card - position[PILES + PILE_SIZE * target + height - 1]


# -- the Python face: from and to the rules engine's values ------------------------------


def of_position(position: Position) -> Array:
    """The kernel's array for a ``fast.Position``: every cell but the directions (-1, 0, 1)
    holds a byte, so it is laid out as bytes and widened once."""
    tableau = position.tableau + _NO_PILES[len(position.tableau) :]
    raw = b"".join(
        (
            *[pile.ljust(PILE_SIZE, b"\0") for pile in tableau],
            bytes([len(pile) for pile in tableau]),
            bytes(16),  # the directions
            bytes(position.home),
            bytes((0, len(position.stock), len(position.waste))),  # dealt, the lengths
            position.waste.ljust(STOCK - WASTE, b"\0"),
            position.stock.ljust(SIZE - STOCK, b"\0"),
        )
    )
    array = numpy.frombuffer(raw, dtype=numpy.uint8).astype(numpy.int16)
    array[DIRECTIONS : DIRECTIONS + 16] = [p[-1] - p[-2] if len(p) >= 2 else 0 for p in tableau]
    return array


_NO_PILES = (b"",) * 16


def to_position(array: Array) -> Position:
    """The ``fast.Position`` an array stands for (the stock still to deal, the waste...)."""
    cells = array.astype(numpy.uint8).tobytes()  # every cell holds a card int below 104
    at = array[:WASTE].tolist()  # the heights, the foundations and the counts
    tableau = tuple(
        cells[PILES + PILE_SIZE * i : PILES + PILE_SIZE * i + at[HEIGHTS + i]] for i in range(16)
    )
    stock = cells[STOCK + at[DEALT] : STOCK + at[STOCK_LEN]]
    waste = cells[WASTE : WASTE + at[WASTE_LEN]]
    home = (at[HOME], at[HOME + 1], at[HOME + 2], at[HOME + 3])
    return Position(stock, waste, tableau, home)


def move_of(move: int) -> Move:
    return DEAL_MOVE if move == DEAL else Move(move // 20 - 2, move % 20 - 3)


__all__ = [
    "COMPILED", "DEAL", "SIZE", "code", "move_of", "of_position", "play",
    "score", "takes", "to_position", "wanted",
]  # fmt: skip
