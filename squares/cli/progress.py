"""A one-line progress bar for long runs on a terminal, redrawn in place."""

from __future__ import annotations

import time
from typing import TextIO

from squares.i18n import number


class Progress:
    """``[#####.....] 120 of 1,000 deals, 97 won, 42 s left``, in the current language.

    ``template`` is a whole message with the placeholders ``{done}``, ``{total}``,
    ``{good}`` and ``{seconds}``.
    """

    WIDTH = 30

    def __init__(self, out: TextIO, total: int, template: str) -> None:
        self.out, self.total, self.template = out, total, template
        self.start = time.monotonic()

    def update(self, done: int, good: int) -> None:
        filled = self.WIDTH * done // self.total
        eta = (time.monotonic() - self.start) / done * (self.total - done)
        words = self.template.format(
            done=number(done), total=number(self.total), good=number(good), seconds=number(eta)
        )
        self.out.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {words} ")
        self.out.flush()

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()
