"""The figures of a results file (``squares survey-report``): one line per player and
for the solver, as JSON (``report``) and as the Markdown tables of docs/odds.md
(``markdown``); the solver's verdicts as the compact file of deal results
(``pack_results``).

A player's win rate comes with its 95% Wilson interval. The solver's deals that are
neither proven winnable nor proven unwinnable (undecided) widen its interval, as
Solvitaire reports it: from the interval's low end counting them as lost to its high end
counting them as won.

>>> from squares.survey.rows import Row, Survey
>>> rows = [Row(d, "greedy", "player", "won" if d else "lost", d, None, None, 9, 0.1)
...         for d in range(4)]
>>> line = report(Survey("foursquare", 1000, 1), rows, "f.sqlite")["rows"][0]
>>> line["won"], line["deals"], line["mean_score"]
(3, 4, 1.5)
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

from squares.ai.confidence import wilson
from squares.errors import SquaresError
from squares.games import get_game
from squares.i18n import _, ngettext, number, percent
from squares.survey.rows import Row, Survey

SOLVER = "solver"


def report(
    survey: Survey, rows: list[Row], file: str, again: dict[int, int] | None = None
) -> dict[str, Any]:
    """The ``squares survey-report --json`` object: ``rows`` holds one object per player
    and one for the solver (first), ``against_best`` each player's scores beside the
    solver's best, deal by deal, ``searched_again`` how many of the solver's rows were
    searched again (``survey --again unproven``) with each budget (``again``)."""
    by_who: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_who[row.who].append(row)
    order = sorted(by_who, key=lambda who: (by_who[who][0].kind != SOLVER, who))
    deals = sorted({row.deal for row in rows})
    lines = [_line(survey, by_who[who]) for who in order]
    return {
        "game": survey.game,
        "format": survey.version,
        "max_nodes": survey.max_nodes,
        "deals": len(deals),
        "first_deal": deals[0] if deals else None,
        "last_deal": deals[-1] if deals else None,
        "rows": lines,
        "against_best": _against_best(by_who),
        "best_scores": _best_scores(by_who),
        "command": _survey_command(survey, by_who, deals, file),
        "searched_again": [
            {
                "max_nodes": budget,
                "deals": count,
                "command": _again_command(survey, deals, file, budget),
            }
            for budget, count in sorted((again or {}).items())
        ],
    }


def _span(rows: list[Row]) -> str:
    deals = [row.deal for row in rows]
    return f"{min(deals)}..{max(deals)}"


def _line(survey: Survey, rows: list[Row]) -> dict[str, Any]:
    n, first = len(rows), rows[0]
    won = sum(row.won for row in rows)
    seconds = [row.seconds for row in rows]
    line: dict[str, Any] = {
        "who": first.who,
        "kind": first.kind,
        "deals": n,
        "contiguous": n == max(r.deal for r in rows) - min(r.deal for r in rows) + 1,
        "won": won,
        "win_rate": round(won / n, 6),
        "seconds_per_deal": round(statistics.fmean(seconds), 6),
        "median_seconds": round(statistics.median(seconds), 6),
    }
    scored = [row.score for row in rows if row.score is not None and row.kind != SOLVER]
    if first.kind == SOLVER:
        undecided = sum(row.outcome == "undecided" for row in rows)
        low, _high = wilson(won, n)
        _low, high = wilson(won + undecided, n)
        best = [row.score for row in rows if row.won and row.score is not None]
        line |= {
            "unwinnable": sum(row.outcome == "unwinnable" for row in rows),
            "undecided": undecided,
            "mean_score": round(statistics.fmean(best), 4) if best else None,
            "scored": len(best),
            "proven": sum(bool(row.proven) for row in rows if row.won),
            "nodes_per_deal": round(statistics.fmean(row.nodes or 0 for row in rows), 2),
            "command": f"squares solve {survey.game} --deals {_span(rows)} "
            f"--max-nodes {survey.max_nodes}",
        }
    else:
        low, high = wilson(won, n)
        line |= {
            "mean_score": round(statistics.fmean(scored), 4) if scored else None,
            "scored": len(scored),
            "command": f"squares simulate {survey.game} --player {first.who} --deals {_span(rows)}",
        }
    line["ci95"] = [round(low, 6), round(high, 6)]
    return line


def _against_best(by_who: dict[str, list[Row]]) -> list[dict[str, Any]]:
    """Each player's score beside the solver's best on the deals the solver won."""
    solver = next((rows for rows in by_who.values() if rows[0].kind == SOLVER), [])
    best = {row.deal: row.score for row in solver if row.won and row.score is not None}
    found = []
    for who in sorted(by_who):
        rows = [r for r in by_who[who] if r.kind != SOLVER and r.deal in best]
        pairs = [(best[r.deal], r.score or 0) for r in rows]
        if not pairs:
            continue
        found.append(
            {
                "who": who,
                "deals": len(pairs),
                "mean_score": round(statistics.fmean(s for _, s in pairs), 4),
                "mean_best": round(statistics.fmean(b for b, _ in pairs), 4),
                "reached_best": sum(s >= b for b, s in pairs),
            }
        )
    return found


def _best_scores(by_who: dict[str, list[Row]]) -> list[dict[str, Any]]:
    """Each best score the solver found on the deals it won, best first: on how many
    deals, and on how many of those it proved that score the best."""
    solver = next((rows for rows in by_who.values() if rows[0].kind == SOLVER), [])
    tally: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for row in solver:
        if row.won and row.score is not None:
            tally[row.score][0] += 1
            tally[row.score][1] += bool(row.proven)
    return [
        {"score": score, "deals": deals, "proven": proven}
        for score, (deals, proven) in sorted(tally.items(), reverse=True)
    ]


def _survey_command(
    survey: Survey, by_who: dict[str, list[Row]], deals: list[int], file: str
) -> str | None:
    if not deals:
        return None
    # A player that has played fewer deals (one added later, on a first range) is left to
    # its own row's command: this one would have it play them all.
    players = sorted(
        who for who, rows in by_who.items() if rows[0].kind != SOLVER and len(rows) == len(deals)
    )
    solving = any(rows[0].kind == SOLVER for rows in by_who.values())
    words = [f"squares survey {survey.game} --deals {deals[0]}..{deals[-1]} --results {file}"]
    words.append(f"--players {','.join(players)}" if players else "--no-players")
    words.append(f"--max-nodes {survey.max_nodes}" if solving else "--no-solver")
    return " ".join(words)


def _again_command(survey: Survey, deals: list[int], file: str, budget: int) -> str | None:
    if not deals:
        return None
    span = f"{deals[0]}..{deals[-1]}"
    more = f" --max-nodes {budget}" if budget != survey.max_nodes else ""
    return (
        f"squares survey {survey.game} --deals {span} --results {file} --no-players "
        f"--again unproven{more}"
    )


# -- Markdown --------------------------------------------------------------------------------
def markdown(summary: dict[str, Any]) -> str:
    """The tables of docs/odds.md for ``summary`` (a ``report``), in the language."""
    game = get_game(summary["game"])
    out = [f"## {_(game.title)}", ""]
    if not summary["rows"]:
        out.append(_("The results file holds no results yet."))
        return "\n".join(out)
    out.append(
        ngettext(
            "Deals {first}..{last} ({count} deal), solver budget {nodes} positions a deal.",
            "Deals {first}..{last} ({count} deals), solver budget {nodes} positions a deal.",
            summary["deals"],
        ).format(
            first=summary["first_deal"],
            last=summary["last_deal"],
            count=number(summary["deals"]),
            nodes=number(summary["max_nodes"]),
        )
    )
    out += ["", f"`{summary['command']}`", ""]
    for again in summary.get("searched_again", []):
        out.append(
            ngettext(
                "The solver's unproven rows searched again with {nodes} positions a deal: "
                "{count} deal.",
                "The solver's unproven rows searched again with {nodes} positions a deal: "
                "{count} deals.",
                again["deals"],
            ).format(nodes=number(again["max_nodes"]), count=number(again["deals"]))
        )
        out += ["", f"`{again['command']}`", ""]
    head = (
        _("who"), _("deals"), _("won"), _("win rate (95% CI)"), _("mean score"),
        _("time per deal"), _("reproduce"),
    )  # fmt: skip
    out += [_table_row(head), _table_row(("---",) * len(head))]
    out += [_table_row(_cells(line)) for line in summary["rows"]]
    if summary["against_best"]:
        out += [
            "",
            _("Each player's score beside the solver's best, on the deals the solver won:"),
            "",
        ]
        best = (_("who"), _("deals"), _("mean score"), _("mean best score"), _("reached the best"))
        out += [_table_row(best), _table_row(("---",) * len(best))]
        for line in summary["against_best"]:
            out.append(
                _table_row((
                    f"`{line['who']}`",
                    number(line["deals"]),
                    number(line["mean_score"], 2),
                    number(line["mean_best"], 2),
                    number(line["reached_best"]),
                ))
            )  # fmt: skip
    if summary["best_scores"]:
        out += [
            "",
            _("The solver's best scores on its winnable deals, and how many it proved best:"),
            "",
        ]
        scores = (_("best score"), _("deals"), _("proven best"), _("found, not proven"))
        out += [_table_row(scores), _table_row(("---",) * len(scores))]
        for line in summary["best_scores"]:
            out.append(
                _table_row((
                    number(line["score"]),
                    number(line["deals"]),
                    number(line["proven"]),
                    number(line["deals"] - line["proven"]),
                ))
            )  # fmt: skip
    return "\n".join(out)


def share(fraction: float) -> str:
    """A win rate as a percentage with one decimal, or as many more (up to three) as it
    takes not to read as 0% or 100% when it is neither.

    >>> share(0.983), share(0.99971), share(0.00039), share(1.0)
    ('98.3%', '99.97%', '0.04%', '100.0%')
    """
    digits = 1
    while digits < 3 and 0 < fraction < 1 and round(100 * fraction, digits) in (0, 100):
        digits += 1
    return percent(fraction, digits)


def _cells(line: dict[str, Any]) -> tuple[str, ...]:
    low, high = line["ci95"]
    rate = _("{rate} ({low}..{high})").format(
        rate=share(line["win_rate"]), low=share(low), high=share(high)
    )
    mean = "—" if line["mean_score"] is None else number(line["mean_score"], 2)
    if line["kind"] == SOLVER:
        who = _("solver {name}").format(name=f"`{line['who']}`")
        won = _("{winnable} winnable, {unwinnable} unwinnable, {undecided} undecided").format(
            winnable=number(line["won"]),
            unwinnable=number(line["unwinnable"]),
            undecided=number(line["undecided"]),
        )
        if line["mean_score"] is not None:
            mean = ngettext(
                "{score} best score (proven best for {count} deal)",
                "{score} best score (proven best for {count} deals)",
                line["proven"],
            ).format(score=mean, count=number(line["proven"]))
    else:
        who, won = f"`{line['who']}`", number(line["won"])
    time = _("{mean} s (median {median} s)").format(
        mean=number(line["seconds_per_deal"], 3), median=number(line["median_seconds"], 3)
    )
    return (who, number(line["deals"]), won, rate, mean, time, f"`{line['command']}`")


def _table_row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"


def pack_results(game: str, max_nodes: int, rows: list[Row], out: Path) -> Path:
    """Write the solver's rows as the compact file of ``squares.ai.deal_results``."""
    from squares.ai.deal_results import DealResult, pack

    verdicts = {
        row.deal: DealResult(row.outcome, row.score, bool(row.proven))
        for row in rows
        if row.kind == SOLVER
    }
    try:
        out.write_bytes(pack(game, max_nodes, verdicts))
    except OSError as error:
        raise SquaresError(
            _("cannot write {path}: {reason}").format(path=out, reason=error.strerror)
        ) from None
    return out
