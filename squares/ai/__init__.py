"""Players and solvers for both games, by name.

Each game names its AI package in its description (``GameInfo.ai_package``); the package
exports ``PLAYERS`` (name → Player class, the default first), ``SOLVER`` (a Solver class)
and, when it is not the default, ``HINT_PLAYER``: the strongest player that answers within
a hint's time.

The map of the package:

- ``base``: the two kinds, ``Player`` (given ``Game.observe``, never the state) and
  ``Solver`` (given the state), ``seed_of`` (a player's random draws seeded by what it
  sees) and ``luby`` (the solvers' restart schedule); ``hint`` here is how a face asks
  for a hint.
- ``foursquare``, ``union_square``: each game's players and solver (each package's
  docstring maps its modules).
- ``hindsight``: what the after-game review asks of a game's AI.
- ``compiled`` (numba, or plain Python without it) and ``cache`` (numba's cache on disk,
  kept true across modules): the switch under every kernel.
- ``deal_results`` (the solver's verdicts shipped with the package), ``deal_levels``
  (each deal's difficulty, shipped beside them), ``packed`` (the frame both files share)
  and ``confidence`` (the Wilson interval of a win rate).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from squares.ai.base import Hint, Player, Solution, Solver, Verdict
from squares.ai.hindsight import Hindsight
from squares.errors import SquaresError
from squares.games import GAMES, get_game
from squares.i18n import _


class UnknownPlayer(SquaresError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def _package(game: str) -> Any:
    if game not in GAMES:
        raise UnknownPlayer(
            _("no players for game {game}: expected one of {games}").format(
                game=repr(game), games=", ".join(GAMES)
            )
        )
    return import_module(GAMES[game].info.ai_package)


def player_names(game: str) -> list[str]:
    """The players of ``game``, the default first."""
    return list(_package(game).PLAYERS)


def hint_player(game: str) -> str:
    """The player whose hints the faces show: the strongest that answers within a hint's
    time (the game's ``HINT_PLAYER``, else the default player).

    >>> hint_player("foursquare"), hint_player("union-square")
    ('sampling', 'lookahead')
    """
    named: str | None = getattr(_package(game), "HINT_PLAYER", None)
    return named or player_names(game)[0]


def get_player(game: str, name: str | None = None) -> Player[Any, Any]:
    """A player of ``game`` by name; the default (the first of ``player_names``) when
    ``name`` is None."""
    players = _package(game).PLAYERS
    if name is None:
        name = next(iter(players))
    if name not in players:
        raise UnknownPlayer(
            _("unknown player {name} for {game}: expected one of {players}").format(
                name=repr(name), game=game, players=", ".join(players)
            )
        )
    player: Player[Any, Any] = players[name]()
    return player


def hint(game: str, states: Sequence[Any], player: str | None = None) -> Hint:
    """The hint of ``player`` (``hint_player`` when None), at its budget for hints
    (``Player.for_hints``), for the last of ``states``, the
    game's states from the deal to now, of which the player sees only what a person sees
    (``Game.observe``). A ``SessionError`` when there is none (the game is over).

    >>> rules = get_game("foursquare")
    >>> hint("foursquare", [rules.new(7)], "greedy").move
    '0,0'
    """
    rules = get_game(game)
    chosen = get_player(game, player or hint_player(game)).for_hints()
    return chosen.hint_after([rules.observe(state) for state in states])


_WARMING: dict[str, threading.Thread] = {}
"""Each game's warm-up started in this process, by game name."""


def warm_up(game: str) -> threading.Thread | None:
    """Start compiling (or loading) ``game``'s search (its package's ``warm_up``) in a
    daemon thread, so that no player waits for it, if it has one and it is not on its way
    already; that thread (``None``: the game has no warm-up)."""
    ready = getattr(_package(game), "warm_up", None)
    if ready is not None and not warming_up(game):
        _WARMING[game] = threading.Thread(target=ready, name=f"{game}-warm-up", daemon=True)
        _WARMING[game].start()
    return _WARMING.get(game)


def warming_up(game: str) -> bool:
    """Whether ``game``'s warm-up (``warm_up``) is still compiling its search: an answer
    asked now waits for it (once after installing; later starts load it in a moment)."""
    thread = _WARMING.get(game)
    return thread is not None and thread.is_alive()


def warmed_up(game: str, timeout: float | None = None) -> bool:
    """Wait until ``game``'s warm-up (``warm_up``), if one was started, is done, or for
    ``timeout`` seconds at most; whether it is done."""
    thread = _WARMING.get(game)
    if thread is not None:
        thread.join(timeout)
    return not warming_up(game)


def prepare(game: str) -> None:
    """Compile (or load) ``game``'s search now, in this thread: what ``warm_up`` does in
    the background, for a process that answers nothing before it is ready."""
    ready = getattr(_package(game), "warm_up", None)
    if ready is not None:
        ready()


def get_hindsight(game: str) -> Hindsight[Any, Any]:
    """``game``'s part of the after-game review (see ``squares.ai.hindsight``)."""
    hindsight: Hindsight[Any, Any] = _package(game).HINDSIGHT
    return hindsight


def get_solver(game: str) -> Solver[Any, Any]:
    solver: Solver[Any, Any] = _package(game).SOLVER()
    return solver


__all__ = [
    "Hindsight",
    "Hint",
    "Player",
    "Solution",
    "Solver",
    "UnknownPlayer",
    "Verdict",
    "get_hindsight",
    "get_player",
    "get_solver",
    "hint",
    "hint_player",
    "player_names",
    "prepare",
    "warm_up",
    "warmed_up",
    "warming_up",
]
