"""``squares stats`` writes the win percentage as the reader's language writes numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from squares.store import open_db
from tests.cli.conftest import Run
from tests.store.conftest import add_game


def record(path: Path, *statuses: str) -> None:
    db = open_db(path)
    try:
        for day, status in enumerate(statuses, start=1):
            stamp = f"2026-03-{day:02}T10:00:00.000Z"
            add_game(db, status=status, finished_at=stamp, started_at=stamp)
    finally:
        db.close()


def test_german_stats_write_the_win_percentage_with_a_decimal_comma(
    squares_here: Run, private_database: Path
) -> None:
    record(private_database, "won", "lost", "lost")
    text = squares_here("--lang", "de", "stats", "foursquare").stdout
    assert "gewonnen 1 (33,3\u00a0%)" in text  # German keeps the sign off the number
    assert "33.3" not in text


def test_english_stats_write_the_win_percentage_with_a_decimal_point(
    squares_here: Run, private_database: Path
) -> None:
    record(private_database, "won", "lost", "lost")
    assert "won 1 (33.3%)" in squares_here("stats", "foursquare").stdout


@pytest.mark.parametrize(
    ("statuses", "shown"),
    [(("lost",), "won 0 (0%)"), (("won", "lost"), "won 1 (50%)"), (("won",), "won 1 (100%)")],
)
def test_a_whole_win_percentage_has_no_decimals(
    squares_here: Run, private_database: Path, statuses: tuple[str, ...], shown: str
) -> None:
    record(private_database, *statuses)
    text = squares_here("stats", "foursquare").stdout
    assert shown in text
    assert ".0%" not in text
