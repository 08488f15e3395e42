"""The layers of a class with a free pile (``layers.layers``): compiled, they equal the
same function run as plain Python, and they are what a layer is by definition."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squares.ai.compiled import COMPILED
from squares.ai.union_square import layers
from squares.ai.union_square.fast import Position
from tests.ai.test_union_square_fast import random_line


def _cards_of_random_games(games: int) -> Iterator[bytes]:
    """The tableau's cards, and with the waste's top card, along random games."""
    for deal in range(games):
        for state in random_line(deal, random.Random(deal), 300)[::3]:
            position = Position.of(state)
            cards = b"".join(position.tableau)
            yield cards
            yield cards + position.waste[-1:]


@pytest.mark.skipif(not COMPILED, reason="without numba there is only the Python function")
def test_compiled_layers_equal_the_python_function_on_random_games() -> None:
    python_runs = layers.runs.py_func  # type: ignore[attr-defined]
    checked = 0
    for cards in _cards_of_random_games(12):
        array = numpy.frombuffer(bytes(sorted(cards)), dtype=numpy.uint8)
        assert layers.runs(array).tolist() == python_runs(array).tolist()
        checked += 1
    assert checked > 500


def _maximal_runs(cards: list[int]) -> list[bytes]:
    """Distinct sorted cards cut wherever the next card is not the next rank of the suit."""
    found: list[bytes] = []
    for card in cards:
        if found and found[-1][-1] == card - 1 and card % 13 != 0:
            found[-1] += bytes((card,))
        else:
            found.append(bytes((card,)))
    return found


# A tableau's cards: any of the 52, each at most twice (two decks).
tableau_cards = st.lists(st.integers(0, 51), max_size=104).map(
    lambda cards: bytes(card for card, n in Counter(cards).items() for _ in range(min(n, 2)))
)


@settings(max_examples=300)
@given(cards=tableau_cards)
def test_layers_are_the_maximal_runs_held_once_then_twice_in_as_few_piles_as_needed(
    cards: bytes,
) -> None:
    held = Counter(cards)
    once = _maximal_runs(sorted(held))
    twice = _maximal_runs(sorted(card for card, n in held.items() if n == 2))
    found = layers.layers(cards)
    assert found == sorted(once + twice)
    assert sorted(b"".join(found)) == sorted(cards)
    assert len(found) == _piles_needed(held)


def _piles_needed(held: Counter[int]) -> int:
    """The fewest piles that hold the cards: a pile starts wherever a card's count rises
    above the count of the card below it in its suit."""
    return sum(max(0, held[card] - (held[card - 1] if card % 13 else 0)) for card in range(52))


def test_layers_of_a_free_pile_s_class_keep_each_suit_apart() -> None:
    """A King and the next suit's Ace are not neighbours: two layers, not one run."""
    assert layers.layers(bytes([11, 12, 13, 14])) == [bytes([11, 12]), bytes([13, 14])]
