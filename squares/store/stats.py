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
from squares.store.records import GameRecord

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
