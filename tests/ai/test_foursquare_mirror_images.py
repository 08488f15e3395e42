"""A position turned or mirrored in its 4×4 box has the same lines of play, at any
number of piles (rules: the flip rule reads rows and columns, a new pile goes next to a
pile; a turn or a mirror maps lines onto lines and neighbours onto neighbours), so the
solver's memo answers for all eight images at once (``keys.position_key``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squares.ai.foursquare import board as fast
from squares.ai.foursquare.kernel import beside
from squares.ai.foursquare.keys import position_key
from squares.ai.foursquare.perfect import coming_table
from squares.ai.foursquare.symmetry import CELL_IMAGES, LEAST_BOX_IMAGES, extent, image
from tests.ai.foursquare_helpers import random_games, searched_two_ways


def mirrored(board: fast.Board, symmetry: int) -> fast.Board:
    return image(*board, symmetry, 4, 4)


def late_positions(seed: int, games: int) -> list[tuple[fast.Board, list[int]]]:
    """Positions of random games whose piles span the 4×4 box and leave an empty cell no
    pile touches (where ``reordered_key`` does not apply), with the ranks still to come."""
    found = []
    for states in random_games(range(games), seed=seed):
        for state in states:
            board = fast.from_grid(state.grid)[0]
            if fast.is_lost(board) or extent(board[2]) != (4, 4):
                continue
            if beside(board[2]) != fast.ALL & ~board[2]:
                found.append((board, [card.rank for card in state.remaining]))
    return found


@given(st.integers(0, (1 << 16) - 1))
def test_the_chosen_images_of_a_set_of_piles_are_its_least(occupied: int) -> None:
    images = [
        sum(1 << int(CELL_IMAGES[s, i]) for i in range(16) if occupied >> i & 1) for s in range(8)
    ]
    chosen = {s for s in range(8) if int(LEAST_BOX_IMAGES[occupied]) >> s & 1}
    assert chosen == {s for s in range(8) if images[s] == min(images)}


def test_the_eight_images_of_a_position_share_its_memo_key() -> None:
    rng = random.Random(3)
    boards = late_positions(seed=2, games=40)
    assert len(boards) > 100
    for board, _ in boards:
        ranks = [rng.randint(1, 10) for _ in range(40)]
        coming = coming_table(ranks)
        placed, covers = 40 - 2 - (16 - fast.piles(board)), rng.randint(0, 2)
        keys = {position_key(*mirrored(board, s), placed, covers, coming) for s in range(8)}
        assert len(keys) == 1
        # and a position that is not an image of it keys apart: another side of a pile
        pile = rng.choice(fast.indices(board[2]))
        other = (board[0], board[1] ^ (1 << pile), board[2], board[3])
        if all(mirrored(other, s) != board for s in range(8)):
            assert position_key(*other, placed, covers, coming) not in keys


@pytest.mark.long
def test_mirror_images_of_a_position_fail_alike_and_the_memo_knows_it() -> None:
    # Late positions of random games, the cards to come theirs or random (all new piles
    # and two on piles): the search of a mirror image, after the search of the position
    # itself, agrees with brute force, and where there is no win it takes no position.
    rng = random.Random(5)
    answers = searched_two_ways(
        late_positions(seed=4, games=20), rng, lambda board: mirrored(board, rng.randint(1, 7))
    )
    assert answers[True] > 5 and answers[False] > 5
