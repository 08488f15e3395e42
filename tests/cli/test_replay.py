"""``squares replay``: the player view after a list of moves, for tools."""

from __future__ import annotations

import json
from typing import Any

from squares.games import get_game
from squares.games.views import GameView
from tests.cli.conftest import Run


def api_view(game_name: str, deal: int, moves: list[str]) -> GameView:
    game = get_game(game_name)
    state = game.new(deal)
    for move in moves:
        state = game.apply_text(state, move)
    return game.view(state)


def test_replay_prints_the_player_view_after_the_moves(squares_here: Run) -> None:
    result = squares_here("replay", "foursquare", "--deal", "7", "0,0", "0,1")
    assert result.returncode == 0
    view = json.loads(result.stdout)
    assert view == api_view("foursquare", 7, ["0,0", "0,1"])
    assert view["stock"] == 37 and view["current"] == "8C"


def test_replay_with_an_illegal_move_says_which_and_exits_2(squares_here: Run) -> None:
    result = squares_here("replay", "union-square", "--deal", "7", "s", "t1-t2")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "move 1 ('t1-t2')" in result.stderr and "t2 holds one card" in result.stderr


def test_replay_needs_a_deal(squares_here: Run) -> None:
    result = squares_here("replay", "foursquare")
    assert result.returncode == 2
    assert "--deal" in result.stderr


def test_jsonl_answers_each_line_in_order(squares_here: Run) -> None:
    requests: list[dict[str, Any]] = [
        {"game": "foursquare", "deal": 7, "moves": ["0,0", "0,1"]},
        {"game": "union-square", "deal": 3, "moves": ["s", "s"]},
        {"game": "foursquare", "deal": 1, "moves": []},
    ]
    stdin = "".join(json.dumps(r) + "\n" for r in requests)
    result = squares_here("replay", "--jsonl", stdin=stdin)
    assert result.returncode == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines == [api_view(r["game"], r["deal"], r["moves"]) for r in requests]


def test_jsonl_illegal_moves_give_an_error_line_and_the_batch_goes_on(squares_here: Run) -> None:
    stdin = (
        '{"game": "foursquare", "deal": 7, "moves": ["0,0", "0,0", "7,7"]}\n'
        '{"game": "foursquare", "deal": 7, "moves": ["0,0"]}\n'
    )
    result = squares_here("replay", "--jsonl", stdin=stdin)
    assert result.returncode == 0
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["move_index"] == 2 and "7,7" in first["error"]
    assert set(first) == {"error", "move_index"}
    assert second["stock"] == 38


def test_jsonl_unusable_input_exits_2_but_answers_every_line(squares: Run) -> None:
    stdin = (
        "this is not json\n"
        '{"game": "klondike", "deal": 1}\n'
        '{"game": "foursquare", "deal": -5}\n'
        '{"game": "foursquare", "deal": 7, "moves": ["0,0"]}\n'
    )
    result = squares("replay", "--jsonl", stdin=stdin)
    assert result.returncode == 2
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 4
    assert "not valid JSON" in lines[0]["error"] and lines[0]["line"] == 1
    assert "klondike" in lines[1]["error"]
    assert "deal number" in lines[2]["error"]
    assert lines[3]["game"] == "foursquare"
