"""The exact "over, not won" test of Union Square, against hand-built positions and a
brute-force search over every reachable position."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squares.cards import SUITS, Card, Suit
from squares.games.union_square.piles import Pile, foundation_for, pile_accepts
from squares.games.union_square.stuck import is_stuck

C, D, H, S = SUITS
PILES = 16


def cards(text: str) -> Pile:
    return tuple(Card.parse(word) for word in text.split())


def tableau(*piles: str, size: int = PILES) -> tuple[Pile, ...]:
    """Piles written bottom to top ("5C 6C 7C"); the rest of the ``size`` piles empty."""
    return tuple(cards(text) for text in piles) + ((),) * (size - len(piles))


def foundation(suit: Suit, length: int) -> Pile:
    """A suit's foundation holding its first ``length`` cards: Ace up to King, King down."""
    return tuple(Card(i + 1 if i < 13 else 26 - i, suit) for i in range(length))


def foundations(**lengths: int) -> tuple[Pile, ...]:
    """Foundations by suit letter, ``foundations(C=4)``; the others empty."""
    piles = [foundation(Suit(letter), n) for letter, n in lengths.items() if n]
    return tuple(piles) + ((),) * (4 - len(piles))


# One-card hearts and spades piles of even rank, each twice: no two are a rank apart,
# so nothing moves among them and clubs and diamonds are free for the experiments.
FROZEN = tuple(f"{rank}{suit}" for rank in "2468TQ" for suit in "HS") * 2


def brute_force_stuck(waste: Pile, piles: tuple[Pile, ...], founds: tuple[Pile, ...]) -> bool:
    """Breadth-first search over whole positions with no pruning at all, each order of the
    same piles searched once (the rules name no pile, so the order changes no move)."""
    start = (waste, piles)
    seen = {(waste, tuple(sorted(piles)))}
    queue = deque([start])
    while queue:
        rest, table = queue.popleft()
        tops = [rest[-1]] if rest else []
        tops += [pile[-1] for pile in table if pile]
        if any(foundation_for(founds, card) is not None for card in tops):
            return False
        successors = []
        for target, pile in enumerate(table):
            if rest and pile_accepts(pile, rest[-1]):
                moved = (*table[:target], (*pile, rest[-1]), *table[target + 1 :])
                successors.append((rest[:-1], moved))
            for source, other in enumerate(table):
                if source != target and other and pile_accepts(pile, other[-1]):
                    grown = list(table)
                    grown[target] = (*pile, other[-1])
                    grown[source] = other[:-1]
                    successors.append((rest, tuple(grown)))
        for position in successors:
            key = (position[0], tuple(sorted(position[1])))
            if key not in seen:
                seen.add(key)
                queue.append(position)
    return True


# -- hand-built positions ---------------------------------------------------------------


def test_game_is_not_over_when_a_foundation_move_is_available_now() -> None:
    assert not is_stuck(cards("5C"), tableau(*FROZEN[:16]), foundations(C=4))


def test_game_is_over_when_nothing_can_move_and_no_wanted_card_is_on_top() -> None:
    assert is_stuck(cards("5C 2D"), tableau(*FROZEN[:16]), foundations(C=4))


def test_game_is_not_over_when_the_waste_can_be_dug_into_empty_piles() -> None:
    # 5C lies under three cards that fit nowhere, nor on one another: three empty piles.
    waste = cards("5C 2D 4D 9C")
    assert not is_stuck(waste, tableau(*FROZEN[:13]), foundations(C=4))
    assert is_stuck(waste, tableau(*FROZEN[:14]), foundations(C=4))


def test_game_is_not_over_when_waste_cards_can_build_on_one_empty_pile() -> None:
    assert not is_stuck(cards("5C 3D 2D"), tableau(*FROZEN[:15]), foundations(C=4))
    assert is_stuck(cards("5C 3D 9C"), tableau(*FROZEN[:15]), foundations(C=4))


