"""The review of Union Square games: the deal that buried a card the win needed."""

from __future__ import annotations

import pytest

from squares.ai import get_hindsight, get_player, get_solver
from squares.games.base import Status
from squares.games.union_square import UnionSquare, UnionSquareState
from squares.review.best import Best, best_along, lowered
from squares.review.report import compute_from
from squares.review.words import summary

GAME = UnionSquare()


def dealing_first(deal: int) -> tuple[list[UnionSquareState], list[str]]:
    """A game that deals whenever it can, else sends a card home, else stops."""
    state = GAME.new(deal)
    states, moves = [state], []
    while GAME.status(state) is Status.PLAYING:
        legal = [str(m) for m in GAME.legal_moves(state)]
        move = "s" if "s" in legal else next((m for m in legal if m.endswith("-f")), None)
        if move is None:
            break
        state = GAME.apply_text(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


def test_the_deal_that_buried_a_card_the_win_needed_is_not_named_while_unproven() -> None:
    # Deal 0 after 37 moves of dealing: 2♥ on t3 has to go on 3♥ (t5) to free t3 for
    # what the stock brings; the next deal buries the card that would have gone there.
    # Before it a win is found; after it the solver, within the review's budget, finds
    # only a lower score and cannot prove that no win is left: no move is named.
    states, moves = dealing_first(0)
    start, played = states[37:], moves[37:]
    review = compute_from(GAME, start[0], played, resigned=True)
    assert review["best_score"] == 104 and review["best_proven"]
    first = review["moves"][0]
    assert first["best_after"] is not None and first["best_after"] < 104
    assert not first["best_proven"] and not first["lost_win"]
    assert review["critical"] is None and review["unsettled"]
    assert summary(review, 1)[-1] == (
        "The solver could not settle, within its budget, which move lowered the best "
        "score reachable"
    )
    figures = [review["best_score"], *(m["best_after"] for m in review["moves"])]
    assert figures == sorted(figures, reverse=True)  # type: ignore[type-var]


@pytest.mark.long
def test_a_game_given_up_while_the_win_was_still_there_has_no_critical_move() -> None:
    states, moves = dealing_first(0)
    review = compute_from(GAME, states[0], moves[:5], resigned=True)
    assert review["critical"] is None and review["status"] == "lost"
    assert all(m["best_after"] == 104 for m in review["moves"])
    assert review["moves"][-1]["win_chance"]["samples"] >= 1


def test_a_lost_game_ends_on_its_own_score_proven_and_no_move_is_named_on_found_figures() -> None:
    # keeper loses deal 437 with 30 cards home; the solver, within the review's budget,
    # finds no more than 30 along the way and proves none of it before the end
    player = get_player("union-square", "keeper")
    states, moves = [GAME.new(437)], []
    while GAME.status(states[-1]) is Status.PLAYING:
        move = player.choose(GAME.observe(states[-1]))
        moves.append(GAME.format_move(move))
        states.append(GAME.apply(states[-1], move))
    figures = best_along(GAME, get_solver(GAME.name), get_hindsight(GAME.name), states, moves)
    assert GAME.status(states[-1]) is Status.LOST and figures[-1] == Best(30, True, ())
    assert not any(figure.proven for figure in figures[:-1])
    assert not [i for i in range(len(moves)) if lowered(figures[i], figures[i + 1])]
