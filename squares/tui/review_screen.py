"""The review of a finished game on its own screen: the numbers, and the game replayed on
its real board, one move at a time (← and →), with the critical move marked.

The review is computed (or read from the store) in a worker thread, so the screen answers
keys while it is worked out.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from squares.errors import SquaresError
from squares.games.base import Game
from squares.i18n import N_, _, percent
from squares.review import Review, review_game
from squares.review.naming import along
from squares.review.words import lines, score_text
from squares.session import Session
from squares.store.db import Database
from squares.tui.answers import Asked
from squares.tui.board import Board
from squares.tui.faces import RENDERERS

REVIEW_CSS = """
#review-title { text-style: bold; padding: 0 1; }
#review-numbers { height: auto; padding: 0 1; }
#replay { height: 1fr; }
#review-step { height: 2; padding: 0 1; }
"""


class Position:
    """The game after its first ``shown`` moves, as a board draws a saved game."""

    def __init__(self, game: Game[Any, Any], deal: int, moves: list[str], shown: int) -> None:
        self.session: Session[Any, Any] = Session.rebuild(game, deal, moves, shown)
        self.id, self.version = 0, 0

    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def over(self) -> bool:
        return self.session.over

    def view(self) -> Any:
        return {**self.session.view(), "id": self.id, "version": self.version}


class ReviewScreen(ModalScreen[None]):
    """← and → step through the game, Home and End jump; Escape, q or v goes back."""

    DEFAULT_CSS = REVIEW_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("previous move")),
        Binding("right", "step(1)", N_("next move")),
        Binding("home", "jump(0)", N_("the start"), show=False),
        Binding("end", "jump(-1)", N_("the end"), show=False),
        Binding("c", "critical", N_("the critical move"), show=False),
        Binding("escape,q,v", "close", N_("close")),
    ]

    def __init__(
        self, db: Database, game_id: int, game: Game[Any, Any], deal: int, moves: list[str]
    ) -> None:
        super().__init__()
        self.db, self.game_id, self.game, self.deal, self.moves = db, game_id, game, deal, moves
        self.shown = 0
        self.review: Review | None = None
        self.words = along(game, game.new(deal), moves)  # the moves in the board's words
        self.waiting = Asked("review", None)
        self.failed = False

    def compose(self) -> ComposeResult:
        yield Static(_("Review: {game}").format(game=_(self.game.title)), id="review-title")
        yield Static(self.waiting.waiting_text(), id="review-numbers")
        board = RENDERERS[self.game.name].board(cast(Any, self._position()), id="replay")
        board.can_focus = False  # the arrows step through the game here
        yield board
        yield Static(id="review-step")
        yield Static(_("←/→: moves · Home/End · c: the critical move · Esc: back"), classes="keys")

    def on_mount(self) -> None:
        self._draw()
        self.work_out()
        self.set_interval(1, self._tick)

    def _tick(self) -> None:
        """The seconds waited so far, until the review is there."""
        if self.review is None and not self.failed:
            self.query_one("#review-numbers", Static).update(self.waiting.waiting_text())

    @work(thread=True, exclusive=True, group="review")
    def work_out(self) -> None:
        try:
            review = review_game(self.db, self.game_id)
        except SquaresError as err:
            self.app.call_from_thread(self._failed, str(err))
            return
        self.app.call_from_thread(self._ready, review)

    def _ready(self, review: Review) -> None:
        self.review = review
        self.query_one("#review-numbers", Static).update("\n".join(lines(review, self.game_id)))
        self._draw()

    def _failed(self, problem: str) -> None:
        self.failed = True
        self.query_one("#review-numbers", Static).update(problem)

    def _position(self) -> Position:
        return Position(self.game, self.deal, self.moves, self.shown)

    def _draw(self) -> None:
        board = self.query_one("#replay", Board)
        board.show(cast(Any, self._position()))
        self.query_one("#review-step", Static).update(self.step_text())

    def step_text(self) -> str:
        """What the replay shows now: the move just played, its figures, and a mark on the
        critical move."""
        total = len(self.moves)
        if not self.shown:
            head = _("The deal, before move 1 of {total}").format(total=total)
        else:
            head = _("After move {number} of {total}: {move}").format(
                number=self.shown, total=total, move=self.words[self.shown - 1]
            )
        if self.review is None or not self.shown:
            return head
        move = self.review["moves"][self.shown - 1]
        chance = move["win_chance"]
        text = _(
            "{head} · best still reachable: {best} · chance to win before it: {chance}"
        ).format(head=head, best=score_text(move["best_after"]), chance=percent(chance["value"], 0))
        critical = self.review["critical"]
        if critical is not None and critical["index"] == self.shown - 1:
            better = critical["better_words"] or "—"
            text += "\n" + _("★ the critical move; better: {move}").format(move=better)
        return text

    def action_step(self, delta: int) -> None:
        self.shown = max(0, min(len(self.moves), self.shown + delta))
        self._draw()

    def action_jump(self, where: int) -> None:
        self.shown = len(self.moves) if where < 0 else where
        self._draw()

    def action_critical(self) -> None:
        if self.review is not None and self.review["critical"] is not None:
            self.shown = self.review["critical"]["index"] + 1
            self._draw()

    def action_close(self) -> None:
        self.dismiss(None)
