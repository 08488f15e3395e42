"""Statistics computed on crafted histories: counts, scores, streaks, times, clean wins."""

from __future__ import annotations

from datetime import date
from typing import Any

from squares.store import Database
from squares.store.records import all_records
from squares.store.stats import (
    best_of_day,
    daily_streak,
    game_stats,
    last_games,
    streaks,
)
from tests.store.conftest import add_game


def finished(db: Database, day: int, status: str, **fields: Any) -> None:
    """A game that ended on March ``day`` (the order streaks follow)."""
    stamp = f"2026-03-{day:02}T10:00:00.000Z"
    add_game(db, status=status, finished_at=stamp, started_at=stamp, **fields)


def test_no_games_give_zeros_and_nothing_to_compare() -> None:
    stats = game_stats("foursquare", [])
    assert (stats.played, stats.won, stats.current_streak, stats.longest_streak) == (0, 0, 0, 0)
    assert stats.win_percent is None and stats.best_score is None and stats.average_score is None
    assert stats.fastest_win_ms is None and stats.fewest_moves_win is None


def test_counts_leave_out_unfinished_and_corrupt_games_and_other_games(db: Database) -> None:
    finished(db, 1, "won", score=4)
    finished(db, 2, "lost")
    finished(db, 3, "lost", resigned=1)
    finished(db, 4, "won", score=2, corrupt="move 3 cannot be played")
    add_game(db, status="playing")
    finished(db, 5, "won", game="union-square", score=104)
    stats = game_stats("foursquare", all_records(db))
    assert (stats.played, stats.won, stats.lost, stats.in_progress) == (3, 1, 2, 1)
    assert stats.win_percent == 33.3


def test_streaks_follow_the_order_games_ended_not_their_ids(db: Database) -> None:
    for day, status in [
        (1, "won"),
        (2, "won"),
        (3, "lost"),
        (4, "won"),
        (5, "won"),
        (6, "won"),
        (7, "lost"),
        (9, "won"),
    ]:
        finished(db, day, status, score=1 if status == "won" else None)
    finished(db, 8, "won", score=1)  # stored last, ended before the last game
    stats = game_stats("foursquare", all_records(db))
    assert stats.current_streak == 2 and stats.longest_streak == 3


def test_a_loss_last_ends_the_current_streak() -> None:
    assert streaks([True, True, True, False]) == (0, 3)
    assert streaks([]) == (0, 0)


def test_foursquare_scores_come_from_wins_only(db: Database) -> None:
    for day, score in [(1, 3), (2, 10), (3, 5)]:
        finished(db, day, "won", score=score)
    finished(db, 4, "lost")  # no score: not a zero in the average
    stats = game_stats("foursquare", all_records(db))
    assert stats.best_score == 10 and stats.average_score == 6.0


def test_union_square_scores_count_every_finished_game(db: Database) -> None:
    for day, status, score in [(1, "lost", 20), (2, "lost", 51), (3, "won", 104)]:
        finished(db, day, status, game="union-square", score=score)
    add_game(db, game="union-square", status="playing", score=80)  # unfinished: not counted
    stats = game_stats("union-square", all_records(db))
    assert stats.best_score == 104 and stats.average_score == 58.33


def test_fastest_win_and_fewest_moves_come_from_wins_only(db: Database) -> None:
    finished(db, 1, "won", score=1, clock_ms=300_000, position=40)
    finished(db, 2, "won", score=1, clock_ms=120_000, position=55)
    finished(db, 3, "lost", clock_ms=5_000, position=12)  # quick, but lost
    stats = game_stats("foursquare", all_records(db))
    assert stats.fastest_win_ms == 120_000 and stats.fewest_moves_win == 40


def test_clean_wins_used_neither_undo_nor_hint(db: Database) -> None:
    finished(db, 1, "won", score=1)
    finished(db, 2, "won", score=1, undo_used=1)
    finished(db, 3, "won", score=1, hints_used=1)
    finished(db, 4, "won", score=1)
    finished(db, 5, "lost")
    assert game_stats("foursquare", all_records(db)).clean_wins == 2


def test_last_games_are_the_ten_played_most_recently(db: Database) -> None:
    for day in range(1, 13):
        finished(db, day, "lost")
    last = last_games(all_records(db))
    assert len(last) == 10
    assert [r.finished_at[8:10] for r in last if r.finished_at] == [
        f"{d:02}" for d in range(12, 2, -1)
    ]


# -- daily deals -----------------------------------------------------------------------
def daily(db: Database, day: int, status: str, game: str = "foursquare", **fields: Any) -> None:
    add_game(db, game=game, deal=20260300 + day, daily=f"2026-03-{day:02}", status=status, **fields)


def test_daily_streak_counts_days_in_a_row_with_a_daily_win(db: Database) -> None:
    daily(db, 3, "won")
    daily(db, 5, "won")
    daily(db, 6, "lost")
    daily(db, 6, "won", game="union-square")  # either game's win keeps the day
    daily(db, 7, "won")
    rows = all_records(db)
    assert daily_streak(rows, date(2026, 3, 7)) == 3
    assert daily_streak(rows, date(2026, 3, 7), "foursquare") == 1
    assert daily_streak(rows, date(2026, 3, 7), "union-square") == 1  # won yesterday


def test_daily_streak_is_still_alive_until_the_day_is_over(db: Database) -> None:
    daily(db, 5, "won")
    daily(db, 6, "won")
    daily(db, 7, "playing")  # today, not won yet
    rows = all_records(db)
    assert daily_streak(rows, date(2026, 3, 7)) == 2
    assert daily_streak(rows, date(2026, 3, 8)) == 0  # a whole day without a daily win


def test_best_of_the_day_is_a_win_then_a_game_in_play_then_a_loss(db: Database) -> None:
    daily(db, 7, "lost")
    daily(db, 7, "playing")
    best = best_of_day(all_records(db), "foursquare", date(2026, 3, 7))
    assert best is not None and best.status == "playing"
    daily(db, 7, "won", score=3)
    daily(db, 7, "won", score=9)
    best = best_of_day(all_records(db), "foursquare", date(2026, 3, 7))
    assert best is not None and best.status == "won" and best.score == 9
    assert best_of_day(all_records(db), "union-square", date(2026, 3, 7)) is None
