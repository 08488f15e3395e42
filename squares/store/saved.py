"""A game in play that survives anything: every action is committed before it returns.

``SavedSession`` wraps a ``squares.session.Session`` and one row of the ``games`` table.
Each action (move, undo, redo, restart, resign, a hint) runs in one write transaction
that first checks the row's ``version``: if another program changed the game since this
one read it, the action raises ``StaleGame`` and changes nothing, here or on disk. Once
an action returns, it is on disk and ``version`` is one higher.

The clock counts the milliseconds the game was open and unfinished in a program: it is
added to the row with every action and by ``pause``, so it stops while no program has
the game open (time since the last save is lost if the program is killed).

>>> from squares.store.db import open_db
>>> db = open_db(":memory:")
>>> saved = SavedSession.new(db, "foursquare", 7).move("0,0").move("0,1").undo()
>>> saved.version, saved.moves, saved.undo_used
(4, ['0,0'], True)
>>> again = SavedSession.open(db, saved.id)
>>> again.redo().moves
['0,0', '0,1']
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import date
from typing import Any, cast

from typing_extensions import TypedDict

from squares.cards import DEAL_ALGORITHM, check_deal_number
from squares.errors import BadDatabase, CorruptSave, SessionError, StaleGame
from squares.games import get_game
from squares.games.base import Game, Outcome, Status, status_name
from squares.games.views import FoursquareView, UnionSquareView
from squares.i18n import _
from squares.session import Session
from squares.share import daily_deal, format_code, today
from squares.store import history, records
from squares.store.db import Database
from squares.store.records import GameRecord, now_iso

Clock = Callable[[], float]


class SavedFields(TypedDict):
    id: int
    """The saved game's id."""
    version: int
    """How many actions the row has taken: a move sent on an older view is refused."""


class SavedFoursquareView(FoursquareView, SavedFields):
    pass


class SavedUnionSquareView(UnionSquareView, SavedFields):
    pass


SavedView = SavedFoursquareView | SavedUnionSquareView


