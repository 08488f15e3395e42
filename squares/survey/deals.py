"""Many deals at once for ``squares simulate``, ``squares solve --deals`` and ``squares
survey``: batches of deals on a Dask cluster, the per-deal results and their summaries.

>>> [round(x, 4) for x in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from squares.ai import get_player, get_solver
from squares.ai.base import Player, Resign
from squares.ai.confidence import wilson
from squares.errors import SessionError
from squares.games import get_game
from squares.games.base import Status
from squares.survey.cluster import run_jobs


@dataclass(frozen=True, slots=True)
class Budget:
    max_nodes: int | None
    max_seconds: float | None


@dataclass(frozen=True, slots=True)
class Played:
    deal: int
    won: bool
    score: int | None
    moves: int
    seconds: float  # CPU time spent choosing moves


_PLAYERS: dict[tuple[str, str], Any] = {}  # one player per process, game and name


def play_deal(
    game_name: str, player_name: str, deal: int, haste: float = 0.0, seed: int = 0
) -> Played:
    """Play one deal to its end with the player (every move checked by the rules engine).

    A player that resigns, or whose search gives up (a ``SessionError``), ends the game
    there: not won, with the score it has then. With ``haste``, the player deals from the
    stock instead of its own move with that probability whenever the stock can deal (a
    hasty player's mistake), drawn from a generator seeded with ``seed``: the same game
    each time.
    """
    key = (game_name, player_name)
    if key not in _PLAYERS:
        _PLAYERS[key] = get_player(game_name, player_name)
    return play_with(game_name, _PLAYERS[key], deal, haste, seed)


def play_with(
    game_name: str, player: Player[Any, Any], deal: int, haste: float = 0.0, seed: int = 0
) -> Played:
    """``play_deal`` with a player given rather than named (one built with its own budget)."""
    draw = random.Random(seed)
    game = get_game(game_name)
    state = game.new(deal)
    moves, seconds = 0, 0.0
    while game.status(state) is Status.PLAYING:
        start = time.process_time()
        try:
            move = _hasty(game.legal_moves(state)) if haste and draw.random() < haste else None
            if move is None:
                move = player.choose(game.observe(state))
        except (Resign, SessionError):  # resigned, or its search gave up past its budget
            break  # the game ends here, not won, with the score it has
        finally:
            seconds += time.process_time() - start
        state = game.apply(state, move)
        moves += 1
    return Played(deal, game.status(state) is Status.WON, game.score(state), moves, seconds)


def _hasty(moves: list[Any]) -> Any | None:
    """The deal from the stock among ``moves``, if there is one."""
    return next((move for move in moves if getattr(move, "is_deal", False)), None)


def solve_deal(
    game_name: str, budget: Budget, deal: int, found: int | None = None
) -> dict[str, Any]:
    """The solver's answer for one deal, in the JSON shape of ``squares solve``;
    ``found``: a best score an earlier search reached (``Solver.solve``)."""
    game, solver = get_game(game_name), get_solver(game_name)
    solution = solver.solve(
        game.new(deal), max_nodes=budget.max_nodes, max_seconds=budget.max_seconds, found=found
    )
    return {
        "game": game.name,
        "deal": deal,
        "solver": solver.name,
        "verdict": str(solution.verdict),
        "line": solution.line,
        "best_score": solution.best_score,
        "best_proven": solution.best_proven,
        "nodes": solution.nodes,
        "conflicts": solution.conflicts,
        "seconds": round(solution.seconds, 3),
    }


def _chunk(job: tuple[str, str, Any, list[int]]) -> list[Any]:
    kind, game_name, how, deals = job
    if kind == "play":
        return [play_deal(game_name, how, deal) for deal in deals]
    return [solve_deal(game_name, how, deal) for deal in deals]


def run_deals(
    kind: str, game_name: str, how: Any, deals: range, workers: int, scheduler: str | None = None
) -> Iterator[Any]:
    """``play_deal`` (kind "play", ``how`` a player name) or ``solve_deal`` ("solve",
    ``how`` a ``Budget``) over ``deals``, as results come in (in order of the deals): in
    this process, on a local cluster of ``workers`` processes, or on ``scheduler``'s."""
    size = batch_size(len(deals), workers)
    jobs = [(kind, game_name, how, list(deals[i : i + size])) for i in range(0, len(deals), size)]
    for results in run_jobs(_chunk, jobs, workers, scheduler, ordered=True):
        yield from results


def batch_size(deals: int, workers: int, most: int = 10) -> int:
    """Deals per work unit: about eight units per worker, at most ``most`` deals each."""
    return max(1, min(most, deals // (workers * 8)))


def summarize_plays(game_name: str, player_name: str, results: list[Played]) -> dict[str, Any]:
    """The ``squares simulate --json`` object. ``mean_score`` is over the games that have
    a score (in Foursquare: the wins); ``scored`` says how many those are."""
    n = len(results)
    wins = sum(r.won for r in results)
    scores = [r.score for r in results if r.score is not None]
    moves = sum(r.moves for r in results)
    low, high = wilson(wins, n)
    return {
        "game": game_name,
        "player": player_name,
        "deals": n,
        "wins": wins,
        "win_rate": round(wins / n, 6) if n else 0.0,
        "ci95": [round(low, 6), round(high, 6)],
        "mean_score": round(sum(scores) / len(scores), 4) if scores else None,
        "scored": len(scores),
        "seconds_per_move": round(sum(r.seconds for r in results) / moves, 6) if moves else 0.0,
        "first_deal": results[0].deal if results else None,
        "last_deal": results[-1].deal if results else None,
    }


def summarize_solves(game_name: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``squares solve --deals --json`` object: the verdicts counted, the deals of
    each verdict but "winnable", the best scores, and every deal's own answer."""
    n = len(results)
    verdicts = {
        v: [r["deal"] for r in results if r["verdict"] == v] for v in ("unwinnable", "undecided")
    }
    winnable = [r for r in results if r["verdict"] == "winnable"]
    low, high = wilson(len(winnable), n)
    scores = [r["best_score"] for r in winnable if r["best_score"] is not None]
    return {
        "game": game_name,
        "solver": results[0]["solver"] if results else None,
        "deals": n,
        "winnable": len(winnable),
        "unwinnable": len(verdicts["unwinnable"]),
        "undecided": len(verdicts["undecided"]),
        "winnable_rate": round(len(winnable) / n, 6) if n else 0.0,
        "ci95": [round(low, 6), round(high, 6)],
        "mean_best_score": round(sum(scores) / len(scores), 4) if scores else None,
        "best_proven": sum(1 for r in winnable if r["best_proven"]),
        "unwinnable_deals": verdicts["unwinnable"],
        "undecided_deals": verdicts["undecided"],
        "nodes": sum(r["nodes"] for r in results),
        "seconds": round(sum(r["seconds"] for r in results), 3),
        "results": results,
    }