def test_game_is_not_over_when_a_buried_card_can_be_dug_out_onto_an_empty_pile() -> None:
    # 8C, 7C, 6C go one by one onto the one empty pile, building it down.
    assert not is_stuck((), tableau("3C 4C 5C 6C 7C 8C", *FROZEN[:14]), foundations(C=4))
    assert is_stuck((), tableau("3C 4C 5C 6C 7C 8C", *FROZEN[:15]), foundations(C=4))


def test_game_is_not_over_when_a_run_can_be_poured_reversed_onto_another_pile() -> None:
    # No empty pile: 8C, 7C, 6C go onto the TC-9C pile, which builds down.
    assert not is_stuck((), tableau("5C 6C 7C 8C", "TC 9C", *FROZEN[:14]), foundations(C=4))
    # The 9C-TC pile builds up: it takes only a JC.
    assert is_stuck((), tableau("5C 6C 7C 8C", "9C TC", *FROZEN[:14]), foundations(C=4))


def test_game_is_not_over_when_the_cards_above_can_be_split_between_piles() -> None:
    # 7C goes onto the lone 6C, then 6C onto the lone 7C: neither pile takes both.
    assert not is_stuck((), tableau("5C 6C 7C", "6C", "7C", *FROZEN[:13]), foundations(C=4))
    assert is_stuck((), tableau("5C 6C 7C", "6C", "8D", *FROZEN[:13]), foundations(C=4))


def test_game_is_not_over_when_a_waste_card_bridges_two_runs() -> None:
    # 8C from the waste extends the TC-9C pile down, which then takes 7C and 6C.
    piles = tableau("5C 6C 7C", "TC 9C", *FROZEN[:14])
    assert not is_stuck(cards("8C"), piles, foundations(C=4))
    assert is_stuck(cards("8D"), piles, foundations(C=4))


def test_game_is_not_over_when_a_waste_card_lets_a_pile_be_emptied() -> None:
    # 7D joins the lone 6D and 8D; the emptied pile then takes 2C, uncovering 5C.
    piles = tableau("8D", "6D", *FROZEN[:14])
    assert not is_stuck(cards("5C 2C 7D"), piles, foundations(C=4))
    assert is_stuck(cards("5C 2C 9D"), piles, foundations(C=4))


def test_game_is_not_over_when_waste_cards_build_on_piles_after_filling_the_last_one() -> None:
    # 8C takes the last empty pile; then 7D goes on the 8D and 9C on the 8C.
    piles = tableau("8D", *FROZEN[:14])
    assert not is_stuck(cards("5C 9C 7D 8C"), piles, foundations(C=4))
    assert is_stuck(cards("5C 9C 2D 8C"), piles, foundations(C=4))


def test_game_is_not_over_when_a_bridge_empties_a_pile_after_the_last_was_filled() -> None:
    # 8D fills the last pile; 7D joins 6D and 8D, freeing a pile for 2C; then 5C is free.
    piles = tableau("6D", *FROZEN[:14])
    assert not is_stuck(cards("5C 2C 7D 8D"), piles, foundations(C=4))
    assert is_stuck(cards("5C 2C 9D 8D"), piles, foundations(C=4))


def test_a_full_piles_direction_decides_whether_a_waste_card_fits() -> None:
    assert not is_stuck(cards("5C 2D"), tableau("4D 3D", *FROZEN[:15]), foundations(C=4))
    assert is_stuck(cards("5C 2D"), tableau("3D 4D", *FROZEN[:15]), foundations(C=4))


def test_game_is_not_over_when_a_spare_pile_lets_a_run_be_turned_round() -> None:
    # 4D then 3D go onto the empty pile, which then takes 2D; 9C takes the freed pile.
    piles = tableau("3D 4D", *FROZEN[:14])
    assert not is_stuck(cards("5C 9C 2D"), piles, foundations(C=4))
    assert is_stuck(cards("5C JC 9C 2D"), piles, foundations(C=4))


