"""What the survey tests share: the ``squares`` command run as a user runs it (the
fixtures of tests/cli), and a results file's rows as a user compares them."""

from __future__ import annotations

from pathlib import Path

from squares.survey.results import read_results
from tests.cli.conftest import squares, squares_here

__all__ = ["GAME", "NODES", "rows_of", "squares", "squares_here"]  # the fixtures, for pytest

# Cheap work that still runs the solver: Union Square's solver needs a few hundred
# positions on its early deals, its greedy player none.
GAME = "union-square"
NODES = "20000"


def rows_of(path: Path) -> list[tuple[object, ...]]:
    """Every row but its time (which no two runs share), in the file's order."""
    results = read_results(path)
    try:
        return [
            (r.deal, r.who, r.kind, r.outcome, r.score, r.proven, r.nodes, r.moves)
            for r in results.rows()
        ]
    finally:
        results.close()
