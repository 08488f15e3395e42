"""The web game's clock counts only while a page shows the game: while its beats arrive,
and for a few seconds after the last one, never through the silence of a page that died."""

from __future__ import annotations

from pathlib import Path

from squares.store.db import open_db
from squares.web.live import LiveGames


class Time:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_clock_runs_while_beats_arrive(tmp_path: Path) -> None:
    time = Time()
    live = LiveGames(open_db(tmp_path / "games.db"), time=time)
    game = live.start("foursquare", 7)
    for second in range(5, 65, 5):  # a page beating every 5 seconds for a minute
        time.now = float(second)
        live.beat(game.id)
    assert live.get(game.id).clock_ms == 60_000


def test_a_page_that_stops_beating_stops_the_clock_after_the_grace(tmp_path: Path) -> None:
    time = Time()
    live = LiveGames(open_db(tmp_path / "games.db"), time=time)
    game = live.start("foursquare", 7)
    time.now = 10.0
    live.beat(game.id)
    time.now = 10.0 + 3600  # the browser was killed, or the laptop slept, for an hour
    assert live.get(game.id).clock_ms == (10 + live.grace) * 1000


def test_the_silence_is_never_counted_once_beats_come_again(tmp_path: Path) -> None:
    time = Time()
    live = LiveGames(open_db(tmp_path / "games.db"), time=time)
    game = live.start("foursquare", 7)
    time.now = 3600.0  # asleep for an hour, then woken: the page beats again
    live.beat(game.id)
    time.now = 3605.0
    live.get(game.id).move("0,0")
    assert live.get(game.id).clock_ms == (live.grace + 5) * 1000
