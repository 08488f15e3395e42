"""The statistics SQLite computes are the ones the plain functions compute from the rows
(Hypothesis, on crafted histories with damaged rows among them); the charts stay small."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squares.store import open_db
from squares.store.records import all_records
from squares.store.stats import (
    game_stats,
    last_games,
    query_last_games,
    query_stats,
    results_by_period,
)
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


def test_the_results_chart_stays_small_over_decades_of_games() -> None:
    db = open_db(":memory:")
    with db.write() as conn:
        conn.executemany(
            "INSERT INTO games (game, deal, deal_algorithm, status, score, started_at, "
            "updated_at, finished_at) VALUES ('union-square', ?, 1, 'lost', ?, ?, ?, ?)",
            [
                (i, i % 105, f"{2000 + i % 30}-{1 + i % 12:02}-01", "x",
                 f"{2000 + i % 30}-{1 + i % 12:02}-{1 + i % 28:02}T10:00:00Z")
                for i in range(20_000)
            ],
        )  # fmt: skip
    periods = results_by_period(db, "union-square")
    assert 1 < len(periods) <= 120 and sum(p.games for p in periods) == 20_000
    svg = charts.results_over_time(db, "union-square")
    assert len(svg.encode()) < 100_000
    assert len(charts.score_distribution(db, "union-square").encode()) < 100_000
