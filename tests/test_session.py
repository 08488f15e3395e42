"""A game in play: undo and redo through the whole history, restart, resign.

Every test runs for both games; the moves come from the game's own list of legal moves.
"""

from __future__ import annotations

from typing import Any

import pytest

from squares.errors import BadDealNumber, BadNotation, IllegalMoveError, SessionError
from squares.games import Status, get_game
from squares.games.base import RESIGNED
from squares.session import Session

GAMES = ["foursquare", "union-square"]
DEAL = 11


def choose(session: Session[Any, Any]) -> str:
    """A foundation move if there is one (so Union Square scores), else the first legal move."""
    legal: list[str] = session.view()["legal"]
    to_foundation = [m for m in legal if m.endswith("-f")]
    return (to_foundation or legal)[0]


def played(name: str, count: int, deal: int = DEAL) -> tuple[Session[Any, Any], list[Any]]:
    """A session after ``count`` moves, and the states it went through (the deal first)."""
    session: Session[Any, Any] = Session(get_game(name), deal)
    states = [session.state]
    for _ in range(count):
        session.move(choose(session))
        states.append(session.state)
    return session, states


def an_illegal_move(session: Session[Any, Any]) -> str:
    """Some well-formed move the rules refuse in the current position."""
    if session.game.name == "foursquare":
        candidates = [f"{r},{c}" for r in range(-5, 6) for c in range(-5, 6)]
    else:
        places = ["w", *(f"t{n}" for n in range(1, 17))]
        candidates = ["s"] + [f"{a}-{b}" for a in places for b in [*places[1:], "f"] if a != b]
    legal = set(session.view()["legal"])
    return next(text for text in candidates if text not in legal)


@pytest.mark.parametrize("name", GAMES)
def test_undo_goes_back_to_the_deal_and_redo_to_the_end(name: str) -> None:
    session, states = played(name, 12)
    moves = session.moves
    assert len(moves) == 12
    for back in range(1, 13):
        session.undo()
        assert session.state == states[-1 - back]
        assert session.moves == moves[: 12 - back]
    assert session.state == session.game.new(DEAL)
    assert not session.can_undo
    for forward in range(1, 13):
        session.redo()
        assert session.state == states[forward]
        assert session.moves == moves[:forward]
    assert not session.can_redo


@pytest.mark.parametrize("name", GAMES)
def test_a_new_move_after_undo_drops_the_redo_history(name: str) -> None:
    session, states = played(name, 3)
    first, undone = session.moves[0], session.moves[1]
    session.undo().undo()
    other = next(m for m in session.view()["legal"] if m != undone)
    session.move(other)
    assert session.moves == [first, other]
    assert not session.can_redo
    with pytest.raises(SessionError, match="nothing to redo"):
        session.redo()
    assert session.undo().state == states[1]


@pytest.mark.parametrize("name", GAMES)
def test_restart_returns_to_the_deal_with_the_same_cards(name: str) -> None:
    session, states = played(name, 6)
    session.restart()
    assert session.state == states[0] == session.game.new(DEAL)
    assert session.moves == []
    assert session.status is Status.PLAYING
    assert session.view() == session.game.view(session.game.new(DEAL))
    assert session.redo().state == states[1]  # the history is kept for redo


@pytest.mark.parametrize("name", GAMES)
def test_resign_makes_the_game_lost_and_the_score_stands(name: str) -> None:
    session, _ = played(name, 20)
    assert session.status is Status.PLAYING
    score, state = session.score, session.state
    if name == "union-square":
        assert score is not None
        assert score > 0, "choose another deal: this test wants some cards on the foundations"
    session = session.resign()  # the same session, its status no longer known to be playing
    assert session.status is Status.LOST
    assert session.over
    assert session.score == score
    assert session.state == state
    view = session.view()
    assert view["status"] == "lost"
    assert view["legal"] == []
    assert view["score"] == score


@pytest.mark.parametrize("name", GAMES)
def test_a_resigned_game_takes_no_more_moves_undo_or_redo(name: str) -> None:
    session, _ = played(name, 4)
    session.undo()
    next_move = choose(session)
    session.resign()
    with pytest.raises(SessionError, match="resigned"):
        session.move(next_move)
    with pytest.raises(SessionError, match="resigned"):
        session.undo()
    with pytest.raises(SessionError, match="resigned"):
        session.redo()
    with pytest.raises(SessionError, match="over"):
        session.resign()
    assert len(session.moves) == 3


