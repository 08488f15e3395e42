"""The web game's clock: time counts only while a page shows the game.

A page that shows a game says so every ``BEAT_SECONDS`` (``POST /api/games/{id}/beat``). A
page that stops saying so — closed, crashed, killed, a laptop asleep — cannot announce it,
so the clock counts at most ``GRACE_SECONDS`` after the last beat, and the time beyond is
never counted, even once beats come again.

>>> now = [0.0]
>>> clock = AttendedClock(grace=15.0, time=lambda: now[0])
>>> now[0] = 100.0  # no beat for 100 seconds: 15 of them count
>>> clock()
15.0
>>> clock.beat(); now[0] = 103.0  # a page beats again: the clock runs from where it stood
>>> clock()
18.0
"""

from __future__ import annotations

import time as clocks
from collections.abc import Callable

BEAT_SECONDS = 5
"""How often a page showing a game beats (the page's ``heartbeat.js`` says the same)."""
GRACE_SECONDS = 3 * BEAT_SECONDS
"""How long a game's clock runs on after its last beat: two beats may be late or lost."""


class AttendedClock:
    """Seconds (a ``SavedSession`` clock) that pass only while beats arrive."""

    def __init__(
        self, grace: float = GRACE_SECONDS, time: Callable[[], float] = clocks.monotonic
    ) -> None:
        self.grace = grace
        self._time = time
        self._beat = time()
        self._lost = 0.0  # the time no page showed the game, left out

    def beat(self) -> None:
        """A page shows the game now; the silence before, beyond the grace, is left out."""
        now = self._time()
        self._lost += max(0.0, now - self._beat - self.grace)
        self._beat = now

    def __call__(self) -> float:
        return min(self._time(), self._beat + self.grace) - self._lost
