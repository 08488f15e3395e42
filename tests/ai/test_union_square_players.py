"""Union Square players: they never read the stock's order, greedy homes first, builds
without rearranging and resigns when it has nothing obvious left, hints say what a move
frees or builds, and the default player wins the deals it is given."""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
from dataclasses import replace

import pytest

from squares.ai import get_player, player_names
from squares.ai.base import Resign
from squares.ai.union_square import PLAYERS
from squares.ai.union_square.fast import Position
from squares.ai.union_square.players import Builder, Greedy, Keeper, Observation, next_home
from squares.cards import SUITS, Card, Suit
from squares.errors import SessionError
from squares.games.base import Status
from squares.games.union_square import DEAL, Move, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION, WASTE
from squares.survey.deals import play_deal

GAME = UnionSquare()


def positions_along(deal: int, moves: int) -> list[UnionSquareState]:
    """Positions of a game played by the default player."""
    player = Keeper()
    state = GAME.new(deal)
    states = [state]
    for _ in range(moves):
        if GAME.status(state) is not Status.PLAYING:
            break
        state = GAME.apply(state, player.choose(GAME.observe(state)))
        states.append(state)
    return states


def test_players_never_read_the_stock_order() -> None:
    rng = random.Random(3)
    for state in positions_along(12, 160)[::7]:
        stock = list(state.stock)
        rng.shuffle(stock)
        other = replace(state, stock=tuple(stock))
        for name in PLAYERS:
            assert get_player("union-square", name).hint(GAME.observe(state)) == get_player(
                "union-square", name
            ).hint(GAME.observe(other))
            assert get_player("union-square", name).choose(GAME.observe(state)) == get_player(
                "union-square", name
            ).choose(GAME.observe(other))


def test_the_observation_holds_the_stock_only_as_sorted_cards() -> None:
    state = GAME.new(5)
    seen = Observation.of(GAME.observe(state))
    assert len(seen.unseen) == len(state.stock)
    assert list(seen.unseen) == sorted(seen.unseen) != list(Position.of(state).stock)


def test_greedy_prefers_a_foundation_move() -> None:
    state = GAME.new(0)
    ace = Card(1, SUITS[2])
    piles = ((ace,), *state.tableau[1:])
    state = UnionSquareState(0, state.stock, (Card(5, SUITS[2]),), piles, state.foundations)
    assert Greedy().choose(GAME.observe(state)) == Move(0, FOUNDATION)
    assert "foundation" in Greedy().hint(GAME.observe(state)).reason


def test_greedy_builds_from_the_waste_before_dealing() -> None:
    state = GAME.new(0)
    top = state.tableau[3][-1]
    below = Card(top.rank - 1 if top.rank > 1 else 2, top.suit)
    state = replace(state, waste=(below,))
    assert Greedy().choose(GAME.observe(state)) == Move(WASTE, 3)


def test_greedy_moves_a_one_card_pile_onto_a_pile_that_takes_it() -> None:
    clubs, hearts = SUITS[0], SUITS[2]
    piles = ((Card(4, hearts),), (Card(6, hearts), Card(5, hearts)), (Card(9, clubs),))
    state = endgame_state(piles, stock=(Card(12, clubs),))
    assert Greedy().choose(GAME.observe(state)) == Move(0, 1)
    assert "frees t1" in Greedy().hint(GAME.observe(state)).reason


def test_greedy_never_moves_a_card_between_two_multi_card_piles() -> None:
    hearts = SUITS[2]
    down = (Card(9, hearts), Card(8, hearts))  # takes the seven of hearts
    piles = (down, (Card(5, hearts), Card(6, hearts), Card(7, hearts)), ())
    state = endgame_state(piles, stock=(Card(12, hearts),))
    assert Greedy().choose(GAME.observe(state)) == DEAL  # not t2-t1, and not t2 to the empty t3
    for deal in range(3):
        state, player = GAME.new(deal), Greedy()
        while GAME.status(state) is Status.PLAYING:
            try:
                move = player.choose(GAME.observe(state))
            except Resign:
                break
            if move.source >= 0 and move.target >= 0:
                assert len(state.tableau[move.source]) == 1, (deal, str(move))
            state = GAME.apply(state, move)


def test_builder_moves_a_top_card_onto_a_pile_at_least_as_tall_that_takes_it() -> None:
    hearts = SUITS[2]
    tall = (Card(10, hearts), Card(9, hearts), Card(8, hearts))  # down: takes a seven
    state = endgame_state((tall, (Card(8, hearts), Card(7, hearts))), stock=(Card(12, hearts),))
    assert Builder().choose(GAME.observe(state)) == Move(1, 0)  # t2-t1: onto a taller pile
    assert Greedy().choose(GAME.observe(state)) == DEAL  # greedy never builds between piles
    short = endgame_state((tall[1:], (*tall[1:], Card(7, hearts))), stock=(Card(12, hearts),))
    assert Builder().choose(GAME.observe(short)) == DEAL  # never onto a shorter pile


def test_builder_never_goes_round_in_circles_and_plays_every_deal_to_an_end() -> None:
    for deal in range(5):
        played = play_deal("union-square", "builder", deal)
        assert played.score is not None and played.moves < 2_000