def test_a_full_foundation_wants_nothing() -> None:
    every_suit_done = tuple(foundation(suit, 26) for suit in SUITS)
    assert is_stuck((), tableau(), every_suit_done)
    # Clubs are done; diamonds want the 6D, which the empty pile lets out.
    founds = (foundation(C, 26), foundation(D, 5), foundation(H, 0), foundation(S, 0))
    assert not is_stuck(cards("6D 3D"), tableau(*FROZEN[:15]), founds)
    assert is_stuck(cards("6D 9D 3D"), tableau(*FROZEN[:15]), founds)


def test_the_second_ace_of_a_suit_never_starts_a_foundation() -> None:
    # Empty foundations are free, but clubs already have one: the AC is not wanted.
    assert is_stuck(cards("AC"), tableau(*FROZEN[:16]), foundations(C=4))
    assert not is_stuck(cards("AD"), tableau(*FROZEN[:16]), foundations(C=4))


def test_game_is_not_over_when_the_second_king_can_be_dug_out() -> None:
    # Diamonds hold A..K: the foundation now wants the other KD, under QD and JD.
    founds = foundations(D=13)
    assert not is_stuck((), tableau("KD QD JD", "9D TD", *FROZEN[:14]), founds)
    assert is_stuck((), tableau("KD QD JD", "TD 9D", *FROZEN[:14]), founds)


def test_game_is_not_over_when_an_ace_for_an_empty_foundation_can_be_reached() -> None:
    assert not is_stuck(cards("AS 4D"), tableau(*FROZEN[:15]), foundations(C=4))
    assert is_stuck(cards("AS 4D"), tableau(*FROZEN[:16]), foundations(C=4))


# -- against brute force ----------------------------------------------------------------

TOP_RANK = 7  # small positions: ranks Ace to 7, which the foundations may want going up or down
LENGTHS = (*range(TOP_RANK), *range(26 - TOP_RANK, 27))  # wants 1..7, then 7..1, then nothing


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[Pile, tuple[Pile, ...], tuple[Pile, ...]]:
    """A valid stock-empty position over one to five piles: runs, at most two of any card.

    ``is_stuck`` takes any number of piles. With five or fewer the brute force stays
    small, and full piles, a last spare pile and rigid layouts all come up often. Ranks
    stop at 7 so that cards meet often; a run whose cards are used up becomes an empty pile.
    """
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    lengths = [draw(st.sampled_from(LENGTHS if suit in suits else (0, 1))) for suit in SUITS]
    founds = [foundation(suit, length) for suit, length in zip(SUITS, lengths, strict=True)]
    left = {Card(rank, suit): 2 for suit in suits for rank in range(1, TOP_RANK + 1)}
    for card in (card for pile in founds for card in pile if card in left):
        left[card] -= 1

    def take(wanted: list[Card]) -> bool:
        if any(wanted.count(card) > left.get(card, 0) for card in wanted):
            return False
        for card in wanted:
            left[card] -= 1
        return True

    piles: list[Pile] = []
    for _ in range(draw(st.integers(1, 5))):
        suit = draw(st.sampled_from(suits))
        start = draw(st.integers(1, TOP_RANK))
        length = draw(st.integers(0, 3))
        step = draw(st.sampled_from((1, -1)))
        if not 1 <= start + step * (length - 1) <= TOP_RANK:
            step = -step
        run = [Card(start + step * i, suit) for i in range(length)]
        piles.append(tuple(run) if take(run) else ())
    waste = [
        card for card in draw(st.lists(st.sampled_from(sorted(left)), max_size=5)) if take([card])
    ]
    order = draw(st.permutations(range(4)))
    return tuple(waste), tuple(piles), tuple(founds[i] for i in order)


@pytest.mark.long
@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_stuck_agrees_with_a_brute_force_search(
    position: tuple[Pile, tuple[Pile, ...], tuple[Pile, ...]],
) -> None:
    waste, piles, founds = position
    assert is_stuck(waste, piles, founds) == brute_force_stuck(waste, piles, founds)
