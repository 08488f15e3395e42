"""The one line that goes with a suggested placement: what it flips, what it leaves.

Cards turned face down are named (the player sees them now); piles turned face up are
named by where they are, as the player sees a card back there.

>>> from squares.games.foursquare import Foursquare
>>> from squares.ai.foursquare.observation import Observation
>>> game = Foursquare()
>>> state = game.apply_text(game.new(7), "0,0")  # A♥ starts the grid; 8♠ is in hand
>>> explain(Observation.of(state), 1)
'Place 8♠ at 0,1 (a new pile): flips A♥ face down; leaves 1 pile face down'
"""

from __future__ import annotations

from squares.ai.foursquare.board import (
    BIT,
    MAX_DOWN,
    face_down,
    indices,
    is_won,
    moves,
    next_origin,
    play,
    shift,
    to_cell,
    turned,
)
from squares.ai.foursquare.observation import Observation


def _cell(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _piles(count: int) -> str:
    return f"{count} pile" if count == 1 else f"{count} piles"


def explain(seen: Observation, move: int) -> str:
    """``Place 7♥ at 0,2 on 5♣: flips 3♣ face down and the face-down pile at 1,2 face up;
    leaves 2 piles face down`` (or how it wins, or that it loses)."""
    hand = seen.hand
    cell = to_cell(move, seen.origin)
    piles = dict(seen.grid)
    if cell not in piles:
        where = " (a new pile)"
    elif piles[cell][-1][1]:
        where = f" on {piles[cell][-1][0].pretty}"
    else:
        where = " on the face-down pile there"
    before, _ = shift(seen.board, move)
    after = play(seen.board, move, hand.rank)
    origin = next_origin(seen.origin, move)
    downs: list[str] = []
    ups: list[str] = []
    for i in indices(turned(seen.board, move, hand.rank)):
        there = to_cell(i, origin)
        if before[1] & BIT[i]:
            downs.append(piles[there][-1][0].pretty)
        else:
            ups.append(f"the face-down pile at {_cell(there)}")
    flips = []
    if downs:
        flips.append(_join(downs) + " face down")
    if ups:
        flips.append(_join(ups) + " face up")
    text = f"Place {hand.pretty} at {_cell(cell)}{where}: "
    text += ("flips " + " and ".join(flips)) if flips else "flips nothing"
    left = face_down(after)
    if is_won(after):
        cards = "1 card" if seen.left == 1 else f"{seen.left} cards"
        return text + f", and wins with {cards} left in the stock"
    if left > MAX_DOWN or not seen.unseen:
        why = f"{left} piles face down" if left > MAX_DOWN else "it is the last card"
        forced = all(seen.loses(other) for other in moves(seen.board))
        return text + f"; {why}: this loses" + (" (so does every placement)" if forced else "")
    return text + (f"; leaves {_piles(left)} face down" if left else "; leaves no pile face down")
