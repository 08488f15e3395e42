"""Foursquare players (they see what a person sees) and the whole-deal solver.

``PLAYERS`` lists the players, the default first: ``expectimax``, whose figures the
published surveys measured. Hints come from ``HINT_PLAYER``, ``sampling``, the strongest,
at its budget for hints (``SamplingPlayer.for_hints``); docs/odds.md gives the figures.

The map of the package, from the rules up:

- ``kernel``: the compiled rules on a packed grid (place, flip, lost, won), with the
  limits taken from ``squares.games.foursquare``; ``board``: the same position for
  Python callers; ``symmetry``: a grid's turned and mirrored images.
- Players, who see ``Foursquare.observe``: ``observation`` (what they see, in the
  kernel's terms), ``lookahead`` (their expectimax), ``players``, ``sampling`` (the
  player that solves sampled orders of the stock), ``hints`` (the line that goes with a
  hint); ``bound`` (the most any of them can win, in endgames, for the benchmarks).
- The solver, who sees the state: ``solver`` (its entry, ``WholeDealSolver``), and the
  compiled searches beneath it: ``search`` (wins within a number of cards, with
  ``perfect``, its Python side), ``box`` (wins in a fixed 4×4 box), ``budget`` (what a
  search may spend), ``memo`` (its memos of failures), ``keys``, ``reorder`` and
  ``untouched`` (which positions share a memo entry); ``clauses`` and ``clause_proof``
  (the shortest win, or the proof that none is shorter, by a SAT solver).
- ``hindsight``: the game's part of the after-game review.
"""

from __future__ import annotations

from squares.ai.foursquare.hindsight import HINDSIGHT
from squares.ai.foursquare.players import (
    Expectimax2Player,
    ExpectimaxPlayer,
    FoursquarePlayer,
    GreedyPlayer,
    RandomPlayer,
)
from squares.ai.foursquare.sampling import SamplingPlayer
from squares.ai.foursquare.solver import WholeDealSolver

PLAYERS: dict[str, type[FoursquarePlayer]] = {
    player.name: player
    for player in (ExpectimaxPlayer, SamplingPlayer, Expectimax2Player, GreedyPlayer, RandomPlayer)
}
SOLVER = WholeDealSolver
HINT_PLAYER = SamplingPlayer.name
# The difficulty survey's players of graded strength, weakest first: (player, haste).
DIFFICULTY_FAMILY = (("greedy", 0.0), ("expectimax-2", 0.0), ("expectimax", 0.0))


def warm_up() -> None:
    """Compile the players' search, then the solver's (hints from ``sampling`` and the
    after-game review ask the solver), or load them from numba's cache.

    The first call on a machine compiles (seconds); later ones load the cache (about
    half a second, most of it importing numba).
    """
    warm_up_players()
    warm_up_solver()


def warm_up_players() -> None:
    """The part of ``warm_up`` for the players' search: one hint's work."""
    from squares.games.foursquare import Foursquare

    game = Foursquare()
    ExpectimaxPlayer().choose(game.observe(game.new(0)))


def warm_up_solver() -> None:
    """The part of ``warm_up`` for the solver's searches: a small search of one deal."""
    from squares.games.foursquare import Foursquare

    WholeDealSolver().solve(Foursquare().new(2), max_nodes=2000)


__all__ = [
    "DIFFICULTY_FAMILY",
    "HINDSIGHT",
    "HINT_PLAYER",
    "PLAYERS",
    "SOLVER",
    "Expectimax2Player",
    "ExpectimaxPlayer",
    "GreedyPlayer",
    "RandomPlayer",
    "SamplingPlayer",
    "WholeDealSolver",
    "warm_up",
    "warm_up_players",
    "warm_up_solver",
]
