"""The statistics charts read as a player expects: a few dates that never repeat, whole
numbers on a count, and no score for a Foursquare loss (it has none)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from squares.i18n import language
from squares.store import open_db
from squares.store.db import Database
from squares.store.stats import results_by_period
from squares.web import charts
from tests.store.conftest import add_game


def history(days: int, per_day: int = 2) -> Database:
    """Foursquare games on ``days`` days in a row: a win with a score, then losses."""
    db = open_db(":memory:")
    start = date(2026, 1, 20)
    for n in range(days):
        day = (start + timedelta(days=n)).isoformat()
        add_game(db, status="won", score=10, finished_at=f"{day}T10:00:00.000Z")
        for _ in range(per_day - 1):
            add_game(db, status="lost", score=None, finished_at=f"{day}T11:00:00.000Z")
    return db


def axis_labels(svg: str, axis: str) -> list[str]:
    """The texts of the labels shown on the chart's ``axis`` ("x" or "y")."""
    block = re.search(rf'<g class="axis {axis}[^"]*">(.*?)</g>\s*</g>', svg, re.DOTALL)
    assert block, axis
    return re.findall(r'<g class="guides">.*?<text[^>]*>([^<]+)</text>', block.group(1), re.DOTALL)


def test_the_time_axis_shows_a_few_dates_none_twice_over_many_games() -> None:
    for days in (3, 25, 90):
        labels = charts.date_labels(
            [(date(2026, 1, 1) + timedelta(days=n)).isoformat() for n in range(days)], "day"
        )[1]
        assert len(labels) == len(set(labels)) <= charts.MAX_TICKS, days
    svg = charts.results_over_time(history(25), "foursquare")
    shown = [t for t in axis_labels(svg, "x") if t.strip()]
    assert shown and len(shown) == len(set(shown)) <= charts.MAX_TICKS


def test_dates_cross_a_new_year_with_their_year() -> None:
    _, shown = charts.date_labels(["2025-12-30", "2026-01-02"], "day")
    assert shown == ["Dec 30, 2025", "Jan 2, 2026"]
    with language("de"):
        assert charts.date_labels(["2026-01-05"], "day")[1] == ["5. Jan."]


def test_a_count_has_whole_number_ticks_only() -> None:
    svg = charts.score_distribution(history(3, per_day=1), "foursquare")
    ticks = axis_labels(svg, "y")
    assert ticks and all(re.fullmatch(r"\d+", t) for t in ticks), ticks


def test_a_foursquare_loss_is_not_plotted_as_a_score_of_zero() -> None:
    db = history(2, per_day=3)  # each day: a win scoring 10 and two losses
    add_game(db, status="lost", score=None, finished_at="2026-01-22T10:00:00.000Z")  # no win
    periods = results_by_period(db, "foursquare")
    assert [p.average_score for p in periods] == [10, 10, None]


def test_win_rate_and_score_never_share_an_axis() -> None:
    db = history(4)
    rate = charts.results_over_time(db, "foursquare")
    score = charts.scores_over_time(db, "foursquare")
    assert axis_labels(rate, "y") == ["0", "20", "40", "60", "80", "100"]
    assert (
        set(re.findall(r"serie-\d+", rate)) == set(re.findall(r"serie-\d+", score)) == {"serie-0"}
    )
    ticks = [int(t) for t in axis_labels(score, "y")]
    assert ticks[0] == 0 and ticks[-1] <= 24  # Foursquare's scores: 0 to 24
