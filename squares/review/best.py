"""The best score still reachable after each move of a game, seen by the whole-deal solver.

The solver is asked about the deal's start; its line is then followed along the game:
while the player's move is the line's next one, the best is unchanged and the line goes
on. When the player plays another move, the line without that move is tried from the new
position (moves that commute, as Union Square's often do, keep it good): if it still
reaches the same score, the best is unchanged. Only otherwise is the solver asked again
(and not at all once the win is gone and the solver's last figure was not proven: the
figures after that are what the game reached, marked not proven but at its end).
A best can never rise along a game (what is reachable later was reachable before), so
each figure is at least every later one, and the game's own result is the last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squares.ai import Hindsight, Solver
from squares.errors import SquaresError
from squares.games.base import Game, Status


@dataclass(frozen=True, slots=True)
class Best:
    """What the solver says of one position: the best score reachable (``None``: no
    score is), whether that is proven, and a line that reaches it (in notation)."""

    value: int | None
    proven: bool
    line: tuple[str, ...]


def at_least(a: int | None, b: int | None) -> bool:
    """Whether score ``a`` is at least ``b`` (``None``: no score, below every score)."""
    return b is None or (a is not None and a >= b)


def lowered(before: Best, after: Best) -> bool:
    """Whether a move is shown to have lowered the best score reachable: the figure after
    it is proven (the best itself) and below the one before (a score reachable then, found
    or proven). An unproven figure after is only a score found, so a drop to it shows
    nothing.

    >>> found, proven = Best(30, False, ()), Best(14, True, ())
    >>> lowered(found, proven), lowered(proven, Best(10, False, ()))
    (True, False)
    """
    return after.proven and not at_least(after.value, before.value)


def solve(
    game: Game[Any, Any], solver: Solver[Any, Any], hindsight: Hindsight[Any, Any], state: Any
) -> Best:
    """The solver's figure for ``state`` within the game's node budget."""
    if game.status(state) is not Status.PLAYING:
        return Best(game.score(state), True, ())
    solution = solver.solve(state, max_nodes=hindsight.solve_nodes)
    return Best(hindsight.value(solution), bool(solution.best_proven), tuple(solution.line))


def reaches(game: Game[Any, Any], state: Any, line: tuple[str, ...], value: int | None) -> bool:
    """Whether ``line`` replays from ``state`` (every move legal) to a score of ``value``."""
    try:
        for move in line:
            state = game.apply_text(state, move)
    except SquaresError:
        return False
    score = game.score(state)
    return value is not None and score is not None and score >= value


def best_along(
    game: Game[Any, Any],
    solver: Solver[Any, Any],
    hindsight: Hindsight[Any, Any],
    states: list[Any],
    moves: list[str],
) -> list[Best]:
    """The figure before the first move, then after each move (``len(moves) + 1`` of them)."""
    current = solve(game, solver, hindsight, states[0])
    found = [current]
    last = solve(game, solver, hindsight, states[-1]) if moves else current
    for move, after in zip(moves, states[1:], strict=True):
        line = current.line
        if line and line[0] == move:
            current = Best(current.value, current.proven, line[1:])
        elif last.proven and current.proven and last.value == current.value:
            current = Best(current.value, True, ())  # it cannot fall below the end's figure
        elif current.value is None and current.proven:
            pass  # no score was reachable: none is now
        elif not hindsight.wins(current.value) and not current.proven:
            # The win is gone and the solver could not settle the best left within its
            # budget: asking it again after every move would cost that budget each time.
            # What the game itself reached is the figure (raised below by later ones);
            # at the game's end, that is the best, proven.
            current = Best(game.score(after), game.status(after) is not Status.PLAYING, ())
        else:
            rest = line[: line.index(move)] + line[line.index(move) + 1 :] if move in line else line
            if reaches(game, after, rest, current.value):
                current = Best(current.value, current.proven, rest)
            else:
                current = solve(game, solver, hindsight, after)
        found.append(current)
    # What a later position reaches, an earlier one reaches too (through the game's moves).
    for i in range(len(found) - 2, -1, -1):
        later = found[i + 1]
        if not at_least(found[i].value, later.value):
            found[i] = Best(later.value, found[i].proven and later.proven, found[i].line)
    return found
