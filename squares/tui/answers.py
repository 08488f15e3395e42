"""The answers the terminal game waits for: a hint (``h``) and the chance of winning from
here (``o``), worked out off the screen's thread.

While one is on its way the message area says what it waits for, for how long so far, and
how long it takes (the first answer after installing also prepares the compiled search:
``benchmarks/bench_first_answer.py`` measures both). An answer that arrives after the
player moved is never dropped in silence: it is worked out again for the position on the
table, and the message says so. Each answer shown is noted on the game (it no longer
counts as clean).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual import work

from squares.ai import hint as strongest_hint
from squares.ai import warming_up
from squares.ai.base import Hint
from squares.errors import SquaresError
from squares.i18n import N_, _, language
from squares.review.chance import Chance, from_here
from squares.review.words import from_here_text
from squares.store.saved import SavedSession

if TYPE_CHECKING:
    from textual.app import App

    from squares.tui.board import Board

    Base = App[str | None]
else:
    Base = object


@dataclass(frozen=True, slots=True)
class Wait:
    """What is waited for, in words, and its seconds as ``bench_first_answer`` measured
    them: the first after installing (the search compiled too), and any later one."""

    what: str
    first: int
    later: int


# From the slower game (benchmarks/bench_first_answer.py --face terminal --game G, from an
# empty numba cache): an answer asked while the warm-up compiles waits for the whole of it,
# Union Square's 24 s of CPU (Foursquare's 11 s); once it is done, a hint takes 0.0 s, a
# chance 0.5 s of CPU (Union Square, up to 120 playouts: --answer chance, "again, same
# process") and a review about 3 s (Foursquare's 3.2 s, Union Square's 2.7 s: --answer
# review; the chance of both plays on until it is within 5 points).
WAITS = {
    # TRANSLATORS: what the game waits for, in "Working out {what}…"
    "hint": Wait(N_("a hint"), 25, 1),
    # TRANSLATORS: what the game waits for, in "Working out {what}…"
    "chance": Wait(N_("your chance of winning"), 25, 1),
    # TRANSLATORS: what the game waits for, in "Working out {what}…"
    "review": Wait(N_("the review"), 25, 3),
}


@dataclass(eq=False)
class Asked:
    """One question on its way: what, of which game, about which position, since when."""

    kind: str
    game: str
    state: Any
    started: float = field(default_factory=time.monotonic)

    def waiting_text(self, now: float | None = None) -> str:
        """``Working out a hint… 12 s so far (the first after installing takes about 25 s,
        as the search is prepared; later ones about 1 s).`` while the game's warm-up runs,
        else ``Working out a hint… 1 s so far (it takes about 1 s).``"""
        wait = WAITS[self.kind]
        elapsed = round((time.monotonic() if now is None else now) - self.started)
        if not warming_up(self.game):  # the search is ready: no first wait to tell of
            # TRANSLATORS: {what} is what the game waits for ("a hint"); {seconds} how long
            # it has waited; {later} seconds, as measured
            return _("Working out {what}… {seconds} s so far (it takes about {later} s).").format(
                what=_(wait.what), seconds=elapsed, later=wait.later
            )
        # TRANSLATORS: {what} is what the game waits for ("a hint"); {seconds} how long it
        # has waited; {first} and {later} are seconds, as measured
        return _(
            "Working out {what}… {seconds} s so far (the first after installing takes about "
            "{first} s, as the search is prepared; later ones about {later} s)."
        ).format(what=_(wait.what), seconds=elapsed, first=wait.first, later=wait.later)


class Answers(Base):
    """The ``h`` and ``o`` keys of ``squares.tui.app.SquaresApp``, which this is mixed into."""

    saved: SavedSession
    lang: str
    hint: Hint | None

    if TYPE_CHECKING:

        @property
        def board(self) -> Board: ...

        def say(self, text: str) -> None: ...

        def act(self, change: Any) -> None: ...

    asked: dict[str, Asked]

    def waiting_lines(self) -> list[str]:
        """A line for each answer on its way."""
        return [asked.waiting_text() for asked in self.asked.values()]

    def action_hint(self) -> None:
        if self.saved.over:
            self.say(_("The game is over: no hint."))
            return
        self.ask("hint")

    def action_chance(self) -> None:
        if self.saved.over:
            self.say(_("The game is over: its review (v) shows how your chance went."))
            return
        self.ask("chance")

    def ask(self, kind: str) -> None:
        """Start working out ``kind`` for the position on the table; a question of the same
        kind still on its way is left to run, and its answer set aside."""
        asked = Asked(kind, self.saved.game.name, self.saved.state)
        self.asked[kind] = asked
        self.say("")  # the message area says what is waited for
        self.work_out(asked, self.saved.game.name, list(self.saved.played), len(self.saved.moves))

    @work(thread=True, group="answers")
    def work_out(self, asked: Asked, game: str, states: list[Any], at: int) -> None:
        """The answer, off the screen's thread so the screen never freezes. The screen's
        thread is called back from within the language: it runs in this thread's context."""
        with language(self.lang):
            try:
                answer: Hint | Chance = (
                    strongest_hint(game, states)
                    if asked.kind == "hint"
                    else from_here(self.saved.game, states[-1], at)
                )
            except SquaresError as err:
                self.call_from_thread(self._failed, asked, str(err))
                return
            self.call_from_thread(self._answered, asked, answer)

    def _failed(self, asked: Asked, problem: str) -> None:
        if self.asked.get(asked.kind) is asked:
            del self.asked[asked.kind]
            self.say(_("Error: {problem}").format(problem=problem))

    def _answered(self, asked: Asked, answer: Hint | Chance) -> None:
        if self.asked.get(asked.kind) is not asked:
            return  # asked again since: that question's answer is the one to show
        del self.asked[asked.kind]
        what = _(WAITS[asked.kind].what)
        if self.saved.over:
            # TRANSLATORS: {what} is what was being worked out ("a hint")
            self.say(_("The game ended before {what} was ready.").format(what=what))
            return
        if self.saved.state != asked.state:
            self.ask(asked.kind)
            # TRANSLATORS: {what} is what was being worked out ("a hint")
            self.say(
                _(
                    "You moved while {what} was worked out: working it out again for the "
                    "position now."
                ).format(what=what)
            )
            return
        self.act(self.saved.note_hint)
        if isinstance(answer, Chance):
            self.say(from_here_text(answer))
            return
        self.hint = answer
        self.board.show(self.saved, answer)
        self.say(self.board.hint_line(answer))
