"""``squares survey --again unproven``: the solver's rows whose best score is unproven are
searched again and replaced, no other row is touched, and a second run does nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from squares.survey import batches
from squares.survey.batches import run_batch
from squares.survey.deals import Budget, solve_deal
from squares.survey.rows import Row
from tests.cli.conftest import Run
from tests.survey.conftest import GAME, NODES

FEW_NODES = "50"  # Union Square's solver proves none of its first deals with so few


def raw_rows(path: Path) -> list[tuple[object, ...]]:
    """Every row of the results, its time included: a row rewritten shows."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT * FROM results ORDER BY deal, who").fetchall()
    conn.close()
    return rows


def survey(run: Run, path: Path, deals: str, *more: str) -> str:
    done = run("survey", GAME, "--deals", deals, "--results", str(path), "--workers", "1", *more)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_only_the_unproven_row_is_searched_again_and_a_second_run_does_nothing(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..2", "--max-nodes", NODES, "--players", "greedy")
    solved = raw_rows(path)
    assert all(row[5] == 1 for row in solved if row[2] == "solver")  # all proven
    with sqlite3.connect(path) as conn:  # deal 1's answer as a smaller budget left it
        conn.execute(
            "UPDATE results SET outcome = 'undecided', score = 3, proven = 0, nodes = 7 "
            "WHERE deal = 1 AND kind = 'solver'"
        )
    conn.close()
    tampered = raw_rows(path)
    out = survey(squares_here, path, "0..2", "--again", "unproven")
    assert out.startswith("1 unproven result searched again")
    after = raw_rows(path)
    changed = [i for i, (old, new) in enumerate(zip(tampered, after, strict=True)) if old != new]
    assert [after[i][:2] for i in changed] == [(1, "whole-deal")]
    assert after[changed[0]][2:8] == solved[changed[0]][2:8]  # the solver's own answer again
    out = survey(squares_here, path, "0..2", "--again", "unproven")
    assert out.startswith("0 unproven results searched again")
    assert raw_rows(path) == after


def test_a_row_still_unproven_is_searched_again_once_so_a_stopped_run_resumes(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..3", "--max-nodes", FEW_NODES, "--no-players")
    first = raw_rows(path)
    assert [row[5] for row in first] == [0, 0, 0, 0]  # none proven at this budget
    # A run stopped after deals 0 and 1, then the whole range: only deals 2 and 3 remain.
    assert survey(squares_here, path, "0..1", "--again", "unproven").startswith("2 unproven")
    assert survey(squares_here, path, "0..3", "--again", "unproven").startswith("2 unproven")
    whole = raw_rows(path)
    assert [row[:8] for row in whole] == [row[:8] for row in first]  # same budget, same answers
    assert survey(squares_here, path, "0..3", "--again", "unproven").startswith("0 unproven")
    assert raw_rows(path) == whole


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--no-solver"], "leave the solver on and give no players"),
        (["--players", "greedy"], "leave the solver on and give no players"),
        (["--again", "proven"], "invalid choice"),
        (["--scores", "24..22"], "the first score is above the last (try 22..24)"),
        (["--scores", "twenty"], "bad score range 'twenty'"),
        (["--scores", "2" * 5000], "(5000 characters)"),
        (["--no-players", "--scores", "22"], "--scores chooses among the rows of --again"),
    ],
)
def test_again_with_nothing_to_search_again_is_refused_untouched(
    squares_here: Run, tmp_path: Path, args: list[str], says: str
) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..1", "--max-nodes", FEW_NODES, "--no-players")
    before = raw_rows(path)
    more = args if "--again" in args or "--no-players" in args else ["--again", "unproven", *args]
    done = squares_here("survey", GAME, "--deals", "0..1", "--results", str(path), *more)
    assert (done.returncode, done.stdout) == (2, "")
    assert says in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr) < 1000  # hostile input is quoted cut short
    assert raw_rows(path) == before


