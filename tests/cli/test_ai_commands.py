"""``squares solve`` and ``squares simulate`` through their handlers (``main_ai``)."""

from __future__ import annotations

import json
import re

import pytest

from squares.ai.confidence import wilson
from squares.cli.ai import main_ai
from squares.games.base import Status
from squares.games.foursquare import Foursquare, Placement
from squares.i18n import language

GAME = Foursquare()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main_ai(list(argv))
    except SystemExit as exit:  # argparse's usage errors
        code = exit.code if isinstance(exit.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_has_the_issue_shape_and_its_line_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "solve", "foursquare", "--deal", "7", "--max-nodes", "50000", "--json"
    )
    assert code == 0 and err == ""
    result = json.loads(out)
    assert {"game", "deal", "verdict", "line", "best_score", "nodes", "seconds"} <= set(result)
    assert (result["game"], result["deal"], result["verdict"]) == ("foursquare", 7, "winnable")
    state = GAME.new(7)
    for text in result["line"]:
        state = GAME.apply(state, Placement.parse(text))
    assert GAME.status(state) is Status.WON and GAME.score(state) == result["best_score"]


def test_solve_text_names_the_verdict_line_and_search(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "foursquare", "--deal", "7", "--max-seconds", "20")
    assert code == 0
    assert "whole deal" in out and "winnable, best score 24" in out
    assert re.search(r"^winning line, \d+ moves: 0,0 ", out, re.M)
    assert re.search(r"^searched [\d,]+ positions in [\d.]+ s$", out, re.M)


@pytest.mark.long
def test_solve_says_when_the_proof_by_clauses_settled_the_best_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Deal 30's 21: the search alone needs hundreds of millions of positions to prove it.
    args = ("solve", "foursquare", "--deal", "30", "--max-nodes", "2000000")
    _, out, _ = run(capsys, *args, "--json")
    result = json.loads(out)
    assert (result["best_score"], result["best_proven"]) == (21, True)
    assert result["conflicts"] > 0
    _, text, _ = run(capsys, *args)
    assert "winnable, best score 21 (proven best)" in text
    assert re.search(r"^the proof by clauses: [\d,]+ conflicts$", text, re.M)
    _, easy, _ = run(capsys, "solve", "foursquare", "--deal", "7", "--max-nodes", "50000")
    assert "clauses" not in easy  # the search proved it alone


def test_solve_with_a_budget_too_small_is_undecided(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "foursquare", "--deal", "21", "--max-nodes", "3", "--json")
    result = json.loads(out)
    assert (
        result["verdict"] == "undecided" and result["best_score"] is None and result["line"] == []
    )
    _, text, _ = run(capsys, "solve", "foursquare", "--deal", "21", "--max-nodes", "3")
    assert text.splitlines()[1].startswith("undecided: the budget ran out")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_json_reports_wins_interval_score_and_time(
    capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    code, out, err = run(
        capsys,
        "simulate",
        "foursquare",
        "--player",
        "greedy",
        "--deals",
        "0..5",
        "--workers",
        workers,
        "--json",
    )
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    result = json.loads(out)
    assert (result["game"], result["player"], result["deals"]) == ("foursquare", "greedy", 6)
    assert 0 <= result["wins"] <= 6
    assert result["win_rate"] == pytest.approx(result["wins"] / 6, abs=1e-6)
    low, high = result["ci95"]
    assert 0 <= low <= result["win_rate"] <= high <= 1
    assert result["seconds_per_move"] >= 0
    assert result["scored"] == result["wins"]  # a Foursquare game has a score once won


def test_simulate_gives_the_same_results_in_one_process_and_in_a_pool(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "foursquare", "--player", "expectimax-2", "--deals", "10..13", "--json"]
    one, pool = (json.loads(run(capsys, *argv, "--workers", k)[1]) for k in ("1", "2"))
    for key in ("wins", "win_rate", "ci95", "mean_score"):
        assert one[key] == pool[key]


def test_simulate_default_player_is_the_strongest(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "foursquare", "--deals", "3", "--workers", "1")
    assert code == 0
    assert out.startswith("Foursquare, player expectimax, deals 3..3")
    assert "win rate: 95% confidence interval" in out and "ms of CPU time per move" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "foursquare", "--player", "nobody", "--deals", "0..3"],
        ["simulate", "foursquare", "--deals", "5..2"],
        ["simulate", "foursquare", "--deals", "x"],
        ["simulate", "foursquare", "--deals", "1..x"],
        ["simulate", "foursquare", "--deals", "0..9223372036854775808"],
        ["simulate", "foursquare", "--deals", "0..3", "--workers", "0"],
        ["solve", "foursquare", "--deal", "9223372036854775808"],
        ["solve", "foursquare", "--deal", "-1"],
        ["solve", "foursquare", "--deal", "7", "--max-seconds", "0"],
        ["solve", "chess", "--deal", "7"],
    ],
)
def test_bad_input_is_a_clear_error_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "error" in err and len(err.strip().splitlines()[-1]) > 20


def test_unknown_player_error_lists_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "simulate", "foursquare", "--player", "nobody", "--deals", "0..3")
    assert "unknown player 'nobody'" in err and "greedy" in err


def test_wilson_interval_matches_the_textbook_values() -> None:
    assert [round(x, 4) for x in wilson(50, 100)] == [0.4038, 0.5962]
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(970, 1000)
    assert (round(low, 4), round(high, 4)) == (0.9575, 0.9789)


def test_commands_work_for_union_square_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", "union-square", "--deal", "0", "--max-nodes", "20", "--json"
    )
    assert code == 0 and json.loads(out)["game"] == "union-square"


def test_solve_many_deals_counts_the_verdicts_and_keeps_each_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["solve", "foursquare", "--deals", "0..3", "--max-nodes", "2000", "--workers", "2"]
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert summary["deals"] == 4 == len(summary["results"])
    assert summary["winnable"] + summary["unwinnable"] + summary["undecided"] == 4
    assert [r["deal"] for r in summary["results"]] == [0, 1, 2, 3]
    assert summary["undecided_deals"] == [
        r["deal"] for r in summary["results"] if r["verdict"] == "undecided"
    ]
    _, text, _ = run(capsys, *argv)
    assert text.startswith("Foursquare, solver whole-deal, deals 0..3")
    assert "winnable" in text and "mean best score" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "foursquare"],
        ["solve", "foursquare", "--deal", "1", "--deals", "0..3"],
        ["solve", "foursquare", "--deals", "3..1"],
    ],
)
def test_solve_needs_exactly_one_of_deal_and_deals(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "error" in err


def test_simulate_speaks_the_chosen_language_with_its_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with language("de"):
        code, out, _ = run(
            capsys, "simulate", "foursquare", "--player", "greedy", "--deals", "0..2",
            "--workers", "1",
        )  # fmt: skip
    assert code == 0
    assert out.startswith("Foursquare, Spieler greedy, Spiele 0..2")
    assert re.search(r"^\d von 3 gewonnen: \d+,\d\u00a0%$", out, re.M)  # a decimal comma


def test_solve_usage_errors_speak_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with language("fr"):
        code, out, err = run(capsys, "solve", "foursquare")
    assert code == 2 and out == ""
    assert err.startswith("utilisation\u00a0:") and "erreur" in err
