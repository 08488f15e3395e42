"""What the survey tests share: a results file's rows as a user compares them."""

from __future__ import annotations

from pathlib import Path

from squares.cli.survey_db import read_results

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
