"""The player's record: statistics per game, the daily deals and their streak.

Plain functions over ``GameRecord`` values, so the numbers can be checked on crafted
histories. A game counts once it is finished (won, lost or resigned); rows marked corrupt
never count. Both games score higher-is-better: a Foursquare score (cards left in the
stock) exists only for a win, a Union Square score (cards on the foundations) for every
game.

>>> from dataclasses import replace
>>> won = GameRecord(1, "foursquare", 7, 1, "[]", 30, False, "won", 6, 90_000, False, False, 1,
...                  "2026-01-01T10:00:00Z", "", "2026-01-01T10:01:30Z", None, None, None)
>>> lost = replace(won, id=2, status="lost", score=None, finished_at="2026-01-02T10:00:00.000Z")
>>> stats = game_stats("foursquare", [won, lost, replace(won, id=3, finished_at="2026-01-03")])
>>> stats.played, stats.won, stats.current_streak, stats.longest_streak
(3, 2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import date, timedelta

from squares.games.base import JSON
from squares.store.db import Database
from squares.store.records import COLUMNS, GameRecord, daily_records
from squares.store.schema import ENDED, SOUND

LAST_GAMES = 10


@dataclass(frozen=True, slots=True)
class GameStats:
    """The record of one game. Times in milliseconds played; ``None`` where no game says."""

    game: str
    played: int
    won: int
    lost: int
    in_progress: int
    win_percent: float | None
    best_score: int | None
    average_score: float | None
    current_streak: int
    longest_streak: int
    fastest_win_ms: int | None
    fewest_moves_win: int | None
    clean_wins: int

    def to_json(self) -> JSON:
        return asdict(self)


def finished_in_order(records: Iterable[GameRecord]) -> list[GameRecord]:
    """The finished, sound games, in the order they ended."""
    done = [r for r in records if r.over and r.usable]
    return sorted(done, key=lambda r: (r.finished_at or r.updated_at, r.id))


def streaks(results: Sequence[bool]) -> tuple[int, int]:
    """(current, longest) run of ``True`` in ``results``, the current one ending last.

    >>> streaks([True, True, False, True])
    (1, 2)
    """
    current = longest = 0
    for result in results:
        current = current + 1 if result else 0
        longest = max(longest, current)
    return current, longest


def game_stats(game: str, records: Iterable[GameRecord]) -> GameStats:
    """The statistics of ``game`` over ``records`` (rows of other games are ignored)."""
    mine = [r for r in records if r.game == game]
    done = finished_in_order(mine)
    wins = [r for r in done if r.status == "won"]
    scores = [r.score for r in done if r.score is not None]
    current, longest = streaks([r.status == "won" for r in done])
    return GameStats(
        game=game,
        played=len(done),
        won=len(wins),
        lost=len(done) - len(wins),
        in_progress=sum(1 for r in mine if not r.over and r.usable),
        win_percent=round(100 * len(wins) / len(done), 1) if done else None,
        best_score=max(scores) if scores else None,
        average_score=round(sum(scores) / len(scores), 2) if scores else None,
        current_streak=current,
        longest_streak=longest,
        fastest_win_ms=min((r.clock_ms for r in wins), default=None),
        fewest_moves_win=min((r.position for r in wins), default=None),
        clean_wins=sum(1 for r in wins if r.clean),
    )


def last_games(records: Iterable[GameRecord], count: int = LAST_GAMES) -> list[GameRecord]:
    """The ``count`` games played most recently, newest first."""
    return sorted(records, key=lambda r: (r.updated_at, r.id), reverse=True)[:count]


# -- daily deals -----------------------------------------------------------------------
_RANK = {"won": 0, "playing": 1, "lost": 2}


def best_of_day(records: Iterable[GameRecord], game: str, day: date) -> GameRecord | None:
    """The best daily-deal game of ``game`` on ``day``: a win (best score, then fastest),
    else one still being played, else a loss."""
    day_text = day.isoformat()
    mine = [r for r in records if r.game == game and r.daily == day_text and r.usable]
    return min(mine, key=lambda r: (_RANK[r.status], -(r.score or 0), r.clock_ms), default=None)


def daily_streak(records: Iterable[GameRecord], day: date, game: str | None = None) -> int:
    """Days in a row, up to ``day``, with a daily deal won (of ``game``, or of either).

    A streak is still alive on a day whose deal is not won yet: it then counts up to the
    day before.
    """
    won_days = {r.daily for r in records if r.daily and r.won and (game is None or r.game == game)}
    if day.isoformat() not in won_days:
        day -= timedelta(days=1)
    count = 0
    while day.isoformat() in won_days:
        count += 1
        day -= timedelta(days=1)
    return count


# -- the same numbers computed by SQLite, for a history of any length ------------------
# A row counts as ``GameRecord.usable`` does: see ``schema.SOUND``. The finished games are
# summed up by day in ``game_days`` (schema 5), which the statistics read: a row a day.
_DONE = f"game = :game AND status != 'playing' AND {SOUND}"  # the index games_done
_DAYS = "FROM game_days WHERE game = :game"


def query_stats(db: Database, game: str) -> GameStats:
    """``game_stats`` of every game stored, computed from its days (same numbers, tested so)."""
    days = db.query(
        f"SELECT games, wins, scored, score_sum, best, fastest, fewest, clean, lead, tail, "
        f"longest {_DAYS} ORDER BY day",
        {"game": game},
    )
    playing = db.query(
        "SELECT count(*) FROM games INDEXED BY games_by_status "
        f"WHERE game = :game AND status = 'playing' AND {SOUND}",
        {"game": game},
    )[0][0]
    played = sum(d["games"] for d in days)
    won = sum(d["wins"] for d in days)
    scored = sum(d["scored"] for d in days)
    wins = [d for d in days if d["wins"]]
    current = longest = 0
    for day in days:  # the runs of wins, joined across the days (each day's, in order)
        if day["wins"] == day["games"]:
            current += day["games"]
        else:
            longest = max(longest, current + day["lead"], day["longest"])
            current = day["tail"]
    return GameStats(
        game=game,
        played=played,
        won=won,
        lost=played - won,
        in_progress=playing,
        win_percent=round(100 * won / played, 1) if played else None,
        best_score=max((d["best"] for d in days if d["best"] is not None), default=None),
        average_score=round(sum(d["score_sum"] for d in days) / scored, 2) if scored else None,
        current_streak=current,
        longest_streak=max(longest, current),
        fastest_win_ms=min((d["fastest"] for d in wins), default=None),
        fewest_moves_win=min((d["fewest"] for d in wins), default=None),
        clean_wins=sum(d["clean"] for d in wins),
    )


def query_last_games(db: Database, game: str | None, count: int = LAST_GAMES) -> list[GameRecord]:
    """``last_games`` of every game stored (of ``game``, if given), read by an index."""
    where, params = ("WHERE game = ?", (game, count)) if game else ("", (count,))
    rows = db.query(
        f"SELECT {COLUMNS} FROM games {where} ORDER BY updated_at DESC, id DESC LIMIT ?", params
    )
    return [GameRecord.from_row(r) for r in rows]


@dataclass(frozen=True, slots=True)
class Period:
    """The finished games of one day, week (from its Monday) or month, in order."""

    start: str
    games: int
    wins: int
    score_sum: int
    wins_so_far: int
    games_so_far: int
    scored: int
    """The games of the period that have a score (a Foursquare loss has none)."""

    @property
    def average_score(self) -> float | None:
        """Over the games that have a score; None when none has."""
        return round(self.score_sum / self.scored, 2) if self.scored else None

    @property
    def win_rate_so_far(self) -> float:
        return round(100 * self.wins_so_far / self.games_so_far, 1)


MAX_PERIODS = 120
_PERIODS = {  # of a day of ``game_days``
    "day": "date(day)",
    "week": "date(day, 'weekday 0', '-6 days')",
    "month": "strftime('%Y-%m-01', day)",
    "year": "strftime('%Y-01-01', day)",
}


def period_size(db: Database, game: str) -> str:
    """The shortest of day, week, month and year that keeps the span to ``MAX_PERIODS``."""
    first, last = db.query(f"SELECT min(date(day)), max(date(day)) {_DAYS}", {"game": game})[0]
    if first is None or last is None:
        return "day"
    span = (date.fromisoformat(last) - date.fromisoformat(first)).days + 1
    for size, days in (("day", 1), ("week", 7), ("month", 31)):
        if span / days <= MAX_PERIODS:
            return size
    return "year"


def results_by_period(db: Database, game: str, size: str | None = None) -> list[Period]:
    """The finished games grouped by period (``period_size`` if not given), oldest first,
    with the running totals the win-rate line needs."""
    size = size or period_size(db, game)
    period = _PERIODS[size]
    rows = db.query(
        f"""SELECT {period} AS start, sum(games) AS games, sum(wins) AS wins,
               sum(score_sum) AS score_sum, sum(scored) AS scored
           {_DAYS} AND {period} IS NOT NULL GROUP BY start ORDER BY start""",
        {"game": game},
    )
    periods, wins, games = [], 0, 0
    for row in rows:
        wins += row["wins"]
        games += row["games"]
        periods.append(
            Period(
                row["start"],
                row["games"],
                row["wins"],
                row["score_sum"],
                wins,
                games,
                row["scored"],
            )
        )
    return periods


def score_counts(db: Database, game: str, step: int, top: int) -> dict[int, int]:
    """How many finished games scored in each bucket ``score // step`` (capped at ``top``)."""
    rows = db.query(
        f"""SELECT min(score / :step, :top / :step) AS bucket, count(*) AS games
           FROM games INDEXED BY games_done WHERE {_DONE} AND score IS NOT NULL GROUP BY bucket""",
        {"game": game, "step": step, "top": top},
    )
    return {row["bucket"]: row["games"] for row in rows}


def best_game(db: Database, game: str) -> int | None:
    """The id of the first finished game of ``game`` to reach its best score (a later game
    that only equals it sets no new best), or None while no game has a score."""
    rows = db.query(
        f"""SELECT id FROM games INDEXED BY games_done WHERE {_DONE} AND score = (
               SELECT max(score) FROM games INDEXED BY games_done WHERE {_DONE})
           ORDER BY {ENDED}, id LIMIT 1""",
        {"game": game},
    )
    return int(rows[0][0]) if rows else None


def page_stats(db: Database, game: str, day: date | None = None) -> JSON:
    """What the statistics page shows of ``game``: the numbers, the last games, the game
    that set the best score, and the daily deals' streak up to ``day`` (today) with that
    day's result (the charts are drawn on the server, so the history itself is never sent).
    """
    day = day or date.today()
    dailies = [r for r in daily_records(db) if r.game == game]
    today_best = best_of_day(dailies, game, day)
    return {
        **query_stats(db, game).to_json(),
        "best_game": best_game(db, game),
        "daily_streak": daily_streak(dailies, day, game),
        "daily_today": today_best.status if today_best else None,
        "last": [r.summary() for r in query_last_games(db, game)],
    }
