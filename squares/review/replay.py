"""A finished game replayed as the player saw it: the player view after each move, and
after each move of the solver's line from the critical move.

Every position comes from the saved moves through the rules engine, and every one is a
player view: the stock's order never appears (``Game.view``).

>>> from squares.games import get_game
>>> views = positions(get_game("foursquare"), 2, ["0,0", "0,1"], resigned=True)
>>> len(views), views[0]["piles"], views[-1]["end"] == "resigned"
(3, [], True)
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from squares.games.base import Game
from squares.games.views import GameView
from squares.review.naming import along, played
from squares.review.report import Review
from squares.session import Session
from squares.store.saved import SavedSession

SolverLine = TypedDict(
    "SolverLine", {"from": int, "moves": list[str], "words": list[str], "views": list[GameView]}
)
SolverLine.__doc__ = """The solver's line from the critical move: ``from`` is the number of
moves played before it, ``moves`` its moves in notation and ``words`` the same in the board's
words (in the language of the request), ``views[0]`` the position there, ``views[k]`` after
its k-th move."""


class Replay(TypedDict):
    game: str
    deal: int
    moves: list[str]
    """The game's moves in notation, for tools."""
    words: list[str]
    """The same moves in the board's words, in the language of the request (``the 5♥ on
    the 9♣``)."""
    views: list[GameView]
    """``views[k]`` is the position after the first ``k`` moves (``views[0]``: the deal)."""
    solver: SolverLine | None
    """``None`` when no move lowered the best score (there is no critical move)."""


def positions(
    game: Game[Any, Any], deal: int, moves: list[str], *, resigned: bool
) -> list[GameView]:
    """The player view before the first move and after each one; the last shows the game
    as given up when ``resigned``. A move that does not replay is a ``SessionError``."""
    session: Session[Any, Any] = Session.rebuild(game, deal, moves, len(moves))
    states = session.played
    views = [game.view(state) for state in states[:-1]]
    views.append(game.view(states[-1], resigned))
    return views


def solver_line(game: Game[Any, Any], start: Any, line: list[str]) -> list[GameView]:
    """The views along ``line`` from ``start``, as far as it can be played (its moves are
    checked: the line stops at the first one the rules refuse)."""
    return [game.view(start)] + [game.view(after) for _, _, after in played(game, start, line)]


def replay(saved: SavedSession, review: Review) -> Replay:
    """The replay of the finished game ``saved`` whose review is ``review``."""
    game, moves = saved.game, saved.moves
    views = positions(game, saved.deal, moves, resigned=saved.resigned)
    critical = review["critical"]
    solver: SolverLine | None = None
    if critical is not None:
        index = critical["index"]
        start = Session.rebuild(game, saved.deal, moves, index).state
        line = solver_line(game, start, critical["line"])
        played = critical["line"][: len(line) - 1]
        solver = {
            "from": index,
            "moves": played,
            "words": along(game, start, played),
            "views": line,
        }
    words = along(game, game.new(saved.deal), moves)
    return Replay(
        game=game.name, deal=saved.deal, moves=list(moves), words=words, views=views,
        solver=solver,
    )  # fmt: skip
