"""The compact file of deal results shipped with the package (``squares.ai.deal_results``)."""

from __future__ import annotations

import sqlite3
import struct
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squares.ai import get_solver
from squares.ai.deal_results import (
    OUTCOMES,
    VERSION,
    DealResult,
    best_known,
    pack,
    shipped,
    unpack,
)
from squares.errors import BadResults
from squares.games import GAMES, get_game

SURVEYS = Path(__file__).resolve().parents[2] / "surveys"

results = st.dictionaries(
    st.integers(0, 5000),
    st.builds(
        DealResult,
        st.sampled_from(OUTCOMES),
        st.none() | st.integers(0, 254),
        st.booleans(),
    ),
    max_size=60,
)


@given(results)
def test_a_packed_file_gives_back_every_verdict_and_no_other_deal(
    verdicts: dict[int, DealResult],
) -> None:
    table = unpack(pack("union-square", 123, verdicts))
    assert (table.game, table.max_nodes) == ("union-square", 123)
    for deal in range(-1, 5002):
        assert table.get(deal) == verdicts.get(deal)


def survey_verdicts(game: str) -> tuple[int, dict[int, DealResult]]:
    conn = sqlite3.connect(f"file:{SURVEYS / f'{game}.sqlite'}?mode=ro", uri=True)
    try:
        (budget,) = conn.execute("SELECT value FROM survey WHERE key = 'max_nodes'").fetchone()
        rows = conn.execute(
            "SELECT deal, outcome, score, proven FROM results WHERE kind = 'solver'"
        ).fetchall()
    finally:
        conn.close()
    return int(budget), {d: DealResult(o, s, bool(p)) for d, o, s, p in rows}


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_deal_results_are_the_committed_surveys_verdicts(game: str) -> None:
    budget, verdicts = survey_verdicts(game)
    table = shipped(game)
    assert table is not None and table.max_nodes == budget
    assert len(verdicts) > 1000
    assert {deal: table.get(deal) for deal in verdicts} == verdicts
    assert table.get(max(verdicts) + 1) is None


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_best_score_is_what_the_solver_finds_on_a_deal(game: str) -> None:
    known = best_known(game, 7)
    assert known is not None and known.proven
    solution = get_solver(game).solve(get_game(game).new(7), max_nodes=2_000_000)
    assert solution.best_score == known.score


def good_file() -> bytes:
    verdicts = {d: DealResult("winnable", 20 + d % 5, True) for d in range(40)}
    return pack("foursquare", 1000, verdicts)


def test_a_damaged_file_of_deal_results_is_refused() -> None:
    data = bytearray(good_file())
    data[-3] ^= 0xFF
    with pytest.raises(BadResults, match="damaged"):
        unpack(bytes(data))


def test_a_cut_short_file_of_deal_results_is_refused() -> None:
    data = good_file()
    for length in (9, 20, len(data) - 1):
        with pytest.raises(BadResults, match="damaged"):
            unpack(data[:length])


def test_a_file_of_deal_results_of_a_newer_format_is_refused() -> None:
    data = bytearray(good_file())
    struct.pack_into("<H", data, 8, VERSION + 1)
    with pytest.raises(BadResults, match="newer"):
        unpack(bytes(data))


def test_a_file_that_is_not_one_of_deal_results_is_refused() -> None:
    with pytest.raises(BadResults, match="not a file of deal results"):
        unpack(b"SQLite format 3\x00" + bytes(100))


def test_a_score_that_does_not_fit_the_format_is_not_written() -> None:
    with pytest.raises(ValueError):
        pack("union-square", 1, {0: DealResult("winnable", 300, True)})
