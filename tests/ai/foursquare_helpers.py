"""Foursquare positions for the AI tests, written as ``{(row, col): "pile"}``.

A pile lists its cards bottom to top; a card is face up unless marked with a leading
``~``: ``"4S ~TC"`` is a four of spades under a face-down ten of clubs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from squares.ai.foursquare import board as fast
from squares.ai.foursquare.perfect import Perfect
from squares.cards import Card, foursquare_deck
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState, Placement

GAME = Foursquare()
Cell = tuple[int, int]

# The designer's worked example (rules page): 6♦ to place; D1 (0,3) makes five face down.
WORKED_EXAMPLE: dict[Cell, str] = {
    (0, 0): "9S",
    (0, 1): "4S TC",
    (1, 1): "7H ~8D",
    (1, 2): "6C",
    (1, 3): "4H",
    (2, 2): "3S",
    (2, 3): "2H",
}
# Fifteen face-up piles: 5♥ at 3,3 is between 4, 7, 2 (row) and ties 3, 8, 5 (column).
FIFTEEN: dict[Cell, str] = {
    (0, 0): "AC", (0, 1): "2C", (0, 2): "3C", (0, 3): "3D",
    (1, 0): "5C", (1, 1): "6C", (1, 2): "9C", (1, 3): "8C",
    (2, 0): "9D", (2, 1): "TC", (2, 2): "AD", (2, 3): "5D",
    (3, 0): "4D", (3, 1): "7D", (3, 2): "2D",
}  # fmt: skip


def position(layout: dict[Cell, str], hand: str, stock: str | None = None) -> FoursquareState:
    """A state with these piles, ``hand`` to place, then ``stock`` (else every unused card)."""
    grid = tuple(
        sorted(
            (cell, tuple((Card.parse(t.lstrip("~")), not t.startswith("~")) for t in spec.split()))
            for cell, spec in layout.items()
        )
    )
    used = [card for _, pile in grid for card, _ in pile] + [Card.parse(hand)]
    if stock is None:
        rest = [card for card in foursquare_deck() if card not in used]
    else:
        rest = [Card.parse(text) for text in stock.split()]
    return FoursquareState(0, grid, (*used[-1:], *rest))


def random_games(deals: range, seed: int = 0) -> Iterator[list[FoursquareState]]:
    """Each deal played to its end, half by random placements, half by careful ones
    (the fewest face-down piles, then the most piles), so full grids and wins come up."""
    rng = random.Random(seed)
    for deal in deals:
        careful = deal % 2 == 0
        state = GAME.new(deal)
        states = [state]
        while GAME.status(state) is Status.PLAYING:
            options = GAME.legal_moves(state)
            if careful:
                worth = {m: careful_worth(GAME.play(state, m)) for m in options}
                options = [m for m in options if worth[m] == max(worth.values())]
            state = GAME.apply(state, rng.choice(options))
            states.append(state)
        yield states


def careful_worth(state: FoursquareState) -> int:
    status = GAME.status(state)
    if status is not Status.PLAYING:
        return 1000 if status is Status.WON else -1000
    return len(state.grid) - 3 * state.face_down_count


def at(text: str) -> Placement:
    return Placement.parse(text)


def box_win(board: fast.Board, ranks: tuple[int, ...], covers: int) -> bool:
    """Brute force by the rules: whether ``ranks`` in order, at most ``covers`` of them on
    piles (which take a card while they hold fewer than four), win from ``board``."""
    if fast.is_won(board):
        return True
    if 16 - fast.piles(board) > len(ranks):
        return False
    for move in fast.moves(board):
        on_pile = move < fast.UP and bool(board[2] & fast.BIT[move])
        if on_pile and not covers:
            continue
        child = fast.play(board, move, ranks[0])
        if not fast.is_lost(child) and box_win(child, ranks[1:], covers - on_pile):
            return True
    return False


def searched_as_merged(
    search: Perfect, other: fast.Board, ranks: list[int], covers: int, won: bool
) -> None:
    """``other`` searched after a position whose answer was ``won``, by the same
    ``search``, as a position the memo merges with it: the same answer, brute force's
    too, and where there is no win, no position at all (the memo had the failure)."""
    before = search.budget.nodes
    assert (search.line(other, 0, covers=covers) is not None) == won
    assert box_win(other, tuple(ranks), covers) == won
    if not won:
        assert search.budget.nodes == before


def searched_two_ways(
    positions: list[tuple[fast.Board, list[int]]],
    rng: random.Random,
    merged: Callable[[fast.Board], fast.Board],
) -> dict[bool, int]:
    """Late positions of 10 to 12 piles with their cards to come, those of the game (so
    some win) or random, as many as fill the grid and two more: each searched, then
    ``merged(position)`` by the same search (``searched_as_merged``). How many won, how
    many did not."""
    answers = {True: 0, False: 0}
    for board, coming in positions:
        ranks = coming[: 18 - fast.piles(board)]
        if not 10 <= fast.piles(board) <= 12 or len(ranks) < 18 - fast.piles(board):
            continue
        if rng.random() < 0.5:
            ranks = [rng.randint(1, 10) for _ in ranks]
        search = Perfect(ranks)
        won = search.line(board, 0, covers=2) is not None
        assert won == box_win(board, tuple(ranks), 2)
        searched_as_merged(search, merged(board), ranks, 2, won)
        answers[won] += 1
    return answers
