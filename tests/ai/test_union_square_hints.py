"""Union Square hints continue the player's plan: following hints alone, each asked of a
fresh player from the game's states as the faces ask, plays the player's own game, and
never comes back to a position it has been in."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from squares.ai import get_player
from squares.ai import hint as strongest_hint
from squares.ai.base import Resign
from squares.ai.union_square.fast import Position
from squares.ai.union_square.players import Keeper, Observation, Plan, _Planner, _without_loops
from squares.cli.play import TextGame
from squares.cli.style import Style
from squares.errors import SessionError
from squares.games.base import Status
from squares.games.union_square import DEAL, Move, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION
from squares.session import Session
from squares.store import SavedSession, open_db
from squares.web.app import create_app

GAME = UnionSquare()
MOVES = 1_500  # more than any game takes: every deal is 104 cards and 88 deals


def own_game(name: str, deal: int) -> tuple[list[str], Status]:
    """The moves of the player's own game, and how it ended (lost when it resigns)."""
    player = get_player("union-square", name)
    state, moves = GAME.new(deal), list[str]()
    while GAME.status(state) is Status.PLAYING:
        try:
            move = player.choose(GAME.observe(state))
        except Resign:  # the game ends there, the score stands
            return moves, Status.LOST
        moves.append(str(move))
        state = GAME.apply(state, move)
    return moves, GAME.status(state)


def hinted_game(name: str, deal: int) -> tuple[list[str], list[UnionSquareState]]:
    """Follow hints alone, each from a fresh player given the game's states from the deal."""
    moves: list[str] = []
    states = [GAME.new(deal)]
    while GAME.status(states[-1]) is Status.PLAYING and len(moves) < MOVES:
        try:
            hint = strongest_hint("union-square", states, name)
        except SessionError as resigns:
            assert "resigns" in str(resigns)
            break
        moves.append(hint.move)
        states.append(GAME.apply(states[-1], GAME.parse_move(hint.move)))
    return moves, states


@pytest.mark.parametrize("deal", [0, 1, 3, 29])
def test_following_hints_alone_wins_the_default_players_game(deal: int) -> None:
    moves, states = hinted_game("keeper", deal)
    assert GAME.status(states[-1]) is Status.WON
    assert moves == own_game("keeper", deal)[0]


@pytest.mark.parametrize("name", ["keeper", "builder", "greedy"])
def test_following_hints_never_repeats_a_position(name: str) -> None:
    _, states = hinted_game(name, 2)
    assert len(set(states)) == len(states)


@pytest.mark.parametrize("name", ["builder", "greedy"])
def test_following_a_baselines_hints_ends_as_its_own_game_does(name: str) -> None:
    moves, states = hinted_game(name, 4)
    own, status = own_game(name, 4)
    assert moves == own
    assert status is Status.LOST and GAME.status(states[-1]) is Status.PLAYING  # it resigns


def test_a_hint_continues_the_rearrangement_it_started() -> None:
    """Deal 0, move 50: the player lifted 6♦ onto the last free pile to make room for the
    waste's 10♦; from that position alone a plan would put it straight back."""
    player, state, moves = Keeper(), GAME.new(0), []
    for _ in range(50):
        move = player.choose(GAME.observe(state))
        moves.append(str(move))
        state = GAME.apply(state, move)
    assert moves[-1] == "t12-t8"
    assert Keeper().hint(GAME.observe(state)).move == "t8-t12"  # the undo, for want of the history
    played = Session.rebuild(GAME, 0, moves, len(moves)).played
    hint = Keeper().hint_after([GAME.observe(state) for state in played])
    assert hint.move == str(player.choose(GAME.observe(state))) == "t12-t10"


class _Scripted(_Planner):
    """Plans a foundation move followed by more moves, which no plan may carry past."""

    name = "scripted"
    description = "test"

    def plan(self, seen: Observation) -> Plan:
        if not seen.tableau[3]:
            return Plan((DEAL,), "nothing")
        return Plan((Move(3, FOUNDATION), Move(0, 1), DEAL), "home")


def test_a_plan_ends_at_its_first_foundation_move() -> None:
    state = GAME.new(7)  # the A♥ on t4 goes home
    player = _Scripted()
    assert player.choose(GAME.observe(state)) == Move(3, FOUNDATION)
    after = GAME.apply(state, Move(3, FOUNDATION))
    assert player.choose(GAME.observe(after)) == DEAL  # planned afresh, not t1-t2


def test_the_web_hint_continues_the_plan(tmp_path: Path) -> None:
    app = create_app(db=tmp_path / "web.db", host="127.0.0.1", port=8417)
    with TestClient(app, base_url="http://127.0.0.1:8417") as client:
        view = client.post("/api/games", json={"game": "union-square", "deal": 0}).json()
        seen: set[str] = set()
        for _ in range(60):
            body = client.post(f"/api/games/{view['id']}/hint", json={}).json()
            view = client.post(
                f"/api/games/{view['id']}/moves",
                json={"move": body["hint"]["move"], "version": body["view"]["version"]},
            ).json()
            key = repr([view[part] for part in ("stock", "waste", "tableau", "foundations")])
            assert key not in seen
            seen.add(key)
    assert len(seen) == 60


def test_the_text_modes_hint_continues_the_plan() -> None:
    db = open_db(":memory:")
    saved = SavedSession.new(db, "union-square", 0)
    for move in own_game("keeper", 0)[0][:50]:
        saved.move(move)
    out = io.StringIO()
    commands: Iterator[str] = iter(["h", "q"])
    TextGame(db, saved, out, Style(colour=False)).run(commands)
    hint = next(line for line in out.getvalue().splitlines() if line.startswith("Hint: "))
    assert "from t12 onto 8♦ on t10" in hint


@pytest.mark.long
def test_a_plan_never_comes_back_to_a_position_it_left() -> None:
    """Deal 437's end, as keeper plays it, once moved a card from t11 to t12 and back."""
    state, player = GAME.new(437), Keeper()
    states = [state]
    while GAME.status(state) is Status.PLAYING:
        state = GAME.apply(state, player.choose(GAME.observe(state)))
        states.append(state)
    assert len(set(states)) == len(states)


def test_a_card_moved_and_moved_back_is_cut_out_of_a_plan() -> None:
    position = Position(b"", b"", (bytes([4]), b"", bytes([13])), (4, 0, 0, 0))
    there, back, home = Move(0, 1), Move(1, 0), Move(0, FOUNDATION)
    assert _without_loops(position, (there, back, home)) == (home,)
    assert _without_loops(position, (there, Move(1, FOUNDATION))) == (there, Move(1, FOUNDATION))
