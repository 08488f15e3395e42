"""Text-mode play: one board drawn from the player view, one command per line.

Works the same at a terminal and from a pipe, so scripts and tests can drive it; a bad
line prints an error (on standard error) and the unchanged board, and never ends the game;
read from a pipe, the exit status then says that a line was refused (``EXIT_REFUSED``,
3). Every action is
saved (``SavedSession``) before its board is drawn, so whatever the player has seen
survives the program being killed.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from squares.ai import hint as strongest_hint
from squares.ai import warm_up, warming_up
from squares.cards import parse_deal_number
from squares.cli import board_foursquare, board_union_square
from squares.cli.exits import EXIT_REFUSED
from squares.cli.style import Style
from squares.difficulty import deal_facts
from squares.errors import (
    BadNotation,
    CorruptSave,
    GameNotFound,
    SessionError,
    SquaresError,
    StaleGame,
)
from squares.games.base import Outcome, Status, status_name
from squares.i18n import N_, _, current
from squares.review.chance import from_here
from squares.review.words import from_here_text
from squares.rules import rules_text
from squares.share import is_code, parse_code, random_deal
from squares.store.db import Database
from squares.store.opening import open_game
from squares.store.saved import SavedSession
from squares.store.stats import query_stats
from squares.wording import duration, left_as_lost, moves, title, waits_for_the_search

HELP = N_("""\
Commands:
  a move      {moves}
  u           undo (as far back as the deal)
  r           redo
  restart     start this deal again (once the game is over: as a new game)
  n [DEAL]    a new deal (random, or the number or share code you give);
              an unfinished game then counts as lost
  h           a hint: the move the strongest player would make, and why
              (it never looks at the stock's order; the game no longer counts as clean)
  chance      your chance of winning from here: the strongest player plays the
              game out over random orders of the cards you have not seen (never
              their real order; the game no longer counts as clean)
  resign      give up this game (the score stands)
  rules       the rules of the game
  ?           this help
  q           quit""")

BOARDS: dict[str, Any] = {board.GAME: board for board in (board_foursquare, board_union_square)}
"""Each game's text renderer (``KEY``, ``draw(view, style, hint)``), by game name."""


class TextGame:
    """The loop of ``squares play``: reads commands, keeps one saved game, redraws it."""

    def __init__(
        self,
        db: Database,
        saved: SavedSession,
        out: TextIO,
        style: Style,
        err: TextIO | None = None,
    ) -> None:
        """Boards and messages go to ``out``; refused lines to ``err`` (default: ``out``)."""
        self.db = db
        self.saved = saved
        self.game = saved.game
        self.out = out
        self.err = out if err is None else err
        self.style = style
        self.unconfirmed: str | None = None  # a losing move said once, to be said again
        self.refused = 0  # lines not played: errors, and losing moves never confirmed

    def run(self, lines: Iterator[str]) -> int:
        self.board = BOARDS[self.game.name]
        self.say(_(self.board.KEY) + "\n" + _("Type ? for the commands, q to quit."))
        self.show()
        try:
            for raw in lines:
                line = raw.strip()
                if line in ("q", "quit", "exit"):
                    break
                if line:
                    self.handle(line)
        finally:
            self.saved.pause()
        if self.unconfirmed is not None:
            self.refused += 1  # the last line was a losing move, never confirmed
        if not self.saved.over:
            self.say(
                _("Game {id} ({code}) is saved: 'squares play {game}' resumes it.").format(
                    id=self.saved.id, code=self.saved.code, game=self.game.name
                )
            )
        return 0

    def handle(self, line: str) -> None:
        if self.unconfirmed is not None and line.rstrip("!").strip() != self.unconfirmed:
            self.refused += 1  # the losing move warned of was not played
        command, _space, argument = line.partition(" ")
        try:
            if command in ("?", "help"):
                moves = _(self.game.info.notation)
                self.say(_(HELP).format(moves=moves) + "\n" + _(self.board.KEY))
                return
            if command == "rules":
                self.say(rules_text(self.game.name, current()))
                return
            if command in ("u", "undo"):
                self.saved.undo()
            elif command in ("r", "redo"):
                self.saved.redo()
            elif command == "restart":
                self.restart()
            elif command in ("n", "new"):
                self.new_deal(argument.strip())
            elif command in ("h", "hint"):
                self.hint()
                return
            elif command == "chance":
                self.chance()
                return
            elif command == "resign":
                self.saved.resign()
            elif not self.move(line):
                return
        except StaleGame as err:
            self.error(err)
            self.reload()
        except SquaresError as err:
            self.error(err)
        self.unconfirmed = None
        self.show()

    def move(self, text: str) -> bool:
        """Play a move; a losing one is played only once confirmed. False if it waits."""
        confirmed = text.endswith("!")
        text = text.rstrip("!").strip()
        self.saved.session.refuse_if_over()  # a finished game's result stands, whatever is typed
        move = self.game.parse_move(text)
        state = self.saved.state
        reason = self.game.why_illegal(state, move)
        warn = reason is None and not confirmed and text != self.unconfirmed
        if warn and self.game.loses(state, move):
            self.unconfirmed = text
            self.say_error(
                self.style.paint(
                    _(
                        "Warning: {move} loses the game. "
                        "Type it again (or {move}!) to play it anyway."
                    ).format(move=text),
                    "warn",
                )
            )
            return False
        self.saved.move(text)
        return True

    def hint(self) -> None:
        """Show the strongest player's move on the board, with its reason; noted on the game."""
        if self.saved.over:
            raise SessionError(
                _("the game is over ({status}): no hint").format(
                    status=status_name(self.saved.status)
                )
            )
        self.say_if_preparing()
        suggestion = strongest_hint(self.game.name, self.saved.played)
        self.saved.note_hint()
        self.show(hint=suggestion.move)
        # TRANSLATORS: {reason} is the hint's move and why; {move} the same move in the
        # notation typed to play it ("t4-f")
        line = _("Hint: {reason} (type {move})").format(
            reason=suggestion.reason, move=suggestion.move
        )
        self.say(self.style.paint(line, "green"))

    def say_if_preparing(self) -> None:
        """Say that the answer asked waits for the search to be made ready, while the
        game's warm-up runs (the first start after installing)."""
        if warming_up(self.game.name):
            self.say(waits_for_the_search())

    def chance(self) -> None:
        """Say the chance of winning from here; noted on the game as a hint is."""
        saved = self.saved
        if not saved.over:
            self.say_if_preparing()
            self.say(_("Working out your chance…"))
        chance = from_here(self.game, saved.state, len(saved.moves), resigned=saved.resigned)
        saved.note_hint()
        self.say(self.style.paint(from_here_text(chance), "green"))

    def restart(self) -> None:
        if not self.saved.over:
            self.saved.restart()
            return
        self.saved = SavedSession.new(self.db, self.game.name, self.saved.deal)
        self.say(
            _("Game {id}: {code} again, as a new game.").format(
                id=self.saved.id, code=self.saved.code
            )
        )

    def new_deal(self, argument: str) -> None:
        if is_code(argument):
            name, deal = parse_code(argument)
            if name != self.game.name:
                raise BadNotation(
                    _(
                        "{code} is a deal of {game}: this is {this} "
                        "(quit and run 'squares play --deal {code}')"
                    ).format(code=argument, game=name, this=self.game.name)
                )
        else:
            deal = parse_deal_number(argument) if argument else random_deal()
        old = self.saved
        if old.abandon():
            self.say(left_as_lost(old.id, old.code, len(old.history)))
        self.saved = SavedSession.new(self.db, self.game.name, deal)

    def reload(self) -> None:
        """After another program changed the game: show it as it is now."""
        try:
            self.saved = self.saved.reload()
        except (CorruptSave, GameNotFound) as err:
            self.error(err)
            self.saved = SavedSession.new(self.db, self.game.name, random_deal())
            self.say(
                _("Starting game {id}, {code}.").format(id=self.saved.id, code=self.saved.code)
            )

    def show(self, hint: str | None = None) -> None:
        view = self.saved.view()
        self.say(self.board.draw(view, self.style, hint))
        outcome = self.saved.outcome
        if outcome is not None:
            self.say(self.ending(outcome))

    def ending(self, outcome: Outcome) -> str:
        head = self.game.info.end_text(outcome.reason)
        if self.saved.score is not None:
            head += " " + _("Score {score}.").format(score=self.saved.score)
        allowed = deal_facts(self.game.name, self.saved.deal)
        if allowed is not None:
            head += " " + allowed
        if outcome.status is Status.WON:
            head = self.style.paint(head, "green")
        stats = query_stats(self.db, self.game.name)
        record = _(
            "{game}: won {won} of {played}, winning streak {streak} ('squares stats' for more)."
        ).format(
            game=title(self.game.name),
            won=stats.won,
            played=stats.played,
            streak=stats.current_streak,
        )
        share = _("Share code {code}, {moves} in {time}.").format(
            code=self.saved.code,
            moves=moves(len(self.saved.moves)),
            time=duration(self.saved.clock_ms),
        )
        then = _("Type n for a new deal, restart to play this deal again, or q to quit.")
        return f"{head} {share}\n{record}\n{then}"

    def error(self, err: Exception) -> None:
        """A line refused: said on standard error, and counted for the exit status."""
        self.refused += 1
        self.say_error(self.style.paint(_("Error: {problem}").format(problem=err), "warn"))

    def say_error(self, text: str) -> None:
        self.out.flush()  # what was said before it comes before it, where both are one
        print(text, file=self.err)
        print(file=self.err)
        self.err.flush()

    def say(self, text: str) -> None:
        print(text, file=self.out)
        print(file=self.out)
        self.out.flush()


def command_lines(stream: TextIO, prompt: str) -> Iterator[str]:
    """Lines typed at a terminal (with a prompt and line editing) or read from a pipe."""
    if stream.isatty():
        while True:
            try:
                yield input(prompt)
            except EOFError:
                print()
                return
    else:
        yield from stream


def play(db: Database, game_name: str, deal: int | None, new: bool, colour: bool) -> int:
    saved, notes = open_game(db, game_name, deal, new)
    typed = sys.stdin.isatty()
    if typed:  # a person plays: the hints' search gets ready meanwhile
        warm_up(game_name)
    text_game = TextGame(db, saved, sys.stdout, Style(colour), sys.stderr)
    for note in notes:
        text_game.say(note)
    with _closing_stops_the_clock():
        code = text_game.run(command_lines(sys.stdin, "> "))
    if text_game.refused and not typed:
        return EXIT_REFUSED
    return code


@contextmanager
def _closing_stops_the_clock() -> Iterator[None]:
    """A closed terminal (SIGHUP) or a polite kill (SIGTERM) ends the loop normally, so the
    time played so far is saved; SIGKILL loses only the time since the last action."""
    names = ("SIGHUP", "SIGTERM")
    wanted = [getattr(signal, n) for n in names if hasattr(signal, n)]
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    before = {s: signal.signal(s, stop) for s in wanted}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
