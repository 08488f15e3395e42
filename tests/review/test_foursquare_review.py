"""The review of Foursquare games: the placement that lost the win, the solver's better
one, the best score after each move, and the chance to win as the player saw it."""

from __future__ import annotations

import random
from functools import cache

from squares.ai import get_hindsight, get_player
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState
from squares.review.chance import estimate
from squares.review.report import compute, compute_from
from tests.ai.foursquare_helpers import position

GAME = Foursquare()
HINDSIGHT = get_hindsight(GAME.name)

# Fourteen piles, three of them face down; 5♠ in hand, then 10♥, 6♠, 6♦. Some placements
# of 5♠ keep a win in reach; others leave every placement of the 10♥ a fifth face-down pile.
NEAR_THE_END = {
    (-1, -1): "~2H", (-1, 1): "~9H", (-1, 2): "~3S",
    (0, -1): "4C", (0, 0): "AH", (0, 1): "7S", (0, 2): "9C",
    (1, -1): "3C", (1, 0): "8S", (1, 2): "4S",
    (2, -1): "5H", (2, 0): "8D", (2, 1): "AD", (2, 2): "3D",
}  # fmt: skip


def start() -> FoursquareState:
    return position(NEAR_THE_END, "5S", "TH 6S 6D")


@cache
def can_win(state: FoursquareState) -> bool:
    """Whether some sequence of placements wins (every one tried, through the rules)."""
    status = GAME.status(state)
    if status is not Status.PLAYING:
        return status is Status.WON
    return any(can_win(GAME.play(state, move)) for move in GAME.legal_moves(state))


def dooms(state: FoursquareState) -> bool:
    """Whether every placement of the card in hand makes more face-down piles than allowed."""
    return all(GAME.loses(state, move) for move in GAME.legal_moves(state))


def fatal_placement(state: FoursquareState) -> str:
    """A placement that does not lose at once but after which every placement does."""
    return next(
        str(m) for m in GAME.legal_moves(state)
        if not GAME.loses(state, m) and dooms(GAME.play(state, m))
    )  # fmt: skip


def play_out(state: FoursquareState, first: str) -> list[str]:
    moves = [first]
    state = GAME.apply_text(state, first)
    while GAME.status(state) is Status.PLAYING:
        move = GAME.legal_moves(state)[0]
        moves.append(str(move))
        state = GAME.play(state, move)
    return moves


def test_the_placement_that_makes_a_fifth_face_down_pile_unavoidable_is_named() -> None:
    state = start()
    assert can_win(state)
    fatal = fatal_placement(state)
    review = compute_from(GAME, state, play_out(state, fatal), resigned=False)
    critical = review["critical"]
    assert critical is not None and critical["lost_win"]
    assert (critical["index"], critical["played"]) == (0, fatal)
    assert critical["better"] is not None
    assert can_win(GAME.apply_text(state, critical["better"]))
    assert critical["reason"].startswith("Place the 5♠ on the ")
    assert critical["better_words"] is not None and critical["better_words"].startswith("the 5♠ ")
    assert review["moves"][0]["best_after"] is None and review["moves"][0]["lost_win"]


def test_the_solvers_line_from_the_critical_move_replays_to_the_best_score() -> None:
    state = start()
    fatal = fatal_placement(state)
    review = compute_from(GAME, state, play_out(state, fatal), resigned=False)
    critical = review["critical"]
    assert critical is not None
    end = state
    for move in critical["line"]:
        end = GAME.apply_text(end, move)
    assert GAME.status(end) is Status.WON
    assert GAME.score(end) == critical["best_before"] == review["best_score"]


def greedy_game(deal: int) -> list[str]:
    player, state, moves = get_player(GAME.name, "greedy"), GAME.new(deal), []
    while GAME.status(state) is Status.PLAYING:
        move = player.choose(GAME.observe(state))
        moves.append(str(move))
        state = GAME.play(state, move)
    return moves


def test_the_best_after_each_move_never_rises_and_ends_at_the_score_of_a_win() -> None:
    moves = greedy_game(2)  # greedy wins deal 2, with fewer cards left than the best
    review = compute(GAME, 2, moves, resigned=False)
    assert review["status"] == "won"
    figures = [review["best_score"], *(m["best_after"] for m in review["moves"])]
    assert all(f is not None for f in figures)
    assert figures == sorted(figures, reverse=True)  # type: ignore[type-var]
    assert figures[-1] == review["score"]
    critical = review["critical"]
    assert critical is not None and not critical["lost_win"]
    assert critical["best_after"] is not None and critical["best_before"] is not None
    assert critical["best_after"] < critical["best_before"]


def test_the_win_chance_is_the_same_whatever_the_real_order_of_the_unseen_cards() -> None:
    state = GAME.apply_text(GAME.apply_text(GAME.new(5), "0,0"), "0,1")
    unseen = list(state.remaining[1:])
    random.Random(3).shuffle(unseen)
    reshuffled = FoursquareState(state.deal, state.grid, (state.remaining[0], *unseen))
    assert reshuffled.remaining != state.remaining
    orders = [HINDSIGHT.sample(s, random.Random(9)).remaining for s in (state, reshuffled)]
    assert orders[0] == orders[1]
    first = estimate(GAME, HINDSIGHT, state, 2)
    assert estimate(GAME, HINDSIGHT, reshuffled, 2) == first
    assert first.samples == HINDSIGHT.samples


def test_a_review_is_the_same_each_time() -> None:
    state = start()
    moves = play_out(state, str(GAME.legal_moves(state)[0]))
    assert compute_from(GAME, state, moves, resigned=False) == compute_from(
        GAME, state, moves, resigned=False
    )
