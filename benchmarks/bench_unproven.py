"""The Foursquare whole-deal solver before and after a change, deal by deal: which best
scores each proves at the same node budget, and any best score that changed.

    python benchmarks/bench_unproven.py --unproven 30 [--nodes 12000000]
    python benchmarks/bench_unproven.py --proven 200
    python benchmarks/bench_unproven.py --deals 55,804,1000..1009 [--old survey]

``--unproven N`` takes the first ``N`` deals whose best score the committed survey
(``surveys/foursquare.sqlite``) left unproven, ``--proven N`` ``N`` deals it proved,
spread over the survey. The solver before is today's at commit ``--commit`` (loaded
from git history, as the other benchmarks load theirs); with ``--old survey`` its
answers are read from the survey instead, which the same solver wrote at 12,000,000
positions (so only with that budget). A changed best score is a bug unless the one
before was unproven and the new one is a better win (more cards left); so is a best
score proven before and not now. Both are listed at the end.
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any, NamedTuple

from before import load_package

from squares.ai.foursquare import WholeDealSolver
from squares.games.foursquare import Foursquare

GAME = Foursquare()
SURVEY = Path(__file__).resolve().parent.parent / "surveys" / "foursquare.sqlite"
SURVEY_NODES = 12_000_000
BEFORE = "d29f50b"
"""The last commit with the solver whose best scores the committed survey holds."""

_MODULES = (
    "__init__", "board", "box", "budget", "hints", "kernel", "keys", "lookahead", "memo",
    "observation", "perfect", "players", "reorder", "search", "solver", "symmetry",
    "untouched",
)  # fmt: skip
"""The modules of the solver's package that the comparison loads, those of them that
the commit has (the package was split into more modules over time)."""


def modules_at(commit: str) -> tuple[str, ...]:
    """``_MODULES`` that ``squares/ai/foursquare/`` holds at ``commit``."""
    listed = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{commit}:squares/ai/foursquare/"],
        cwd=SURVEY.parent.parent,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return tuple(name for name in _MODULES if f"{name}.py" in listed)


class Answer(NamedTuple):
    score: int | None
    proven: bool
    nodes: int
    seconds: float


def survey_rows(where: str) -> dict[int, Answer]:
    """The survey's solver answers per deal, for the rows ``where`` selects."""
    with sqlite3.connect(SURVEY) as db:
        rows = db.execute(
            "select deal, score, proven, nodes, seconds from results"
            f" where kind = 'solver' and {where} order by deal"
        ).fetchall()
    return {
        deal: Answer(score, bool(proven), nodes, secs) for deal, score, proven, nodes, secs in rows
    }


def parse_deals(text: str) -> list[int]:
    deals: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("..")
        deals.extend(range(int(first), int(last or first) + 1))
    return deals


def solve(solver: Any, deal: int, nodes: int) -> Answer:
    start = time.process_time()
    solution = solver.solve(GAME.new(deal), max_nodes=nodes)
    return Answer(
        solution.best_score,
        bool(solution.best_proven),
        solution.nodes,
        time.process_time() - start,
    )


def verdict(old: Answer, new: Answer) -> str:
    """What a difference between the two means ("" when there is none worth a word)."""
    if new.score != old.score:
        better = old.score is None or (new.score is not None and new.score > old.score)
        return "better win" if better and not old.proven else "BUG: best score changed"
    if old.proven and not new.proven:
        return "BUG: proof lost"
    if new.proven and not old.proven:
        return "newly proven"
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--deals", help="deals: 55,804,1000..1009")
    group.add_argument("--unproven", type=int, help="the first N the survey left unproven")
    group.add_argument("--proven", type=int, help="N deals the survey proved, spread out")
    parser.add_argument("--nodes", type=int, default=SURVEY_NODES, help="budget per deal")
    parser.add_argument("--old", choices=("git", "survey"), default="git")
    parser.add_argument("--commit", default=BEFORE, help="the solver before (with --old git)")
    args = parser.parse_args()
    if args.old == "survey" and args.nodes != SURVEY_NODES:
        parser.error(f"--old survey holds answers at {SURVEY_NODES} positions only")
    surveyed = survey_rows("1")
    if args.deals:
        deals = parse_deals(args.deals)
    elif args.unproven:
        deals = [deal for deal, answer in surveyed.items() if not answer.proven][: args.unproven]
    else:
        proven = [deal for deal, answer in surveyed.items() if answer.proven]
        step = max(1, len(proven) // args.proven)
        deals = proven[::step][: args.proven]
    old_solver = None
    if args.old == "git":
        old_solver = load_package(
            "foursquare", args.commit, modules_at(args.commit), alias="foursquare_before_change"
        ).WholeDealSolver()
        old_solver.solve(GAME.new(0), max_nodes=1000)  # compile before timing
    new_solver = WholeDealSolver()
    new_solver.solve(GAME.new(0), max_nodes=1000)
    print(f"{'deal':>5}  {'old best':>8} {'proven':>6} {'seconds':>7}  "
          f"{'new best':>8} {'proven':>6} {'seconds':>7}  {'positions':>9}")  # fmt: skip
    proven_counts = {"old": 0, "new": 0}
    nodes_total = {"old": 0, "new": 0}
    seconds_total = {"old": 0.0, "new": 0.0}
    notes: list[str] = []
    for deal in deals:
        old = surveyed[deal] if old_solver is None else solve(old_solver, deal, args.nodes)
        new = solve(new_solver, deal, args.nodes)
        for label, answer in (("old", old), ("new", new)):
            proven_counts[label] += answer.proven
            nodes_total[label] += answer.nodes
            seconds_total[label] += answer.seconds
        note = verdict(old, new)
        if note:
            notes.append(f"deal {deal}: {note} ({old.score} -> {new.score})")
        print(
            f"{deal:5}  {old.score!s:>8} {old.proven!s:>6} {old.seconds:7.1f}  "
            f"{new.score!s:>8} {new.proven!s:>6} {new.seconds:7.1f}  {new.nodes:9}  {note}",
            flush=True,
        )
    source = "survey" if old_solver is None else f"commit {args.commit}"
    for label in ("old", "new"):
        print(
            f"{label} ({source if label == 'old' else 'this checkout'}): "
            f"{proven_counts[label]} of {len(deals)} proven, {nodes_total[label]} positions, "
            f"{seconds_total[label]:.0f} s"
        )
    bugs = [note for note in notes if "BUG" in note]
    print(f"changed best scores or proofs: {len(notes)}, of them bugs: {len(bugs)}")
    for note in notes:
        print("  " + note)


if __name__ == "__main__":
    main()
