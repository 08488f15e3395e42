"""A progress bar for long runs on a terminal (Rich's), with its words in the language."""

from __future__ import annotations

import time
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, TaskID, TextColumn
from rich.progress import Progress as RichProgress

from squares.i18n import number


class Progress:
    """``━━━━━━━━━━━━╺━━━━━━━ 120 of 1,000 deals, 97 won, 42 s left``, redrawn in place.

    ``template`` is a whole message with the placeholders ``{done}``, ``{total}``,
    ``{good}`` and ``{seconds}``; the numbers are written as the current language writes
    them. Rich draws the bar in colour on a terminal, plainly under ``NO_COLOR``.
    """

    WIDTH = 30

    def __init__(self, out: TextIO, total: int, template: str) -> None:
        self.total, self.template = total, template
        self.start = time.monotonic()
        self.bar = RichProgress(
            BarColumn(bar_width=self.WIDTH),
            TextColumn("{task.description}", markup=False),
            console=Console(file=out),
            auto_refresh=False,
        )
        self.task: TaskID = self.bar.add_task("", total=total)
        self.bar.start()

    def update(self, done: int, good: int) -> None:
        eta = (time.monotonic() - self.start) / done * (self.total - done)
        words = self.template.format(
            done=number(done), total=number(self.total), good=number(good), seconds=number(eta)
        )
        self.bar.update(self.task, completed=done, description=words, refresh=True)

    def close(self) -> None:
        self.bar.stop()
