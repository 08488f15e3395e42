"""Union Square rules: the score, the win, and the exact end of the game."""

from __future__ import annotations

import pytest

from squares.errors import BadNotation, IllegalMoveError
from squares.games import Status
from squares.games.base import EndReason, Outcome
from squares.games.union_square import Move, UnionSquareState
from squares.games.union_square.moves import FOUNDATION, STOCK, WASTE
from tests.games.union_square.positions import (
    GAME,
    cards,
    climb,
    legal,
    play,
    position,
)

# -- score and end -------------------------------------------------------------------------


def test_score_is_cards_on_foundations() -> None:
    state = position(
        foundations={1: climb("H", 3), 2: climb("C", 13), 4: climb("S", 26)},
        tableau={1: "4H", 2: "5D"},
        waste="9C",
    )
    assert GAME.score(state) == 3 + 13 + 26
    assert GAME.view(state)["score"] == 42
    assert GAME.score(play(state, "t1-f")) == 43


def test_all_104_on_foundations_wins() -> None:
    full = {n: climb(suit, 26) for n, suit in enumerate("CDHS", start=1)}
    won = position(stock="", foundations=full)
    assert GAME.status(won) is Status.WON
    assert GAME.score(won) == 104
    assert GAME.legal_moves(won) == []
    almost = position(stock="", tableau={1: "AS"}, foundations={**full, 4: climb("S", 25)})
    assert GAME.status(almost) is Status.PLAYING
    assert GAME.status(play(almost, "t1-f")) is Status.WON


def _blocked(*, stock: str = "", last_pile: str = "QS") -> UnionSquareState:
    """Hearts wait for the 6, buried under 7 and 8 in t1; no pile takes the 8 or the 7.

    The only card movement left shuttles the 8 of diamonds between t2 and t3. With an
    empty pile (``last_pile=""``) the 8 and 7 of hearts can step aside instead.
    """
    singles = cards("2C 4C 6C 8C TC QC 2S 4S 6S 8S TS KD")
    tableau = {1: "6H 7H 8H", 2: "9D 8D", 3: "TD 9D", 16: last_pile}
    tableau.update({n: str(card) for n, card in enumerate(singles, start=4)})
    return position(stock=stock, tableau=tableau, foundations={1: climb("H", 5)})


def test_game_is_over_when_stock_empty_and_no_card_can_reach_a_foundation() -> None:
    state = _blocked()
    assert GAME.status(state) is Status.LOST
    assert GAME.legal_moves(state) == []
    assert GAME.view(state)["status"] == "lost"
    assert GAME.view(state)["legal"] == []
    assert GAME.score(state) == 5


def test_a_game_stuck_with_the_stock_empty_ends_because_no_card_can_reach_a_foundation() -> None:
    state = _blocked()
    assert GAME.outcome(state) == Outcome(Status.LOST, EndReason.NO_FOUNDATION_MOVE)
    assert GAME.view(state)["end"] == "no-foundation-move"
    assert GAME.outcome(_blocked(stock="2H")) is None  # a card still to deal: not over


def test_game_that_rearranging_can_still_feed_a_foundation_is_not_over() -> None:
    state = _blocked(last_pile="")
    assert GAME.status(state) is Status.PLAYING
    assert "t1-t16" in legal(state)
    state = play(state, "t1-t16", "t1-t16", "t1-f")
    assert GAME.score(state) == 6


def test_card_under_the_waste_top_is_reachable_by_rearranging() -> None:
    state = position(stock="", waste="AH 9C", tableau={1: "KD"})
    assert GAME.status(state) is Status.PLAYING
    assert GAME.score(play(state, "w-t2", "w-f")) == 1


def test_game_with_cards_in_stock_is_never_over() -> None:
    state = _blocked(stock="2D")
    assert GAME.status(state) is Status.PLAYING
    assert legal(state) == ["s", "t2-t3"]
    assert GAME.status(play(state, "s")) is Status.LOST  # the last card did not help


def test_no_move_accepted_once_over() -> None:
    state = _blocked()
    assert GAME.why_illegal(state, GAME.parse_move("t2-t3")) is not None
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.apply_text(state, "t2-t3")
    with pytest.raises(IllegalMoveError):
        GAME.apply_text(state, "s")


def test_move_from_pile_to_itself_is_not_a_move() -> None:
    with pytest.raises(BadNotation, match="itself"):
        GAME.parse_move("t3-t3")
    state = position(tableau={3: "7H"})
    assert all(m.source != m.target for m in GAME.legal_moves(state))
    for pile in ("7H", "6H 7H", "8H 7H"):
        with pytest.raises(IllegalMoveError):
            GAME.apply(position(tableau={3: pile}), Move(2, 2))
    with pytest.raises(BadNotation):
        GAME.parse_move("w-w")
    with pytest.raises(IllegalMoveError):  # the waste to itself, built without notation
        GAME.apply(position(waste="7H"), Move(WASTE, WASTE))


def test_checked_apply_accepts_exactly_the_listed_moves() -> None:
    """Whatever ``Move`` a caller builds, ``apply`` plays it only if it is listed as legal.

    In particular no move starts from a foundation or the stock's place as a pile, and no
    pile number outside t1..t16 stands for another pile.
    """
    # t14 and t2, t2 and t16 fit together: a wrong index would find a "legal" move.
    state = position(waste="5C", tableau={1: "AD", 2: "8H", 14: "9H", 16: "7H"})
    listed = GAME.legal_moves(state)
    places = [FOUNDATION, WASTE, STOCK, *range(18)]  # t1..t16 are 0..15
    wrongly_taken = []
    for move in (Move(source, target) for source in places for target in places):
        if move in listed:
            assert GAME.why_illegal(state, move) is None
            continue
        try:
            GAME.apply(state, move)
        except IllegalMoveError:
            continue
        except Exception as err:
            wrongly_taken.append(f"Move({move.source}, {move.target}): {type(err).__name__}")
        else:
            wrongly_taken.append(f"Move({move.source}, {move.target}): played as {move}")
    assert not wrongly_taken, f"{len(wrongly_taken)} unlisted moves not refused: {wrongly_taken}"
