"""The full-screen terminal game: one saved game, its board, and the keys around it.

The app holds one ``SavedSession`` and redraws from it after every action; each action is
committed to the store before its board is drawn. The board widget says what the player
chose; the app checks with the engine, asks when a move loses, and plays it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any, ClassVar

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widgets import Static

from squares.ai.base import Hint
from squares.cells import measure_as_terminals
from squares.difficulty import deal_facts
from squares.errors import SquaresError, StaleGame
from squares.i18n import LANGUAGES, N_, _, current
from squares.rules import rules_text
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.tui.answers import Answers
from squares.tui.board import Board
from squares.tui.cells import fitted
from squares.tui.dealing import Dealing
from squares.tui.dialogs import Confirm, Pick
from squares.tui.faces import RENDERERS
from squares.tui.pages import Reading, binding_lines, keys_page
from squares.tui.review_screen import ReviewScreen
from squares.tui.stats_screen import StatsScreen
from squares.wording import duration, moves

MIN_WIDTH, MIN_HEIGHT = 80, 24
AFTER_THE_END = ("review", "new_deal", "restart", "stats", "keys", "quit_game")
"""The actions the key bar offers once a game is over, in place of placing, undo and hint."""

CSS = """
#top { height: 1; background: $boost; text-style: bold; padding: 0 1; }
#message { height: auto; min-height: 1; padding: 0 1; }
#keys { height: auto; background: $panel; padding: 0 1; }
#small { display: none; content-align: center middle; height: 1fr; }
.too-small #small { display: block; }
.too-small #top, .too-small Board, .too-small #message, .too-small #keys { display: none; }
"""


class SquaresApp(Answers, Dealing, App[str | None]):
    """Returns the language to start again in (after a language switch), else ``None``."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", N_("undo")),
        Binding("r", "redo", N_("redo"), show=False),
        Binding("h", "hint", N_("hint")),
        Binding("o", "chance", N_("your chance of winning from here"), show=False),
        Binding("n", "new_deal", N_("new deal")),
        Binding("k", "new_deal_of_level", N_("new deal of a difficulty"), show=False),
        Binding("d", "choose_deal", N_("deal by number or share code"), show=False),
        Binding("t", "daily", N_("today's daily deal"), show=False),
        Binding("b", "restart", N_("restart this deal"), show=False),
        Binding("g", "resign", N_("resign"), show=False),
        Binding("i", "stats", N_("statistics"), show=False),
        Binding("v", "review", N_("review the finished game"), show=False),
        Binding("e", "rules", N_("rules"), show=False),
        Binding("l", "language", N_("language"), show=False),
        Binding("question_mark", "keys", N_("keys")),
        Binding("q", "quit_game", N_("quit")),
    ]

    def __init__(self, db: Database, saved: SavedSession, notes: list[str] | None = None) -> None:
        super().__init__()
        self.db = db
        self.saved = saved
        self.lang = current()
        self.hint: Hint | None = None
        self.asked = {}
        self.auto = False
        self.message = " ".join(notes or [])

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="top")
        yield self._new_board()
        yield Static(id="message")
        yield Static(id="keys")
        yield Static(
            _("The terminal is too small: make it at least {width}×{height}.").format(
                width=MIN_WIDTH, height=MIN_HEIGHT
            ),
            id="small",
        )

    def _new_board(self) -> Board:
        return RENDERERS[self.saved.game.name].board(self.saved, id="board")

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    def on_load(self) -> None:
        measure_as_terminals(True)  # Telugu's vowel signs take the cell a terminal gives them

    def on_unmount(self) -> None:
        measure_as_terminals(False)

    def on_mount(self) -> None:
        self.title = _(self.saved.game.title)
        self.set_interval(1, self._tick)
        self._stop_on_signals()
        self.board.focus()
        self._fit()
        self.redraw()
        self.call_after_refresh(self.redraw)

    def _stop_on_signals(self) -> None:
        """A closed terminal (SIGHUP) or a polite kill (SIGTERM) quits as q does, so the
        time played is saved; SIGKILL loses only the time since the last action."""
        loop = asyncio.get_running_loop()
        for name in ("SIGHUP", "SIGTERM"):
            if hasattr(signal, name):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(getattr(signal, name), self.action_quit_game)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)
        self.call_after_refresh(self.redraw)  # the message and the keys wrapped anew

    def _fit(self, size: Size | None = None) -> None:
        """Hide the board on a terminal too small for it, and show it again, focused, when
        the terminal grows: a hidden board loses the focus, and with it the keys."""
        size = size or self.size
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        game_screen = self.screen_stack[0]
        game_screen.set_class(small, "too-small")
        if not small and game_screen.focused is None:
            self.call_after_refresh(self._focus_board)

    def _focus_board(self) -> None:
        game_screen = self.screen_stack[0]
        for board in game_screen.query("#board").results(Board):
            game_screen.set_focus(board)

    def redraw(self) -> None:
        self.board.show(self.saved, self.hint)
        self._tick()
        self.query_one("#message", Static).update(self._fit_text(self.message_text()))
        self.query_one("#keys", Static).update(self._fit_text(self.key_bar(), "  "))

    def _fit_text(self, text: str, gap: str = " ") -> str:
        """``text`` wrapped as the terminal counts cells, so that no line runs past its edge
        (where Telugu's vowel signs take a cell Rich does not count)."""
        return fitted(text, max(20, self.size.width - 2), gap)

    def key_bar(self) -> str:
        """The keys shown at the foot of the board, from the bindings in force: while the
        game is played, those marked to be shown; once it is over, what may follow it."""
        if self.saved.over:
            shown = [b for b in self.own_bindings() if b.action in AFTER_THE_END]
        else:
            shown = [b for b in self.own_bindings() if b.show]
        return "  ".join(f"{keys} {what}" for keys, what in binding_lines(shown))

    def _tick(self) -> None:
        saved = self.saved
        parts = [
            _(saved.game.title),
            _("deal {deal}").format(deal=saved.deal),
            saved.code,
            moves(len(saved.moves)),
            duration(saved.clock_ms),
        ]
        if self.auto:
            parts.append(_("auto to foundations"))
        table = self.screen_stack[0]  # the game's own screen, under a review or a dialog too
        top = table.query("#top")
        if not top:  # the app is closing: its board is gone, and nothing is left to tell
            return
        top.first(Static).update(" · ".join(parts))
        if self.asked:  # the seconds waited so far
            table.query_one("#message", Static).update(self._fit_text(self.message_text()))

    def ending(self) -> str:
        outcome = self.saved.outcome
        reason = "" if outcome is None else self.saved.game.info.end_text(outcome.reason)
        score = self.saved.score
        tail = _("Share code {code}. v: review · n: a new deal · b: this deal again.").format(
            code=self.saved.code
        )
        allowed = deal_facts(self.saved.game.name, self.saved.deal)
        if allowed is not None:
            tail = allowed + " " + tail
        if score is not None:
            tail = _("Score {score}.").format(score=score) + " " + tail
        return f"{reason} {tail}"

    def message_text(self) -> str:
        """The message line: what was last said, and once the game is over how it ended,
        which stays until another game is played (in whatever language the app is in)."""
        if self.saved.over:
            return "\n".join(filter(None, [self.message, *self.waiting_lines(), self.ending()]))
        waiting = self.waiting_lines()
        if waiting:
            return "\n".join(filter(None, [self.message, *waiting]))
        return self.message or _("? shows every key; q quits.")

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#message", Static).update(self._fit_text(self.message_text()))

    # -- playing -----------------------------------------------------------------------
    @on(Board.Said)
    def _said(self, event: Board.Said) -> None:
        self.say(event.text)

    @on(Board.Chosen)
    def _chosen(self, event: Board.Chosen) -> None:
        question = self.board.warning(event.move)
        if question is None:
            self.play(event.move)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.play(event.move)
            else:
                self.say(_("Not played."))

        self.push_screen(Confirm(question), answered)

    def play(self, move: str) -> None:
        def act() -> None:
            self.saved.move(move)
            self.board.show(self.saved)
            while self.auto and not self.saved.over:
                more = self.board.auto_move()
                if more is None:
                    break
                self.saved.move(more)
                self.board.show(self.saved)

        self.act(act)

    def act(self, change: Any) -> None:
        """Run one action on the saved game; its error, if any, goes to the message line."""
        self.message, self.hint = "", None
        try:
            change()
        except StaleGame as err:
            self.saved = self.saved.reload()
            self.message = _("Error: {problem}").format(problem=err)
        except SquaresError as err:
            self.message = _("Error: {problem}").format(problem=err)
        self.redraw()

    def install(self, saved: SavedSession, note: str = "") -> None:
        """Play ``saved`` from now on (a new board if it is another game)."""
        old = self.saved.game.name
        self.saved, self.hint, self.message = saved, None, note
        if saved.game.name != old:
            self.call_later(self._new_game_board)
        else:
            self.redraw()

    async def _new_game_board(self) -> None:
        await self.board.remove()
        board = self._new_board()
        await self.mount(board, after="#top")
        board.focus()
        self.title = _(self.saved.game.title)
        self.redraw()
        self.call_after_refresh(self.redraw)  # the keys of the new board, once focused

    def action_undo(self) -> None:
        self.act(self.saved.undo)

    def action_redo(self) -> None:
        self.act(self.saved.redo)

    def action_auto(self) -> None:
        self.auto = not self.auto
        self.say(_("Auto to foundations: on.") if self.auto else _("Auto to foundations: off."))
        if self.auto and self.board.auto_move() is not None:
            self.play(self.board.auto_move() or "")
        self._tick()

    def action_restart(self) -> None:
        if self.saved.over:
            self.install(
                SavedSession.new(self.db, self.saved.game.name, self.saved.deal),
                _("The same deal again, as a new game."),
            )
        else:
            self.act(self.saved.restart)

    def action_resign(self) -> None:
        if self.saved.over:
            self.say(_("The game is over: n for a new deal."))
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.act(self.saved.resign)

        self.push_screen(Confirm(_("Resign this game? It counts as lost.")), answered)

    # -- other screens -----------------------------------------------------------------
    def own_bindings(self) -> list[Binding]:
        """The bindings in force that this game declares (not Textual's own)."""
        classes = (type(self), *type(self.board).__mro__)
        ours = {
            b.description
            for cls in classes
            for b in vars(cls).get("BINDINGS", [])
            if isinstance(b, Binding)
        }
        active = self.screen.active_bindings.values()
        return [a.binding for a in active if a.binding.description in ours]

    def action_keys(self) -> None:
        bindings = self.own_bindings()
        self.push_screen(keys_page(bindings, _(RENDERERS[self.saved.game.name].keys)))

    def action_rules(self) -> None:
        text = rules_text(self.saved.game.name, self.lang)
        self.push_screen(Reading(_("Rules: {game}").format(game=_(self.saved.game.title)), text))

    def action_stats(self) -> None:
        game = self.saved.game
        self.push_screen(StatsScreen(self.db, game.name, _(game.title)))

    def action_review(self) -> None:
        saved = self.saved
        if not saved.over:
            self.say(_("The review comes once the game is over (won, lost or resigned)."))
            return
        self.push_screen(
            ReviewScreen(self.db, saved.id, saved.game, saved.deal, saved.moves, saved.hints_used)
        )

    def action_language(self) -> None:
        def answered(lang: str | None) -> None:
            if lang and lang != self.lang:
                self.saved.pause()
                self.exit(lang)

        choices = list(LANGUAGES.items())
        self.push_screen(Pick(_("Language"), choices, self.lang), answered)

    def action_quit_game(self) -> None:
        self.saved.pause()
        self.exit(None)