def test_greedy_resigns_with_the_stock_empty_and_no_greedy_move() -> None:
    clubs, hearts = SUITS[0], SUITS[2]
    piles = ((Card(4, clubs), Card(5, clubs)), (), (Card(10, hearts),))
    state = endgame_state(piles, stock=(), home={clubs: 3})
    assert GAME.status(state) is Status.PLAYING  # 5♣ to t2 would free 4♣: not over
    with pytest.raises(Resign, match="stock is empty"):
        Greedy().choose(GAME.observe(state))
    with pytest.raises(SessionError, match="greedy resigns"):
        Greedy().hint(GAME.observe(state))


def test_a_game_greedy_resigns_ends_there_with_its_score_not_won() -> None:
    state, player = GAME.new(0), Greedy()
    moves = 0
    with pytest.raises(Resign):
        while True:
            state = GAME.apply(state, player.choose(GAME.observe(state)))
            moves += 1
    assert GAME.status(state) is Status.PLAYING and not state.stock
    played = play_deal("union-square", "greedy", 0)
    assert (played.won, played.score, played.moves) == (False, state.score, moves)
    assert state.score < 104


def test_a_deal_hint_says_why() -> None:
    state, player = GAME.new(0), Greedy()
    while player.hint(GAME.observe(state)).move != str(DEAL):
        state = GAME.apply(state, player.choose(GAME.observe(state)))
    assert player.hint(GAME.observe(state)).reason.startswith("Deal: ")


def test_hints_name_the_card_and_what_the_move_frees() -> None:
    for state in positions_along(3, 120):
        hint = Keeper().hint(GAME.observe(state))
        if "frees" in hint.reason:
            assert hint.reason.startswith("Move ")
            assert " t" in hint.reason
            return
    raise AssertionError("no hint about freeing a pile in 120 moves")


def endgame_state(
    piles: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    home: dict[Suit, int] | None = None,
) -> UnionSquareState:
    """A made-up position: these piles first, the other piles empty, an empty waste and
    ``home[suit]`` cards of each suit on its foundation (Ace up)."""
    foundations = tuple(
        tuple(Card(rank, suit) for rank in range(1, (home or {}).get(suit, 0) + 1))
        for suit in SUITS
    )
    return UnionSquareState(0, stock, (), piles + ((),) * (16 - len(piles)), foundations)


def test_keeper_is_the_default_and_wins_these_deals() -> None:
    assert player_names("union-square")[0] == "keeper"
    for deal in (1, 2):
        player = get_player("union-square")
        state = GAME.new(deal)
        for _ in range(1500):
            if GAME.status(state) is not Status.PLAYING:
                break
            state = GAME.apply(state, player.choose(GAME.observe(state)))
        assert GAME.status(state) is Status.WON


def test_asking_a_finished_game_for_a_move_is_a_clear_error() -> None:
    won = UnionSquareState(
        0,
        (),
        (),
        ((),) * 16,
        tuple(tuple(Card(i + 1 if i < 13 else 26 - i, s) for i in range(26)) for s in SUITS),
    )
    for name in PLAYERS:
        with pytest.raises(SessionError, match="over"):
            get_player("union-square", name).hint(GAME.observe(won))


def test_the_end_of_a_game_finds_the_way_to_the_next_card_home() -> None:
    four, five = 3, 4  # the four and five of clubs, as the search's card numbers
    piles = (bytes([four, five]), b"", bytes([13 + 9]), bytes([26 + 9]))
    position = Position(b"", b"", piles, (3, 0, 0, 0))
    assert next_home(position) == (Move(0, 1), Move(0, FOUNDATION))


def test_the_end_search_gives_up_beyond_its_node_cap() -> None:
    four, five = 3, 4
    piles = (bytes([four, five]), b"", bytes([13 + 9]), bytes([26 + 9]))
    position = Position(b"", b"", piles, (3, 0, 0, 0))
    with pytest.raises(SessionError, match="within 1 positions"):
        next_home(position, max_nodes=1)


def test_a_players_game_is_the_same_in_every_process() -> None:
    """Published figures reproduce: no decision may hang on Python's per-process hashing."""
    script = (
        "from squares.survey.deals import play_deal\n"
        "print([play_deal('union-square', 'keeper', d).moves for d in (0, 1)])"
    )
    assert len(outputs_here_and_in_processes(script, ("1", "2"))) == 1


def outputs_here_and_in_processes(script: str, seeds: tuple[str, ...]) -> set[str]:
    """What ``script`` prints here (this process hashes with a seed of its own, random
    unless ``PYTHONHASHSEED`` sets it) and in one new process per ``PYTHONHASHSEED`` of
    ``seeds``, each output once."""
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(script, {})
    return {here.getvalue()} | {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in seeds
    }


@pytest.mark.parametrize("name", list(PLAYERS))
def test_every_players_hint_sends_home_a_card_its_foundation_takes(name: str) -> None:
    hearts, spades = SUITS[2], SUITS[3]
    piles = ((Card(9, spades), Card(8, spades)), (Card(3, hearts),), (Card(2, hearts),))
    state = endgame_state(piles, stock=(Card(12, spades), Card(5, hearts)), home={hearts: 1})
    hint = get_player("union-square", name).hint(GAME.observe(state))
    assert hint.move == "t3-f" and "foundation" in hint.reason