class SavedSession:
    """A saved game being played. Get one with ``new``, ``open`` or ``resume``."""

    def __init__(
        self, db: Database, record: GameRecord, session: Session[Any, Any], clock: Clock
    ) -> None:
        self.db = db
        self.session = session
        self.id = record.id
        self.version = record.version
        self.hints_used = record.hints_used
        self.undo_used = record.undo_used
        self._clock_ms = record.clock_ms
        self._clock = clock
        self._mark = clock()  # when the clock was last added to the row

    # -- getting one -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        db: Database,
        game_name: str,
        deal: int,
        *,
        day: date | None = None,
        clock: Clock = time.monotonic,
    ) -> SavedSession:
        """Deal ``deal`` as a new saved game; it is the daily deal if ``deal`` is the daily
        deal of its game on ``day`` (default: today's local date)."""
        game = get_game(game_name)
        session: Session[Any, Any] = Session(game, check_deal_number(deal))
        day = day or today()
        now = now_iso()
        with db.write() as conn:
            game_id: int = conn.execute(
                "INSERT INTO games (game, deal, deal_algorithm, status, score, started_at, "
                "updated_at, daily, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    game.name,
                    deal,
                    DEAL_ALGORITHM,
                    str(session.status),
                    session.score,
                    now,
                    now,
                    day.isoformat() if deal == daily_deal(game.name, day) else None,
                    history.digest(game, session.state),
                ),
            ).fetchone()[0]
        return cls(db, records.get(db, game_id), session, clock)

    @classmethod
    def open(
        cls,
        db: Database,
        game_id: int,
        *,
        version: int | None = None,
        clock: Clock = time.monotonic,
    ) -> SavedSession:
        """The saved game ``game_id``, replayed from its moves.

        ``version``, if given, must be the row's (``StaleGame`` otherwise). A row whose moves
        do not replay to what was stored raises ``CorruptSave`` naming the game; the row is
        marked corrupt and otherwise kept exactly as it was, for inspection.
        """
        record = records.get(db, game_id)
        if version is not None and record.version != version:
            raise StaleGame(_stale_message(game_id, version, record.version))
        if record.corrupt is not None:
            raise CorruptSave(
                _("game {id} cannot be resumed: {reason}").format(id=game_id, reason=record.corrupt)
            )
        try:
            if record.unreadable is not None:
                raise CorruptSave(record.unreadable)
            try:
                moves = record.history()
            except CorruptSave:  # its message names the game, which the one below does too
                raise CorruptSave(_(records.MOVES_NOT_NOTATION)) from None
            session = history.replay(
                record.game,
                record.deal,
                moves,
                record.position,
                record.resigned,
                record.deal_algorithm,
            )
            history.check(session, record.status, record.score, record.digest)
        except CorruptSave as err:
            reason = str(err)
            message = _(
                "game {id} ({code}) cannot be resumed: {reason}. It is kept as it was, "
                "marked corrupt, in {path} ('squares export {id}' shows it)"
            )
            problem = ""
            try:
                with db.write() as conn:
                    conn.execute(
                        "UPDATE games SET corrupt = ?, version = version + 1 WHERE id = ?",
                        (reason, game_id),
                    )
            except BadDatabase as failed:  # a row too damaged even to take the mark
                problem = str(failed)
                message = _(
                    "game {id} ({code}) cannot be resumed: {reason}. It is kept as it was in "
                    "{path} (it could not be marked: {problem}) ('squares export {id}' shows it)"
                )
            raise CorruptSave(
                message.format(
                    id=game_id, code=record.code, reason=reason, path=db.path, problem=problem
                )
            ) from None
        return cls(db, record, session, clock)

    @classmethod
    def resume(
        cls, db: Database, game_name: str, *, clock: Clock = time.monotonic
    ) -> SavedSession | None:
        """The unfinished game of ``game_name`` played last, or ``None``."""
        record = records.latest_unfinished(db, get_game(game_name).name)
        return None if record is None else cls.open(db, record.id, clock=clock)

    def reload(self) -> SavedSession:
        """This game as it is on disk now (after ``StaleGame``)."""
        return SavedSession.open(self.db, self.id, clock=self._clock)

    # -- what it is --------------------------------------------------------------------
    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def deal(self) -> int:
        return self.session.deal

    @property
    def code(self) -> str:
        return format_code(self.game.name, self.deal)

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def status(self) -> Status:
        return self.session.status

    @property
    def score(self) -> int | None:
        return self.session.score

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def resigned(self) -> bool:
        return self.session.resigned

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    @property
    def moves(self) -> list[str]:
        """The moves from the deal to the current position, in notation."""
        return self.session.moves

    @property
    def history(self) -> list[str]:
        """Every move stored, the redo tail included."""
        return self.session.history

    @property
    def played(self) -> list[Any]:
        """The states from the deal to the current one."""
        return self.session.played

    @property
    def outcome(self) -> Outcome | None:
        return self.session.outcome

    @property
    def clock_ms(self) -> int:
        """Milliseconds played, counting the time since the last save while unfinished."""
        return self._clock_ms + self._elapsed_ms(self._clock())

    def view(self) -> SavedView:
        """The player view (never the stock's order), with the game's ``id`` and ``version``."""
        return cast(SavedView, {**self.session.view(), "id": self.id, "version": self.version})

    # -- actions -----------------------------------------------------------------------
    def move(self, move: str) -> SavedSession:
        """Play a move given in notation (``BadNotation``, ``IllegalMoveError``; once the
        game is over, ``SessionError`` whatever the text)."""
        self.session.refuse_if_over()
        parsed = self.game.parse_move(move)
        return self._act(lambda session: session.move(parsed))

    def undo(self) -> SavedSession:
        return self._act(Session.undo, undo_used=True)

    def redo(self) -> SavedSession:
        return self._act(Session.redo)

    def restart(self) -> SavedSession:
        """Back to the deal, the moves kept for redo; the game no longer counts as clean.

        A finished game keeps its result: play its deal again with ``new`` instead.
        """
        return self._act(Session.restart, undo_used=self.session.position > 0)

    def resign(self) -> SavedSession:
        """End the game now as lost; the score at this moment stands."""
        return self._act(Session.resign)

    def note_hint(self) -> SavedSession:
        """Record that a hint was shown for this game (it no longer counts as clean)."""
        if self.over:
            raise SessionError(
                _("the game is over ({status})").format(status=status_name(self.status))
            )
        return self._act(lambda session: session, hints_used=True)

    def abandon(self) -> bool:
        """Leave an unfinished game for another: resigned (a loss) if any move was made,
        forgotten (deleted) if none ever was. Returns whether it counts as a loss."""
        if self.over:
            return False
        if self.session.history:
            self.resign()
            return True
        with self.db.write() as conn:
            row = conn.execute("SELECT version FROM games WHERE id = ?", (self.id,)).fetchone()
            self._check_current(row)
            conn.execute("DELETE FROM games WHERE id = ?", (self.id,))
        return False

    def pause(self) -> None:
        """Add the time played since the last save to the stored clock (no version change)."""
        now = self._clock()
        elapsed = self._elapsed_ms(now)
        if elapsed:
            with self.db.write() as conn:
                conn.execute(
                    "UPDATE games SET clock_ms = clock_ms + ?, updated_at = ? WHERE id = ?",
                    (elapsed, now_iso(), self.id),
                )
            self._clock_ms += elapsed
        self._mark = now

    # -- the one way to write ----------------------------------------------------------
    def _act(
        self,
        change: Callable[[Session[Any, Any]], object],
        *,
        undo_used: bool = False,
        hints_used: bool = False,
    ) -> SavedSession:
        """Apply ``change`` to a copy of the session and store it; the copy replaces the
        session only once the row is written."""
        now = self._clock()
        elapsed = self._elapsed_ms(now)
        after = self.session.copy()
        with self.db.write() as conn:
            row = conn.execute(
                "SELECT version, clock_ms FROM games WHERE id = ?", (self.id,)
            ).fetchone()
            self._check_current(row)
            change(after)  # the session checks before it changes anything
            clock_ms = row["clock_ms"] + elapsed
            undo_used, hints_used = undo_used or self.undo_used, hints_used or self.hints_used
            stamp = now_iso()
            conn.execute(
                "UPDATE games SET moves = ?, position = ?, resigned = ?, status = ?, "
                "score = ?, clock_ms = ?, hints_used = ?, undo_used = ?, "
                "version = version + 1, updated_at = ?, "
                "finished_at = CASE WHEN ? THEN coalesce(finished_at, ?) END, "
                "digest = ? WHERE id = ?",
                (
                    json.dumps(after.history),
                    after.position,
                    after.resigned,
                    str(after.status),
                    after.score,
                    clock_ms,
                    hints_used,
                    undo_used,
                    stamp,
                    after.over,
                    stamp,
                    history.digest(self.game, after.state),
                    self.id,
                ),
            )
        self.session = after
        self.version += 1
        self._clock_ms, self._mark = clock_ms, now
        self.undo_used, self.hints_used = undo_used, hints_used
        return self

    def _check_current(self, row: Any) -> None:
        if row is None:
            raise StaleGame(
                _(
                    "game {id} was deleted by another program: nothing was played; start a new game"
                ).format(id=self.id)
            )
        if row["version"] != self.version:
            raise StaleGame(_stale_message(self.id, self.version, row["version"]))

    def _elapsed_ms(self, now: float) -> int:
        return 0 if self.over else max(0, round((now - self._mark) * 1000))


def _stale_message(game_id: int, yours: int, theirs: int) -> str:
    return _(
        "game {id} was changed by another program (it is at version {theirs}; this "
        "view was at version {yours}): nothing was played here; look at the game as it is "
        "now and play again"
    ).format(id=game_id, theirs=theirs, yours=yours)
