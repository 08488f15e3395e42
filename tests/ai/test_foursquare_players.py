"""Foursquare players: they never read the stock's order, never throw a game away while a
safe placement exists, and their hints say what the placement flips."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from squares.ai import get_player, player_names
from squares.ai.foursquare import PLAYERS, SamplingPlayer
from squares.ai.foursquare.hints import explain
from squares.ai.foursquare.observation import Observation
from squares.errors import SessionError
from squares.games.base import Status
from squares.games.foursquare import FoursquareState
from tests.ai.foursquare_helpers import FIFTEEN, GAME, WORKED_EXAMPLE, at, position, random_games

SLOW_PLAYERS = ("expectimax", "sampling")  # a tenth of a second or more a move
FAST_PLAYERS = [name for name in PLAYERS if name not in SLOW_PLAYERS]


def sample_states(deals: range, every: int) -> list[FoursquareState]:
    return [state for states in random_games(deals) for state in states[:-1:every]]


def shuffled_stock(state: FoursquareState, seed: int) -> FoursquareState:
    """The same position with the unseen cards (after the card in hand) in another order."""
    stock = list(state.remaining[1:])
    random.Random(seed).shuffle(stock)
    return replace(state, remaining=(state.remaining[0], *stock))


def test_players_are_listed_strongest_first_with_the_default_first() -> None:
    assert player_names("foursquare") == [
        "expectimax",
        "sampling",
        "expectimax-2",
        "greedy",
        "random",
    ]
    assert get_player("foursquare").name == "expectimax"


def test_observation_holds_the_unseen_cards_sorted_not_in_stock_order() -> None:
    state = GAME.new(3)
    seen = Observation.of(GAME.observe(state))
    assert seen.hand == state.remaining[0]
    assert sorted(seen.unseen) == sorted(state.remaining[1:])
    assert seen.unseen != state.remaining[1:]
    assert Observation.of(GAME.observe(shuffled_stock(state, 1))) == seen


@pytest.mark.parametrize("name", list(PLAYERS))
def test_decision_and_hint_do_not_change_when_the_unseen_cards_are_shuffled(name: str) -> None:
    # The sampling player's orders come from what it sees, whatever its budget: a small
    # one (a twelfth of the CPU) decides on fewer orders, so a seed that read the stock's
    # order would change its choices more often, not less.
    player = SamplingPlayer(24, 500) if name == "sampling" else get_player("foursquare", name)
    every = 9 if name in SLOW_PLAYERS else 3
    for state in sample_states(range(4), every):
        choice, hint = player.choose(GAME.observe(state)), player.hint(GAME.observe(state))
        assert hint.move == str(choice)
        for seed in range(2):
            other = shuffled_stock(state, seed)
            assert player.choose(GAME.observe(other)) == choice
            assert player.hint(GAME.observe(other)) == hint


@pytest.mark.parametrize("name", FAST_PLAYERS[:-1])  # every player but random
def test_never_a_losing_placement_while_another_exists(name: str) -> None:
    player = get_player("foursquare", name)
    mixed = 0
    for state in sample_states(range(40), 1):
        loses = {move: GAME.loses(state, move) for move in GAME.legal_moves(state)}
        if any(loses.values()) and not all(loses.values()):
            mixed += 1
            assert not loses[player.choose(GAME.observe(state))]
    assert mixed > 10  # the games did reach such positions


def test_greedy_avoids_the_five_face_down_placement_of_the_worked_example() -> None:
    # D1 would turn A1, B1, D2 and D3 down: with B2 that is five face-down piles.
    state = position(
        WORKED_EXAMPLE,
        "6D",
    )
    assert GAME.loses(state, at("0,3"))
    for name in FAST_PLAYERS[:-1]:
        assert str(get_player("foursquare", name).choose(GAME.observe(state))) != "0,3"


def test_every_choice_is_legal_in_whole_games() -> None:
    for name in FAST_PLAYERS:
        player = get_player("foursquare", name)
        state = GAME.new(5)
        while GAME.status(state) is Status.PLAYING:
            # every move checked by the rules engine
            state = GAME.apply(state, player.choose(GAME.observe(state)))


def test_choosing_after_the_game_is_over_is_refused() -> None:
    state = GAME.new(5)
    while GAME.status(state) is Status.PLAYING:
        state = GAME.play(state, GAME.legal_moves(state)[0])
    with pytest.raises(SessionError):
        get_player("foursquare", "greedy").choose(GAME.observe(state))


# -- hints ---------------------------------------------------------------------------------
EXAMPLE = WORKED_EXAMPLE


def explain_at(state: FoursquareState, cell: str) -> str:
    seen = Observation.of(GAME.observe(state))
    move = next(m for m in range(24) if m in _moves(seen) and _cell(seen, m) == cell)
    return explain(seen, move)


def _moves(seen: Observation) -> list[int]:
    from squares.ai.foursquare.board import moves

    return moves(seen.board)


def _cell(seen: Observation, move: int) -> str:
    from squares.ai.foursquare.board import to_cell

    row, col = to_cell(move, seen.origin)
    return f"{row},{col}"


def test_hint_names_the_cards_turned_down_and_the_piles_turned_up() -> None:
    text = explain_at(position(EXAMPLE, "6D"), "2,1")  # B3 in the designer's example
    assert text == (
        "Place 6♦ at 2,1 (a new pile): flips 10♣, 3♠ and 2♥ face down and the "
        "face-down pile at 1,1 face up; leaves 3 piles face down"
    )


def test_hint_says_when_nothing_flips_and_when_a_face_down_pile_is_covered() -> None:
    text = explain_at(position(EXAMPLE, "6D"), "1,1")  # B2: ties the 6♣, so no row flip
    assert text.startswith("Place 6♦ at 1,1 on the face-down pile there: flips 10♣ face down")
    quiet = explain_at(position({(0, 0): "9S", (0, 1): "9C"}, "9D"), "0,0")
    assert quiet == "Place 9♦ at 0,0 on 9♠: flips nothing; leaves no pile face down"


def test_hint_says_a_losing_placement_loses_and_a_winning_one_wins() -> None:
    assert explain_at(position(EXAMPLE, "6D"), "0,3").endswith("5 piles face down: this loses")
    fifteen = FIFTEEN
    won = explain_at(position(fifteen, "5H", "AH TH"), "3,3")
    assert (
        won
        == "Place 5♥ at 3,3 (a new pile): flips nothing, and wins with 2 cards left in the stock"
    )
    last = explain_at(position(fifteen, "5H", ""), "1,1")  # on the 6♣: nothing flips
    assert last == "Place 5♥ at 1,1 on 6♣: flips nothing; it is the last card: this loses"


@pytest.mark.parametrize("name", FAST_PLAYERS)
def test_hint_text_matches_the_flips_of_the_rules_engine(name: str) -> None:
    player = get_player("foursquare", name)
    for state in sample_states(range(6), 4):
        hint = player.hint(GAME.observe(state))
        move = at(hint.move)
        after = GAME.play(state, move)
        assert hint.reason.startswith(f"Place {state.remaining[0].pretty} at {hint.move}")
        for cell in GAME.flips(state, move):
            card, face_up = state.piles[cell][-1]
            expected = card.pretty if face_up else f"the face-down pile at {cell[0]},{cell[1]}"
            assert expected in hint.reason
        if not GAME.flips(state, move):
            assert "flips nothing" in hint.reason
        if GAME.status(after) is Status.PLAYING:
            down = after.face_down_count
            assert hint.reason.endswith(
                "leaves no pile face down"
                if down == 0
                else f"leaves {down} pile{'s' if down > 1 else ''} face down"
            )


@pytest.mark.parametrize("name", [name for name in PLAYERS if name != "random"])
def test_every_player_takes_the_win_when_one_placement_wins(name: str) -> None:
    # 5♥ at 3,3 completes the grid with nothing flipped: a win with 2 cards to spare;
    # every other placement covers a pile and leaves the grid one short.
    hint = get_player("foursquare", name).hint(GAME.observe(position(FIFTEEN, "5H", "AH TH")))
    assert hint.move == "3,3" and "wins with 2 cards left" in hint.reason


@pytest.mark.parametrize("name", [name for name in PLAYERS if name != "random"])
def test_every_player_turns_down_the_placement_that_makes_five_piles_face_down(
    name: str,
) -> None:
    # The rules page's worked example: on D1 the 6♦ turns four piles down (five in all).
    hint = get_player("foursquare", name).hint(GAME.observe(position(EXAMPLE, "6D")))
    assert hint.move != "0,3" and "this loses" not in hint.reason
