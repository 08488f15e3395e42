"""What ``squares survey`` runs: the (deal, who) pairs a results file still lacks, in
batches of deals, each batch one job for a worker and one transaction in the file.

>>> batches = plan({"greedy": [0, 1, 2, 5], "whole-deal": [4]}, "foursquare", "whole-deal",
...               max_nodes=1000, size=3)
>>> [(batch.who, batch.kind, batch.deals) for batch in batches]
[('greedy', 'player', [0, 1, 2]), ('whole-deal', 'solver', [4]), ('greedy', 'player', [5])]
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from squares.survey.cluster import Pool
from squares.survey.deals import Budget, play_deal, solve_deal
from squares.survey.results import Results
from squares.survey.rows import Row

SOLVER = "solver"
PLAYER = "player"


@dataclass(frozen=True, slots=True)
class Batch:
    """Deals for one player or the solver, to be run together on one worker."""

    game: str
    who: str
    kind: str  # SOLVER or PLAYER
    max_nodes: int
    deals: list[int]
    found: tuple[int | None, ...] = ()  # the best score an earlier search found, per deal


def run_batch(batch: Batch) -> list[Row]:
    """Every deal of ``batch`` played by its player or searched by the solver (from the
    best score found before, where ``found`` has one)."""
    if batch.kind == SOLVER:
        budget = Budget(batch.max_nodes, None)  # positions only: the same rows anywhere
        found = batch.found or (None,) * len(batch.deals)
        return [
            _solved(solve_deal(batch.game, budget, deal, score))
            for deal, score in zip(batch.deals, found, strict=True)
        ]
    rows = []
    for deal in batch.deals:
        played = play_deal(batch.game, batch.who, deal)
        outcome = "won" if played.won else "lost"
        rows.append(
            Row(deal, batch.who, PLAYER, outcome, played.score, None, None, played.moves,
                round(played.seconds, 6))
        )  # fmt: skip
    return rows


def _solved(answer: dict[str, object]) -> Row:
    return Row(
        answer["deal"], answer["solver"], SOLVER, answer["verdict"],  # type: ignore[arg-type]
        answer["best_score"], answer["best_proven"], answer["nodes"], None,  # type: ignore[arg-type]
        answer["seconds"],  # type: ignore[arg-type]
    )  # fmt: skip


def missing(results: Results | None, whos: Sequence[str], deals: range) -> dict[str, list[int]]:
    """For each of ``whos``, the deals of ``deals`` that have no row yet in ``results``
    (every deal when there is no file yet), in order."""
    todo = {}
    for who in whos:
        done = results.done(who, deals) if results else set()
        todo[who] = [deal for deal in deals if deal not in done]
    return todo


def plan(
    todo: Mapping[str, list[int]],
    game: str,
    solver: str | None,
    max_nodes: int,
    size: int,
    by_deal: bool = True,
    found: Mapping[int, int | None] | None = None,
) -> list[Batch]:
    """Batches of at most ``size`` deals, the lowest deals first whoever plays them, so
    that a run stopped early leaves whole deals behind it; with ``by_deal`` false, in
    the order of each list of ``todo`` instead (``--again``: the likeliest proofs first).
    ``found``: the solver's best score found before, per deal (``--again``)."""
    batches = [
        Batch(
            game,
            who,
            SOLVER if who == solver else PLAYER,
            max_nodes,
            deals[i : i + size],
            tuple(found.get(deal) for deal in deals[i : i + size]) if found else (),
        )
        for who, deals in todo.items()
        for i in range(0, len(deals), size)
    ]
    return sorted(batches, key=lambda batch: batch.deals[0]) if by_deal else batches


def solver_code(game: str) -> str:
    """The solver's name and a digest of its code (the source of the solver's package):
    a row solved again by the same code would get the same answer (its budget is in
    positions), so ``--again`` does it once per version of the solver."""
    from squares.ai import get_solver

    solver = get_solver(game)
    source = sys.modules[type(solver).__module__].__file__
    digest = hashlib.sha256()
    for path in sorted(Path(source or "").parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return f"{solver.name} {digest.hexdigest()[:16]}"


def run_survey(
    results: Results, pool: Pool, batches: list[Batch], again: str | None = None
) -> Iterator[list[Row]]:
    """Run ``batches``, writing each one's rows to ``results`` as soon as it is back
    (this process alone writes the file), and yield them once written. With ``again``
    (``solver_code``), the rows replace those there and are marked as solved again."""
    for rows in pool.run(run_batch, batches):
        if again is None:
            results.add(rows)
        else:
            results.replace(rows, again)
        yield rows
