"""The proof by clauses (``clause_proof.shortest_win``) against the search.

    python benchmarks/bench_clause_proof.py --deals 95,186,1013 [--search]
    python benchmarks/bench_clause_proof.py --survey --deals 0..999
    python benchmarks/bench_clause_proof.py --survey --score 21 --budget 1000000000

For each deal, the shortest win from the empty grid by clauses, fewest cards first, with
no budget: its best score, the conflicts and the CPU seconds it took. With ``--survey``,
each is set against the committed survey's row (``surveys/foursquare.sqlite``): a best
score the search proved must be the same, and one it left unproven may not be lower;
``--score`` and ``--budget`` take the deals the survey proved at that score and searched
again at that budget in positions. With ``--search``, the search alone (the solver with
no budget, which never needs the clauses) runs beside it in this process, and the
ratio of the CPU times is printed. Every line found is replayed through the rules engine.
"""

from __future__ import annotations

import argparse
import sqlite3
import time

from bench_unproven import SURVEY, parse_deals

from squares.ai.foursquare import WholeDealSolver
from squares.ai.foursquare.clause_proof import shortest_win
from squares.games.base import Status
from squares.games.foursquare import Foursquare, Placement

GAME = Foursquare()


def by_clauses(deal: int) -> tuple[int | None, int, float]:
    """The best score by clauses (replayed), the conflicts and the CPU seconds."""
    state = GAME.new(deal)
    start = time.process_time()
    answer = shortest_win(state.grid, [card.rank for card in state.remaining], 16, 41)
    seconds = time.process_time() - start
    if answer.cells is None:
        return None, answer.conflicts, seconds
    for cell in answer.cells:
        state = GAME.apply(state, Placement(*cell))
    if GAME.status(state) is not Status.WON:
        raise SystemExit(f"deal {deal}: the line by clauses does not win")
    return GAME.score(state), answer.conflicts, seconds


def survey_rows(
    deals: list[int] | None, score: int | None, budget: int | None
) -> dict[int, tuple[int | None, bool]]:
    """The survey's best score and whether it is proven, by deal."""
    query = "select r.deal, r.score, r.proven from results r"
    where: list[str] = ["r.kind = 'solver'"]
    args: list[object] = []
    if budget is not None:
        query += " join again a using (deal, who)"
        where.append("a.solver like ?")
        args.append(f"% at {budget}")
    if score is not None:
        where.append("r.score = ? and r.proven = 1")
        args.append(score)
    with sqlite3.connect(SURVEY) as db:
        rows = db.execute(f"{query} where {' and '.join(where)} order by r.deal", args)
        found = {deal: (best, bool(proven)) for deal, best, proven in rows}
    return found if deals is None else {d: found[d] for d in deals if d in found}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", help="deals: 55,804,1000..1009")
    parser.add_argument("--survey", action="store_true", help="check against the survey")
    parser.add_argument("--score", type=int, help="with --survey: deals proven at this score")
    parser.add_argument("--budget", type=int, help="with --survey: searched again at this")
    parser.add_argument("--search", action="store_true", help="time the search beside it")
    args = parser.parse_args()
    deals = parse_deals(args.deals) if args.deals else None
    rows = survey_rows(deals, args.score, args.budget) if args.survey else {}
    if deals is None:
        deals = sorted(rows)
    solver = WholeDealSolver()
    solver.solve(GAME.new(0), max_nodes=100_000)  # compiled before anything is timed
    totals = {"deals": 0, "conflicts": 0, "seconds": 0.0, "search": 0.0, "differ": 0}
    for deal in deals:
        best, conflicts, seconds = by_clauses(deal)
        line = f"{deal:>6} best {best!s:>4} {conflicts:>9,} conflicts {seconds:>7.2f} s"
        if deal in rows:
            known, proven = rows[deal]
            agrees = best == known if proven else (best or -1) >= (known or -1)
            line += f"  survey {known}{'' if proven else '?'}{'' if agrees else '  DIFFERS'}"
            totals["differ"] += not agrees
        if args.search:
            start = time.process_time()
            solution = solver.solve(GAME.new(deal))
            searched = time.process_time() - start
            line += f"  search {solution.best_score} {solution.nodes:>12,} positions"
            line += f" {searched:>8.2f} s  ratio {searched / max(seconds, 1e-9):>7.1f}"
            totals["search"] += searched
        print(line, flush=True)
        totals["deals"] += 1
        totals["conflicts"] += conflicts
        totals["seconds"] += seconds
    print(f"{totals['deals']} deals, {totals['conflicts']:,} conflicts, "
          f"{totals['seconds']:.1f} s by clauses"
          + (f", {totals['search']:.1f} s by search" if args.search else "")
          + (f", {totals['differ']} differing from the survey" if args.survey else ""))  # fmt: skip


if __name__ == "__main__":
    main()