def test_again_on_a_file_that_does_not_exist_is_refused_and_creates_none(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "none.sqlite"
    done = squares_here("survey", GAME, "--deals", "0..1", "--results", str(path),
                        "--again", "unproven")  # fmt: skip
    assert done.returncode == 2 and "no such results file" in done.stderr
    assert "Traceback" not in done.stderr and not path.exists()


def file_budget(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        (value,) = conn.execute("SELECT value FROM survey WHERE key = 'max_nodes'").fetchone()
    conn.close()
    return str(value)


def test_again_with_a_larger_budget_searches_the_unproven_rows_once_more_and_only_once(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..3", "--max-nodes", FEW_NODES, "--no-players")
    assert survey(squares_here, path, "0..3", "--again", "unproven").startswith("4 unproven")
    first = raw_rows(path)
    assert [row[5] for row in first] == [0, 0, 0, 0]
    more = ("--again", "unproven", "--max-nodes", NODES)
    assert survey(squares_here, path, "0..3", *more).startswith("4 unproven")
    larger = raw_rows(path)
    assert [row[5] for row in larger] == [1, 1, 1, 1]  # the larger budget proves them
    assert file_budget(path) == FEW_NODES  # the file keeps its own budget
    report = squares_here("survey-report", str(path))
    assert "searched again with 20,000 positions a deal: 4 deals" in report.stdout
    assert f"--again unproven --max-nodes {NODES}" in report.stdout
    # Searched with that budget already: neither it nor the file's smaller one searches again.
    assert survey(squares_here, path, "0..3", *more).startswith("0 unproven")
    assert survey(squares_here, path, "0..3", "--again", "unproven").startswith("0 unproven")
    assert raw_rows(path) == larger


def test_again_with_a_smaller_budget_than_the_files_is_refused_untouched(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..1", "--max-nodes", "100", "--no-players")
    before = raw_rows(path)
    done = squares_here("survey", GAME, "--deals", "0..1", "--results", str(path),
                        "--again", "unproven", "--max-nodes", FEW_NODES)  # fmt: skip
    assert (done.returncode, done.stdout) == (2, "")
    assert "--max-nodes 100" in done.stderr and "not 50" in done.stderr
    assert "Traceback" not in done.stderr and raw_rows(path) == before


def test_a_search_again_never_replaces_a_higher_best_score_by_a_lower_unproven_one(
    squares_here: Run, tmp_path: Path
) -> None:
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..1", "--max-nodes", FEW_NODES, "--no-players")
    with sqlite3.connect(path) as conn:  # deal 1 as a larger budget might have left it
        conn.execute("UPDATE results SET score = score + 50 WHERE deal = 1")
    conn.close()
    kept = raw_rows(path)[1]
    assert survey(squares_here, path, "0..1", "--again", "unproven").startswith("2 unproven")
    assert raw_rows(path)[1] == kept


def marked_again(path: Path) -> list[int]:
    """The deals whose row the file marks as searched again."""
    with sqlite3.connect(path) as conn:
        deals = [deal for (deal,) in conn.execute("SELECT deal FROM again ORDER BY deal")]
    conn.close()
    return deals


def scored_file(run: Run, folder: Path) -> Path:
    """A file of deals 0..5, their best scores as a smaller budget might have left them."""
    path = folder / "r.sqlite"
    survey(run, path, "0..5", "--max-nodes", FEW_NODES, "--no-players")
    scores = {0: 20, 1: None, 2: 22, 3: 20, 4: 24, 5: 21}  # deal 4 proven
    with sqlite3.connect(path) as conn:
        for deal, score in scores.items():
            conn.execute(
                "UPDATE results SET score = ?, proven = ? WHERE deal = ?",
                (score, int(deal == 4), deal),
            )
    conn.close()
    return path


def recorded_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The deals the solver searches from now on, in the order it searches them."""
    searched: list[int] = []

    def recorded(batch: batches.Batch) -> list[Row]:
        searched.extend(batch.deals)
        return run_batch(batch)

    monkeypatch.setattr(batches, "run_batch", recorded)
    return searched


def test_the_unproven_rows_with_the_highest_best_score_are_searched_again_first(
    squares_here: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scored_file(squares_here, tmp_path)
    searched = recorded_searches(monkeypatch)
    assert survey(squares_here, path, "0..5", "--again", "unproven").startswith("5 unproven")
    assert searched == [2, 5, 0, 3, 1]  # a stopped run has done the likeliest proofs


def test_again_with_scores_searches_only_the_unproven_rows_whose_best_score_is_in_the_range(
    squares_here: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scored_file(squares_here, tmp_path)
    searched = recorded_searches(monkeypatch)
    out = survey(squares_here, path, "0..5", "--again", "unproven", "--scores", "20..21")
    assert out.startswith("3 unproven") and searched == [5, 0, 3]
    assert marked_again(path) == [0, 3, 5]  # not deal 1 (no score), 2 (a 22), 4 (proven)
    # The rest later: the rows searched with --scores are not searched again.
    searched.clear()
    assert survey(squares_here, path, "0..5", "--again", "unproven").startswith("2 unproven")
    assert searched == [2, 1]


def test_a_search_again_stopped_during_its_second_deal_keeps_the_first_deals_new_row(
    squares_here: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rows searched again are the slow ones: each is written as soon as it is done,
    # not with a batch of others, so a run killed midway loses only the deal in hand.
    path = tmp_path / "r.sqlite"
    survey(squares_here, path, "0..19", "--max-nodes", FEW_NODES, "--no-players")
    searched: list[int] = []

    def killed_on_the_second(
        game: str, budget: Budget, deal: int, found: int | None = None
    ) -> dict[str, object]:
        if searched:
            raise SystemExit(137)
        searched.append(deal)
        return solve_deal(game, budget, deal, found)

    monkeypatch.setattr(batches, "solve_deal", killed_on_the_second)
    more = ("--again", "unproven", "--max-nodes", NODES, "--workers", "1")
    stopped = squares_here("survey", GAME, "--deals", "0..19", "--results", str(path), *more)
    assert stopped.returncode != 0
    assert len(searched) == 1 and marked_again(path) == searched


def test_each_row_is_searched_again_from_the_best_score_it_found_before(
    squares_here: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The solver asks first for a win of the score found before (Foursquare's then
    # leaves out the searches a proof of it makes needless); a row with no win found
    # gives it none.
    path = scored_file(squares_here, tmp_path)
    given: dict[int, int | None] = {}

    def recorded(
        game: str, budget: Budget, deal: int, found: int | None = None
    ) -> dict[str, object]:
        given[deal] = found
        return solve_deal(game, budget, deal, found)

    monkeypatch.setattr(batches, "solve_deal", recorded)
    assert survey(squares_here, path, "0..5", "--again", "unproven").startswith("5 unproven")
    assert given == {0: 20, 1: None, 2: 22, 3: 20, 5: 21}
