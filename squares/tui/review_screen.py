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

from squares.cells import terminal_len
from squares.errors import SquaresError
from squares.games.base import Game
from squares.i18n import N_, _, current, language, percent
from squares.review import Review, review_game
from squares.review.naming import along
from squares.review.words import (
    WIDTH,
    best_text,
    lines,
    sparkline,
    summary,
    whole_deal_note,
)
from squares.session import Session
from squares.store.db import Database
from squares.tui.answers import Asked
from squares.tui.board import HINT_STYLE, PLAYED_STYLE, Board
from squares.tui.cells import fitted
from squares.tui.faces import RENDERERS

REVIEW_CSS = """
#review-title { text-style: bold; padding: 0 1; }
#review-numbers { height: auto; padding: 0 1; }
#replay { height: 1fr; }
#review-step { height: auto; padding: 0 1; }
"""


ROOM_FOR_THE_CURVE = 40  # lines of terminal from which the curve gets its lines of marks


def one_line_curve(review: Review, width: int) -> list[str]:
    """The chance to win before each move in one line of at most ``width`` cells: a mark
    for every move, or for every few where the moves are more than the room."""
    moves = review["moves"]
    if not moves:
        return []
    chances = [m["win_chance"]["value"] for m in moves]
    first, last = percent(chances[0], 0), percent(chances[-1], 0)
    # TRANSLATORS: {player} is an AI player's name ("expectimax-2"), the player that plays
    # the game on from each position; {curve} is a line of marks from ▁ (no chance) to █
    # (sure), one for each move or few; {first} and {last} the chance before the first and
    # last move
    text = _("Chance to win if {player} plays on, move by move: {curve} ({first} → {last})")
    said = {"player": review["chance"]["player"], "first": first, "last": last}
    # as many marks as the words leave room for, so that the line stays one (in German at
    # 80 columns, fewer than eight)
    room = max(1, min(WIDTH, width - terminal_len(text.format(curve="", **said))))
    step = -(-len(chances) // room)  # a mark for every ``step`` moves, the first of them
    return [text.format(curve=sparkline(chances[::step]), **said)]


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
        self,
        db: Database,
        game_id: int,
        game: Game[Any, Any],
        deal: int,
        moves: list[str],
        hinted: bool = False,
    ) -> None:
        """``hinted``: hints were shown during the game (the review then says why a hinted
        move may still lower the best score reachable)."""
        super().__init__()
        self.hinted = hinted
        self.lang = current()
        self.db, self.game_id, self.game, self.deal, self.moves = db, game_id, game, deal, moves
        self.shown = 0
        self.review: Review | None = None
        self.words = along(game, game.new(deal), moves)  # the moves in the board's words
        self.waiting = Asked("review", game.name, None)
        self.failed = False

    def compose(self) -> ComposeResult:
        yield Static(_("Review: {game}").format(game=_(self.game.title)), id="review-title")
        yield Static(self.waiting.waiting_text(), id="review-numbers")
        board = RENDERERS[self.game.name].board(cast(Any, self._position()), id="replay")
        board.can_focus = False  # the arrows step through the game here
        board.shows_cursor = False
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
        """The review, worded in the screen's language, as is what the screen's thread is
        called back with (it runs in this thread's context)."""
        with language(self.lang):
            try:
                review = review_game(self.db, self.game_id)
            except SquaresError as err:
                self.app.call_from_thread(self._failed, str(err))
                return
            self.app.call_from_thread(self._ready, review)

    def _ready(self, review: Review) -> None:
        self.review = review
        self._numbers()
        self._draw()

    def on_resize(self) -> None:
        if self.review is not None:
            self._numbers()

    def _numbers(self) -> None:
        """The review's figures; where the terminal is short, its curve on one line."""
        review = self.review
        if review is None:
            return
        width = max(20, self.size.width - 2)
        if self.size.height >= ROOM_FOR_THE_CURVE:
            text = lines(review, self.game_id)
        else:
            text = [*summary(review, self.game_id), *one_line_curve(review, width)]
        if self.hinted:
            text.append(whole_deal_note())
        self.query_one("#review-numbers", Static).update(fitted("\n".join(text), width))

    def _failed(self, problem: str) -> None:
        self.failed = True
        self.query_one("#review-numbers", Static).update(problem)

    def _position(self) -> Position:
        return Position(self.game, self.deal, self.moves, self.shown)

    def _draw(self) -> None:
        board = self.query_one("#replay", Board)
        board.marks = self._critical_marks(board)
        board.show(cast(Any, self._position()))
        width = max(20, self.size.width - 2)
        self.query_one("#review-step", Static).update(fitted(self.step_text(), width))

    def _critical_marks(self, board: Board) -> dict[str, str]:
        """On the critical move, its places as played and those of the better move."""
        critical = None if self.review is None else self.review["critical"]
        if critical is None or critical["index"] != self.shown - 1:
            return {}
        before = Position(self.game, self.deal, self.moves, self.shown - 1).view()
        marks = dict.fromkeys(board.places_of(critical["played"], before), PLAYED_STYLE)
        if critical["better"] is not None:
            marks |= dict.fromkeys(board.places_of(critical["better"], before), HINT_STYLE)
        return marks

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
        ).format(
            head=head,
            best=best_text(move["best_after"], move["best_proven"]),
            chance=percent(chance["value"], 0),
        )
        critical = self.review["critical"]
        if critical is not None and critical["index"] == self.shown - 1:
            better = critical["better_words"] or "—"
            # TRANSLATORS: {move} is the better move in the board's words ("the 8♠ on the
            # empty cell right of the 3♣"); red and green are how the board marks them
            text += "\n" + _(
                "The critical move, marked red on the board; better: {move}, marked green"
            ).format(move=better)
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
