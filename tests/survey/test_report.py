"""``squares survey-report``: the tables of docs/odds.md from a results file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from squares.ai.confidence import wilson
from squares.survey.results import open_results
from squares.survey.rows import Row
from tests.cli.conftest import Run
from tests.survey.conftest import GAME, NODES


def player(deal: int, who: str, won: bool, score: int, seconds: float = 0.5) -> Row:
    return Row(deal, who, "player", "won" if won else "lost", score, None, None, 90, seconds)


def solver(deal: int, outcome: str, score: int | None, proven: bool | None) -> Row:
    return Row(deal, "whole-deal", "solver", outcome, score, proven, 300, None, 2.0)


@pytest.fixture
def crafted(tmp_path: Path) -> Path:
    """Ten deals: the solver wins 6 (5 proven best), leaves 3 undecided, proves 1 lost;
    keeper wins deals 0..6, greedy wins none."""
    path = tmp_path / "crafted.sqlite"
    results = open_results(path, GAME, 5000)
    outcomes = ["winnable"] * 6 + ["undecided"] * 3 + ["unwinnable"]
    results.add(
        solver(d, o, 104 if o == "winnable" else 60, d < 5 if o == "winnable" else None)
        for d, o in enumerate(outcomes)
    )
    results.add(player(d, "keeper", d <= 6, 104 if d <= 6 else 50) for d in range(10))
    results.add(player(d, "greedy", False, 30 + d, seconds=0.1) for d in range(10))
    results.close()
    return path


def test_the_surveys_command_leaves_a_player_of_fewer_deals_to_its_own_row(
    squares_here: Run, crafted: Path
) -> None:
    results = open_results(crafted, GAME, 5000)
    results.add(player(d, "builder", False, 40) for d in range(4))
    results.close()
    summary = json.loads(squares_here("survey-report", str(crafted), "--json").stdout)
    assert "--players greedy,keeper " in summary["command"]
    lines = {line["who"]: line for line in summary["rows"]}
    assert lines["builder"]["command"] == f"squares simulate {GAME} --player builder --deals 0..3"


def test_report_json_counts_each_player_with_its_wilson_interval(
    squares_here: Run, crafted: Path
) -> None:
    done = squares_here("survey-report", str(crafted), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    lines = {line["who"]: line for line in summary["rows"]}
    assert (summary["game"], summary["max_nodes"], summary["deals"]) == (GAME, 5000, 10)
    assert lines["keeper"]["won"] == 7 and lines["greedy"]["won"] == 0
    assert lines["keeper"]["ci95"] == pytest.approx(wilson(7, 10), abs=1e-6)
    assert lines["greedy"]["mean_score"] == pytest.approx(34.5)
    assert lines["greedy"]["seconds_per_deal"] == pytest.approx(0.1)
    assert lines["keeper"]["command"] == f"squares simulate {GAME} --player keeper --deals 0..9"


def test_undecided_deals_widen_the_solvers_interval_from_lost_to_won(
    squares_here: Run, crafted: Path
) -> None:
    summary = json.loads(squares_here("survey-report", str(crafted), "--json").stdout)
    line = summary["rows"][0]  # the solver comes first
    assert (line["who"], line["won"], line["undecided"], line["unwinnable"]) == (
        "whole-deal", 6, 3, 1,
    )  # fmt: skip
    low, high = line["ci95"]
    assert low == pytest.approx(wilson(6, 10)[0], abs=1e-6)  # the undecided counted lost
    assert high == pytest.approx(wilson(9, 10)[1], abs=1e-6)  # ... and counted won
    assert line["proven"] == 5 and line["mean_score"] == 104
    assert line["command"] == f"squares solve {GAME} --deals 0..9 --max-nodes 5000"


def test_report_markdown_has_a_row_per_player_and_the_solver(
    squares_here: Run, crafted: Path
) -> None:
    out = squares_here("survey-report", str(crafted)).stdout
    low, high = wilson(7, 10)
    keeper = next(line for line in out.splitlines() if line.startswith("| `keeper`"))
    assert f"| 70.0% ({100 * low:.1f}%..{100 * high:.1f}%) |" in keeper
    assert "| 10 | 7 |" in keeper
    solver_line = next(line for line in out.splitlines() if line.startswith("| solver"))
    assert "6 winnable, 1 unwinnable, 3 undecided" in solver_line
    assert f"({100 * wilson(6, 10)[0]:.1f}%..{100 * wilson(9, 10)[1]:.1f}%)" in solver_line
    assert re.search(r"^`squares survey .* --max-nodes 5000`$", out, re.M)
    # beside the best: keeper reaches the solver's best on the 6 deals it wins
    assert re.search(r"^\| `keeper` \| 6 \| 104\.00 \| 104\.00 \| 6 \|$", out, re.M)


def test_report_counts_each_best_score_of_the_winnable_deals_and_how_many_are_proven(
    squares_here: Run, crafted: Path
) -> None:
    # six winnable deals at 104, five of them proven best; the undecided deals' best
    # scores (60) are no win, so they are not counted
    summary = json.loads(squares_here("survey-report", str(crafted), "--json").stdout)
    assert summary["best_scores"] == [{"score": 104, "deals": 6, "proven": 5}]
    out = squares_here("survey-report", str(crafted)).stdout
    assert re.search(r"^\| 104 \| 6 \| 5 \| 1 \|$", out, re.M)
    assert not re.search(r"^\| 60 \|", out, re.M)


def test_a_rate_that_is_not_all_or_nothing_never_reads_as_100_or_0_percent(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "many.sqlite"
    results = open_results(path, GAME, 5000)
    deals = range(5000)
    results.add(solver(d, "winnable", 104, True) for d in deals)
    results.add(player(d, "keeper", d != 7, 104 if d != 7 else 90) for d in deals)  # one lost
    results.add(player(d, "builder", d == 7, 104 if d == 7 else 40) for d in deals)  # one won
    results.close()
    out = squares_here("survey-report", str(path)).stdout
    keeper = next(line for line in out.splitlines() if line.startswith("| `keeper`"))
    builder = next(line for line in out.splitlines() if line.startswith("| `builder`"))
    for line, won in ((keeper, 4999), (builder, 1)):
        shown = re.search(r"\| ([\d.]+)% \(([\d.]+)%\.\.([\d.]+)%\) \|", line)
        assert shown, line
        for text, value in zip(shown.groups(), (won / 5000, *wilson(won, 5000)), strict=True):
            assert text not in ("100.0", "0.0"), line
            places = len(text.partition(".")[2])
            assert abs(float(text) - 100 * value) <= 10**-places, (text, value)  # as rounded
    solver_line = next(line for line in out.splitlines() if line.startswith("| solver"))
    assert "| 100.0% (" in solver_line  # every deal won: 100% it is


def test_report_draws_the_four_plots_as_svg(
    squares_here: Run, crafted: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "plots"
    done = squares_here("survey-report", str(crafted), "--plots", str(folder))
    assert done.returncode == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["against-best.svg", "best-scores.svg", "time-per-deal.svg", "win-rates.svg"]
    for name in names:
        svg = (folder / name).read_text(encoding="utf-8")
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "keeper" in (folder / "against-best.svg").read_text(encoding="utf-8")
    assert "keeper" in (folder / "win-rates.svg").read_text(encoding="utf-8")
    assert done.stderr.count("plot written to") == 4


def test_the_win_rate_plot_names_each_bar_on_its_axis_in_the_reports_order(
    squares_here: Run, crafted: Path, tmp_path: Path
) -> None:
    """Each bar is named beside it, the solver's first from the top, as in the report's
    table, rather than told apart by a colour in a legend."""
    folder = tmp_path / "plots"
    assert squares_here("survey-report", str(crafted), "--plots", str(folder)).returncode == 0
    svg = (folder / "win-rates.svg").read_text(encoding="utf-8")
    rows = json.loads(squares_here("survey-report", str(crafted), "--json").stdout)["rows"]
    heights = []
    for row in rows:
        label = re.search(rf'<g class="guides"><text [^>]*y="([\d.]+)"[^>]*>{row["who"]}<', svg)
        assert label, f"no bar named {row['who']}"
        heights.append(float(label.group(1)))
    assert heights == sorted(heights)  # from the top down
    assert 'class="legend' not in svg


def test_the_box_plots_name_each_players_box_under_it(
    squares_here: Run, crafted: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "plots"
    assert squares_here("survey-report", str(crafted), "--plots", str(folder)).returncode == 0
    for name, names in (("against-best.svg", ["greedy", "keeper"]),
                        ("time-per-deal.svg", ["whole-deal", "keeper", "greedy"])):  # fmt: skip
        svg = (folder / name).read_text(encoding="utf-8")
        axis = svg[svg.index('<g class="axis x">') :]
        labels = re.findall(r'<g class="guides"><path [^>]*/><text [^>]*>([^<]+)</text>', axis)
        assert labels == names, name  # the slowest first, in time per deal
        assert 'class="legend' not in svg, name


@pytest.mark.long
def test_each_rows_command_reproduces_its_figures(squares_here: Run, tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    done = squares_here("survey", GAME, "--deals", "0..3", "--players", "greedy",
                        "--max-nodes", NODES, "--results", str(path), "--workers", "1")  # fmt: skip
    assert done.returncode == 0
    lines = json.loads(squares_here("survey-report", str(path), "--json").stdout)["rows"]
    assert [line["who"] for line in lines] == ["whole-deal", "greedy"]
    for line in lines:
        command = line["command"].split()
        assert command[0] == "squares"
        again = json.loads(squares_here(*command[1:], "--workers", "1", "--json").stdout)
        if line["kind"] == "solver":
            assert (again["winnable"], again["undecided"]) == (line["won"], line["undecided"])
            assert again["mean_best_score"] == line["mean_score"]
        else:
            assert (again["wins"], again["mean_score"]) == (line["won"], line["mean_score"])
            assert again["ci95"] == line["ci95"]


def test_report_packs_the_solvers_verdicts_into_the_compact_file_of_deal_results(
    squares_here: Run, crafted: Path, tmp_path: Path
) -> None:
    from squares.ai.deal_results import DealResult, unpack

    out = tmp_path / "crafted.deals"
    done = squares_here("survey-report", str(crafted), "--pack", str(out))
    assert done.returncode == 0, done.stderr
    table = unpack(out.read_bytes())
    assert (table.game, table.max_nodes, len(table)) == (GAME, 5000, 10)
    assert table.get(0) == DealResult("winnable", 104, True)
    assert table.get(5) == DealResult("winnable", 104, False)
    assert table.get(7) == DealResult("undecided", 60, False)
    assert table.get(9) == DealResult("unwinnable", 60, False)


def test_report_that_cannot_write_its_packed_file_says_so_and_exits_2(
    squares_here: Run, crafted: Path, tmp_path: Path
) -> None:
    done = squares_here("survey-report", str(crafted), "--pack", str(tmp_path / "no" / "x.deals"))
    assert done.returncode == 2
    assert "cannot write" in done.stderr and "Traceback" not in done.stderr
