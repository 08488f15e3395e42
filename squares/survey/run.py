"""A survey run: what a results file still lacks, worked out, run on a pool of workers and
written to the file as it comes in; and ``search_again``, the solver's unproven rows
searched again. The command line gives the arguments and shows the progress.

>>> Work(todo=3, kept=2).todo
3
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, closing
from dataclasses import dataclass

from squares.ai import get_player, get_solver, player_names
from squares.errors import BadResults, SquaresError
from squares.i18n import _
from squares.survey.batches import missing, plan, run_survey, solver_code
from squares.survey.cluster import open_pool
from squares.survey.deals import batch_size
from squares.survey.results import DEFAULT_MAX_NODES, open_results, results_exist
from squares.survey.rows import Row, again_mark

MOST_PER_BATCH = 20  # deals in one work unit, and so at most lost by a run killed midway


class NothingToSurvey(SquaresError):
    """A survey of no player and no solver."""


@dataclass(frozen=True, slots=True)
class Work:
    """What a survey does: ``todo`` results to find, ``kept`` already in the file."""

    todo: int
    kept: int


Seen = Callable[[list[Row]], None]  # told of each batch of rows once it is written
# Given the work before it starts; what it opens is told of each batch and closed at the end.
Watch = Callable[[Work], AbstractContextManager[Seen]]


@dataclass(frozen=True, slots=True)
class Where:
    """Where the work runs: ``workers`` local processes (None: one per core), or the
    Dask cluster of ``scheduler``."""

    workers: int | None
    scheduler: str | None

    def processes(self) -> int:
        return self.workers or os.cpu_count() or 1

    def count(self, batches: int) -> int:
        """The processes to start for ``batches`` work units."""
        if batches == 1 and self.scheduler is None:
            return 1  # not worth starting a cluster
        return self.processes()


def survey(
    game: str,
    deals: range,
    path: str,
    players: Sequence[str] | None,
    solver: bool,
    max_nodes: int | None,
    where: Where,
    watch: Watch,
) -> Work:
    """Each of ``players`` (None: every player of the game) and the solver (if
    ``solver``) on each deal of ``deals`` that the results file ``path`` lacks, the file
    created with the solver's budget ``max_nodes`` if it is new."""
    names = player_names(game) if players is None else list(players)
    for name in names:
        get_player(game, name)  # an unknown name fails here, before any work
    solver_name = get_solver(game).name if solver else None
    if not names and solver_name is None:
        raise NothingToSurvey(_("nothing to survey: give a player or leave the solver on"))
    whos = ([solver_name] if solver_name else []) + names
    results = open_results(path, game, max_nodes) if results_exist(path) else None
    todo = missing(results, whos, deals)
    count = sum(map(len, todo.values()))
    work = Work(count, len(whos) * len(deals) - count)
    if results is not None and not work.todo:
        results.close()
        return work
    size = batch_size(work.todo, where.processes(), MOST_PER_BATCH)
    budget = results.max_nodes if results else max_nodes or DEFAULT_MAX_NODES
    batches = plan(todo, game, solver_name, budget, size)
    with open_pool(where.count(len(batches)), where.scheduler) as pool:
        if results is None:  # created only now that the work can run
            results = open_results(path, game, budget)
        with closing(results), watch(work) as seen:
            for rows in run_survey(results, pool, batches):
                seen(rows)
    return work


def search_again(
    game: str,
    deals: range,
    path: str,
    max_nodes: int | None,
    scores: range | None,
    where: Where,
    watch: Watch,
) -> int:
    """The solver's rows of ``path`` whose best score is unproven (of ``scores`` if given)
    searched again at the file's budget, or at ``max_nodes`` if larger, each row replaced
    by the new answer; how many were searched.

    The file keeps its own budget, and each row searched again is marked with the budget
    it had (``survey-report`` counts them). A run stopped midway resumes with the same
    call: a deal this version of the solver already searched again is skipped.
    """
    if not results_exist(path):
        raise BadResults(
            _("{path}: no such results file (squares survey writes one)").format(path=path)
        )
    results = open_results(path, game, None)
    try:
        budget = results.max_nodes if max_nodes is None else max_nodes
        if budget < results.max_nodes:
            raise BadResults(
                _("{path} was measured with --max-nodes {stored}: --again searches with that "
                  "budget or a larger one, not {given}").format(
                    path=path, stored=results.max_nodes, given=budget
                )
            )  # fmt: skip
        solver = get_solver(game).name
        code = again_mark(solver_code(game), budget)
        unproven = results.unproven(solver, deals, code, scores)
        if not unproven:
            return 0
        # One deal a work unit, each written as soon as it is searched: every one is a
        # deal a smaller budget left unproven, so it may take minutes or hours, and a run
        # stopped midway loses only the deals in hand. In the order of ``unproven``: the
        # highest best scores first.
        # Each from the best score found before: the solver asks first for a win of
        # that score, then for a better one (the proof), and skips the searches a
        # proof makes needless (``WholeDealSolver.solve``).
        found = results.scores(solver, unproven)
        batches = plan({solver: unproven}, game, solver, budget, 1, by_deal=False, found=found)
        pool = open_pool(where.count(len(batches)), where.scheduler)
        with pool as running, watch(Work(len(unproven), 0)) as seen:
            for rows in run_survey(results, running, batches, again=code):
                seen(rows)
        return len(unproven)
    finally:
        results.close()
