"""Starting a deal in the full-screen terminal game: a random one, one of a difficulty, the
daily deal or one typed, each asking first when a game is under way (it then counts as
lost). Mixed into ``squares.tui.app.SquaresApp``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squares.difficulty import ANY, available, deal_of_level, difficulty_word
from squares.errors import SquaresError
from squares.i18n import _
from squares.share import daily_deal, daily_words, today
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.tui import actions
from squares.tui.dialogs import Ask, Confirm, Pick

if TYPE_CHECKING:
    from textual.app import App

    Base = App[str | None]
else:
    Base = object


class Dealing(Base):
    """The keys that deal: ``n``, ``k``, the daily deal and a deal typed."""

    db: Database
    saved: SavedSession

    if TYPE_CHECKING:

        def say(self, text: str) -> None: ...

        def install(self, saved: SavedSession, note: str = "") -> None: ...

    def action_new_deal(self) -> None:
        self.new_game(None)

    def action_new_deal_of_level(self) -> None:
        """A new deal of the difficulty picked (``squares.difficulty``)."""
        game = self.saved.game.name

        def answered(level: str | None) -> None:
            if level is not None:
                self.new_game(None if level == ANY else deal_of_level(game, level))

        choices = [(level, difficulty_word(level)) for level in available(game)]
        question = _("Difficulty of a new deal: every deal can be won")
        self.push_screen(Pick(question, choices, ANY), answered)

    def action_daily(self) -> None:
        game, day = self.saved.game.name, today()
        self.new_game(daily_deal(game, day), note=daily_words(game, day))

    def action_choose_deal(self) -> None:
        def answered(text: str | None) -> None:
            if not text:
                return
            try:
                name, deal = actions.read_deal(text, self.saved.game.name)
            except SquaresError as err:
                self.say(_("Error: {problem}").format(problem=err))
                return
            self.new_game(deal, name)

        self.push_screen(
            Ask(
                _("A deal number, or a share code such as {code}:").format(code=self.saved.code),
                "1234",
            ),
            answered,
        )

    def new_game(self, deal: int | None, game: str | None = None, note: str = "") -> None:
        """Deal ``deal`` (random if ``None``) of ``game``, asking first if one is under way;
        ``note`` is said with the new game."""
        under_way = not self.saved.over and bool(self.saved.history)  # a restart too
        if not under_way:
            self._deal(deal, game, note)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._deal(deal, game, note)

        self.push_screen(Confirm(_("Leave this game for a new deal? It counts as lost.")), answered)

    def _deal(self, deal: int | None, game: str | None, note: str) -> None:
        try:
            saved, said = actions.deal(self.db, self.saved, deal, game)
        except SquaresError as err:
            self.say(_("Error: {problem}").format(problem=err))
            return
        self.install(saved, " ".join(filter(None, (said, note))))
