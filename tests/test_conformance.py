"""Every game keeps the contract of ``squares.games.base.Game`` over many random games.

For 1,000 Foursquare deals and 240 Union Square deals (each half small numbers, half
spread over the whole range), a random player plays to the end, and at every step:

- every listed legal move applies without error through the checked ``apply``,
  and the unchecked ``play`` gives the same state for the move played;
- the status is playing, won or lost; a finished game lists no legal move, a game
  in play lists at least one;
- Foursquare has a score exactly when won; Union Square's score is the number of cards
  on its foundations and never goes down.

Union Square games are long, so its player takes foundation moves first, else with
some probability a tableau move (at most a few between two deals), else deals. Once
the stock is empty it tries a few more tableau moves, then gives up: the engine keeps
a game going while *some* sequence of moves reaches a foundation, which random moves
often miss. Such a game is abandoned, not finished.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from squares.cards import MAX_DEAL
from squares.games import Status, get_game
from squares.games.union_square import DEAL
from squares.games.union_square.moves import FOUNDATION

CHUNKS = 10
_spread = random.Random(20240601)
SPREAD = [_spread.randint(0, MAX_DEAL) for _ in range(500)]


def deals(count: int) -> list[int]:
    """``count`` deals: the first half small numbers, the rest spread over the whole range."""
    return list(range(count // 2)) + SPREAD[: count - count // 2]


# A Union Square game checks about 50 moves at each of its 150 or so positions: 240 games
# check some 2 million moves (the reference model compares the lists themselves).
FOURSQUARE_DEALS = deals(1000)
UNION_SQUARE_DEALS = deals(240)


def chunk_of(every: list[int], chunk: int) -> list[int]:
    size = len(every) // CHUNKS
    return every[chunk * size : (chunk + 1) * size]


TABLEAU_CHANCE = 0.3
TABLEAU_MOVES_BETWEEN_DEALS = 3
TABLEAU_MOVES_AFTER_THE_STOCK = 20

FINISHED = {Status.WON, Status.LOST}


def check_step(game: Any, state: Any, deal: int) -> tuple[Status, list[Any]]:
    """Check the contract at one position; return its status and legal moves."""
    status = game.status(state)
    assert status in (Status.PLAYING, Status.WON, Status.LOST), (deal, status)
    legal = game.legal_moves(state)
    if status in FINISHED:
        assert legal == [], f"deal {deal}: a {status} game lists moves {legal}"
    else:
        assert legal, f"deal {deal}: a game in play lists no legal move"
    for move in legal:
        game.apply(state, move)
    return status, legal


def play_foursquare(deal: int) -> Status:
    game = get_game("foursquare")
    rng = random.Random(deal)
    state = game.new(deal)
    while True:
        status, legal = check_step(game, state, deal)
        score = game.score(state)
        assert (score is not None) == (status is Status.WON), (deal, status, score)
        if status in FINISHED:
            return status
        move = rng.choice(legal)
        after = game.apply(state, move)
        assert game.play(state, move) == after
        state = after


def play_union_square(deal: int) -> Status | None:
    """Play one deal; the final status, or ``None`` if the player gave up."""
    game = get_game("union-square")
    rng = random.Random(deal)
    state = game.new(deal)
    previous_score = 0
    shuffles = 0  # tableau moves since the last deal
    while True:
        status, legal = check_step(game, state, deal)
        score = game.score(state)
        assert score == sum(len(f) for f in state.foundations), deal
        assert score >= previous_score, f"deal {deal}: the score went down"
        previous_score = score
        if status in FINISHED:
            return status
        to_foundation = [m for m in legal if m.target == FOUNDATION]
        to_tableau = [m for m in legal if not m.is_deal and m.target != FOUNDATION]
        if to_foundation:
            move = rng.choice(to_foundation)
        elif to_tableau and (
            (shuffles < TABLEAU_MOVES_BETWEEN_DEALS and rng.random() < TABLEAU_CHANCE)
            or (not state.stock and shuffles < TABLEAU_MOVES_AFTER_THE_STOCK)
        ):
            move = rng.choice(to_tableau)
            shuffles += 1
        elif state.stock:
            move = DEAL
            assert move in legal, f"deal {deal}: cards in the stock but no deal listed"
            shuffles = 0
        else:
            return None
        after = game.apply(state, move)
        assert game.play(state, move) == after
        state = after


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_foursquare_random_games_keep_the_contract(chunk: int) -> None:
    results = [play_foursquare(deal) for deal in chunk_of(FOURSQUARE_DEALS, chunk)]
    assert set(results) <= FINISHED


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_union_square_random_games_keep_the_contract(chunk: int) -> None:
    results = [play_union_square(deal) for deal in chunk_of(UNION_SQUARE_DEALS, chunk)]
    finished = [r for r in results if r is not None]
    # Many games end with the engine calling them over (about half: in the others a card
    # could still reach a foundation, but random moves do not find the way).
    assert len(finished) >= len(results) // 4, results
