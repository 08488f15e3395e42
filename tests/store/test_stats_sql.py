"""The statistics SQLite computes are the ones the plain functions compute from the rows
(Hypothesis, on crafted histories with damaged rows among them); the charts stay small."""

from __future__ import annotations

import tempfile
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squares.store import open_db
from squares.store.records import GameRecord, all_records
from squares.store.stats import (
    finished_in_order,
    game_stats,
    last_games,
    query_last_games,
    query_stats,
    results_by_period,
)
from squares.store.transfer import clear_finished
from squares.web import charts
from tests.store.conftest import add_game

ROW = st.fixed_dictionaries(
    {
        "game": st.sampled_from(["foursquare", "union-square"]),
        "status": st.sampled_from(["playing", "won", "lost"]),
        "score": st.one_of(st.none(), st.integers(0, 104)),
        "clock_ms": st.integers(0, 10**7),
        "position": st.integers(0, 90),
        "hints_used": st.integers(0, 1),
        "undo_used": st.integers(0, 1),
        "finished_at": st.one_of(
            st.none(),
            st.dates().map(lambda d: f"{max(d.year, 2000):04}-{d.month:02}-{d.day:02}T10:00:00Z"),
        ),
        "updated_at": st.sampled_from(["2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"]),
        "corrupt": st.one_of(st.none(), st.just("move 3 cannot be played")),
    }
)
DAMAGE = st.sampled_from([{}, {}, {}, {"clock_ms": 1.5}, {"score": "x"}, {"moves": b"[]"}])


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(ROW, DAMAGE), max_size=25))
def test_sql_statistics_equal_the_plain_ones(
    rows: list[tuple[dict[str, Any], dict[str, Any]]],
) -> None:
    db = open_db(":memory:")
    for row, damage in rows:
        add_game(db, **{**row, **damage})
    records = all_records(db)
    for game in ("foursquare", "union-square"):
        assert query_stats(db, game) == game_stats(game, records)
        assert [r.id for r in query_last_games(db, game)] == [
            r.id for r in last_games(r for r in records if r.game == game)
        ]
    assert [r.id for r in query_last_games(db, None)] == [r.id for r in last_games(records)]


@pytest.mark.long
def test_the_results_chart_stays_small_over_decades_of_games() -> None:
    db = open_db(":memory:")
    with db.write() as conn:
        conn.executemany(
            "INSERT INTO games (game, deal, deal_algorithm, status, score, started_at, "
            "updated_at, finished_at) VALUES ('union-square', ?, 1, 'lost', ?, ?, ?, ?)",
            [
                (i, i % 105, f"{2000 + i % 30}-{1 + i % 12:02}-01", "x",
                 f"{2000 + i % 30}-{1 + i % 12:02}-{1 + i % 28:02}T10:00:00Z")
                for i in range(2_400)
            ],
        )  # fmt: skip
    periods = results_by_period(db, "union-square")
    assert 1 < len(periods) <= 120 and sum(p.games for p in periods) == 2_400
    svg = charts.results_over_time(db, "union-square")
    assert len(svg.encode()) < 100_000
    assert len(charts.score_distribution(db, "union-square").encode()) < 100_000


Period = tuple[str, int, int, int]


def plain_periods(records: list[GameRecord], game: str, size: str) -> list[Period]:
    """``results_by_period`` computed from the rows: (start, games, wins, score sum)."""
    groups: dict[str, list[GameRecord]] = {}
    for r in finished_in_order(r for r in records if r.game == game):
        day = date.fromisoformat((r.finished_at or r.updated_at)[:10])
        start = {
            "day": day,
            "week": day - timedelta(days=day.weekday()),
            "month": day.replace(day=1),
            "year": day.replace(month=1, day=1),
        }[size]
        groups.setdefault(start.isoformat(), []).append(r)
    return [
        (start, len(rs), sum(r.status == "won" for r in rs), sum(r.score or 0 for r in rs))
        for start, rs in sorted(groups.items())
    ]


CHANGE = st.one_of(
    st.tuples(st.just("end"), st.integers(0, 30), st.sampled_from(["won", "lost"]), ROW),
    st.tuples(st.just("resume"), st.integers(0, 30), st.just("playing"), ROW),
    st.tuples(st.just("forget"), st.integers(0, 30), st.just(""), ROW),
    st.tuples(st.just("clear"), st.integers(0, 30), st.sampled_from(["", "foursquare"]), ROW),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ROW, max_size=20), st.lists(CHANGE, max_size=12))
def test_statistics_follow_games_that_end_change_and_are_cleared(
    rows: list[dict[str, Any]], changes: list[tuple[str, int, str, dict[str, Any]]]
) -> None:
    """The days summed up by the database's triggers stay the sums of the rows they hold."""
    db = open_db(":memory:")
    ids = [add_game(db, **row).id for row in rows]
    folder = tempfile.TemporaryDirectory()
    for n, (what, pick, status, other) in enumerate(changes):
        if what == "clear":  # squares stats [GAME] --reset
            clear_finished(db, status or None, Path(folder.name) / f"{n}.json")
            ids = [r.id for r in all_records(db)]
        if not ids or what == "clear":
            continue
        game_id = ids[pick % len(ids)]
        with db.write() as conn:
            if what == "forget":
                conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
                ids.remove(game_id)
            else:
                conn.execute(
                    "UPDATE games SET status = ?, finished_at = ?, score = ?, game = ? "
                    "WHERE id = ?",
                    (status, other["finished_at"], other["score"], other["game"], game_id),
                )
    records = all_records(db)
    for game in ("foursquare", "union-square"):
        assert query_stats(db, game) == game_stats(game, records)
        for size in ("day", "week", "month", "year"):
            periods = results_by_period(db, game, size)
            assert [(p.start, p.games, p.wins, p.score_sum) for p in periods] == plain_periods(
                records, game, size
            )
