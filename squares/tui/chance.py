"""The terminal game's ``o``: your chance of winning from here, in the message line.

Worked out off the screen's thread as a hint is (``squares.review.chance.from_here``), and
noted on the game as a hint once shown (unless the game moved on meanwhile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from squares.errors import SquaresError
from squares.i18n import _, language
from squares.review.chance import Chance, from_here
from squares.review.words import from_here_text
from squares.store.saved import SavedSession

if TYPE_CHECKING:
    from textual.app import App

    Base = App[str | None]
else:
    Base = object


class ChanceOfWinning(Base):
    """The ``o`` key of ``squares.tui.app.SquaresApp``, which this is mixed into."""

    saved: SavedSession
    lang: str

    if TYPE_CHECKING:

        def say(self, text: str) -> None: ...

        def act(self, change: Any) -> None: ...

    def action_chance(self) -> None:
        if self.saved.over:
            self.say(_("The game is over: its review (v) shows how your chance went."))
            return
        self.say(_("Working out your chance…"))
        self.work_out_chance(self.saved.state, len(self.saved.moves), self.saved.version)

    @work(thread=True, exclusive=True, group="chance")
    def work_out_chance(self, state: Any, at: int, version: int) -> None:
        """The chance of winning from ``state``, off the screen's thread like a hint."""
        with language(self.lang):
            try:
                chance = from_here(self.saved.game, state, at)
            except SquaresError as err:
                self.call_from_thread(self.say, _("Error: {problem}").format(problem=err))
                return
        self.call_from_thread(self._chance_ready, chance, version)

    def _chance_ready(self, chance: Chance, version: int) -> None:
        if version == self.saved.version:  # else the game moved on meanwhile
            self.act(self.saved.note_hint)
            self.say(from_here_text(chance))