@pytest.mark.parametrize("name", GAMES)
def test_undo_and_redo_on_nothing_say_so(name: str) -> None:
    session: Session[Any, Any] = Session(get_game(name), DEAL)
    with pytest.raises(SessionError, match="nothing to undo"):
        session.undo()
    with pytest.raises(SessionError, match="nothing to redo"):
        session.redo()
    assert not session.can_undo
    assert not session.can_redo


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_changes_nothing(name: str) -> None:
    session, _ = played(name, 5)
    session.undo()
    state, moves, view = session.state, session.moves, session.view()
    text = an_illegal_move(session)
    with pytest.raises(IllegalMoveError) as err:
        session.move(text)
    assert repr(text) in str(err.value)
    with pytest.raises(BadNotation):
        session.move("not a move")
    assert session.state == state
    assert session.moves == moves
    assert session.view() == view
    assert session.can_redo
    assert session.can_undo
    assert len(session.redo().moves) == 5


@pytest.mark.parametrize("name", GAMES)
def test_a_move_may_be_given_as_a_move_object(name: str) -> None:
    session: Session[Any, Any] = Session(get_game(name), DEAL)
    move = session.game.legal_moves(session.state)[0]
    session.move(move)
    assert session.moves == [session.game.format_move(move)]


def test_a_finished_game_cannot_be_resigned() -> None:
    session: Session[Any, Any] = Session(get_game("foursquare"), DEAL)
    while not session.over:
        session.move(choose(session))
    status, score = session.status, session.score
    with pytest.raises(SessionError, match="over"):
        session.resign()
    assert (session.status, session.score) == (status, score)
    assert session.view()["legal"] == []


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("deal", [-1, 2**63, "7", 1.0, True])
def test_a_session_needs_a_valid_deal_number(name: str, deal: Any) -> None:
    with pytest.raises(BadDealNumber):
        Session(get_game(name), deal)


# -- one history, and a result that stands ---------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_session_is_rebuilt_from_its_history_alone(name: str) -> None:
    session, _ = played(name, 6)
    session.undo().undo()
    again: Session[Any, Any] = Session.rebuild(
        session.game, DEAL, session.history, session.position
    )
    assert again.state == session.state and again.history == session.history
    assert again.redo().redo().state == session.redo().redo().state


@pytest.mark.parametrize("name", GAMES)
def test_rebuilding_names_the_move_that_cannot_be_played(name: str) -> None:
    session, _ = played(name, 3)
    with pytest.raises(SessionError, match=r"move 3 \('t9-t9'\) cannot be played"):
        Session.rebuild(session.game, DEAL, [*session.history, "t9-t9"], 4)


@pytest.mark.parametrize("name", GAMES)
def test_resign_then_restart_and_redo_cannot_reopen_the_game(name: str) -> None:
    session, _ = played(name, 4)
    session.undo().undo()
    session.resign()
    for action in (session.restart, session.redo, session.undo):
        with pytest.raises(SessionError, match="result stands"):
            action()
    assert (session.status, session.outcome) == (Status.LOST, RESIGNED)
    assert len(session.moves) == 2


def test_undo_after_a_finished_game_is_refused_and_the_result_stands() -> None:
    session: Session[Any, Any] = Session(get_game("foursquare"), DEAL)
    while not session.over:
        session.move(choose(session))
    status, moves = session.status, session.moves
    assert not session.can_undo
    with pytest.raises(SessionError, match="result stands"):
        session.undo()
    assert (session.status, session.moves) == (status, moves)


def test_a_finished_game_can_be_looked_back_through_without_changing_it() -> None:
    session: Session[Any, Any] = Session(get_game("foursquare"), DEAL)
    states = [session.state]
    while not session.over:
        states.append(session.move(choose(session)).state)
    assert [session.state_after(i) for i in range(len(states))] == states
    assert session.over and session.state == states[-1]
    with pytest.raises(SessionError, match="no position after"):
        session.state_after(len(states))
