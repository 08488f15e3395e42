"""``squares replay``: the player view after a list of moves, for tools.

One deal and its moves on the command line, or a batch as JSON Lines on stdin:
``{"game": "foursquare", "deal": 7, "moves": ["0,0", "0,1"]}`` per line in, one view
(or ``{"error": ..., "move_index": K}``) per line out, in order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from squares import jsonin
from squares.cards import check_deal_number, shown
from squares.cli.exits import EXIT_BAD_INPUT, EXIT_OK
from squares.errors import SquaresError
from squares.games import GAMES, get_game
from squares.games.views import GameView


class MoveError(Exception):
    """A move of the list could not be played; ``index`` counts from 0."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def replay(game_name: str, deal: int, moves: Iterable[str]) -> GameView:
    """The player view after playing ``moves`` on the deal (``SquaresError``/``MoveError``)."""
    game = get_game(game_name)
    state = game.new(check_deal_number(deal))
    for index, text in enumerate(moves):
        try:
            state = game.apply_text(state, text)
        except SquaresError as err:
            raise MoveError(index, f"move {index} ({shown(text)}): {err}") from None
    return game.view(state)


def replay_lines(lines: Iterable[str], out: TextIO) -> int:
    """Replay each JSON line; an unusable line gets an error object and exit code 2."""
    code = EXIT_OK
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        result: GameView | dict[str, object]
        try:
            game, deal, moves = _request(line)
            result = replay(game, deal, moves)
        except MoveError as err:
            result = {"error": str(err), "move_index": err.index}
        except (ValueError, SquaresError) as err:
            result = {"error": f"line {number}: {err}", "line": number}
            code = EXIT_BAD_INPUT
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return code


def _request(line: str) -> tuple[str, int, list[str]]:
    data: Any = jsonin.load(line)
    if not isinstance(data, dict):
        raise ValueError(
            "expected a JSON object like "
            + json.dumps({"game": next(iter(GAMES)), "deal": 7, "moves": []})
        )
    game, deal, moves = data.get("game"), data.get("deal"), data.get("moves", [])
    if not isinstance(game, str):
        raise ValueError(f"'game' must be the name of a game: {', '.join(GAMES)}")
    get_game(game)
    number = check_deal_number(deal)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("'moves' must be a list of moves in notation (strings)")
    return game, number, moves
