"""Text-mode play: one board drawn from the player view, one command per line.

Works the same at a terminal and from a pipe, so scripts and tests can drive it; a bad
line prints an error and the unchanged board, and never ends the game. Every action is
saved (``SavedSession``) before its board is drawn, so whatever the player has seen
survives the program being killed.
"""

from __future__ import annotations

import random
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from squares.ai import get_player
from squares.cards import parse_deal_number
from squares.cli import board_foursquare, board_union_square
from squares.cli.rules import rules_text
from squares.cli.style import Style
from squares.cli.tables import duration, plural
from squares.errors import (
    BadNotation,
    CorruptSave,
    GameNotFound,
    SessionError,
    SquaresError,
    StaleGame,
)
from squares.games.base import Status
from squares.share import is_code, parse_code
from squares.store import records
from squares.store.db import Database
from squares.store.saved import SavedSession
from squares.store.stats import game_stats

NEW_DEAL_RANGE = 1_000_000_000

HELP = """\
Commands:
  a move      {moves}
  u           undo (as far back as the deal)
  r           redo
  restart     start this deal again (once the game is over: as a new game)
  n [DEAL]    a new deal (random, or the number or share code you give);
              an unfinished game then counts as lost
  h           a hint: the move the strongest player would make, and why
              (it never looks at the stock's order; the game no longer counts as clean)
  resign      give up this game (the score stands)
  rules       the rules of the game
  ?           this help
  q           quit"""

KEYS = {"foursquare": board_foursquare.KEY, "union-square": board_union_square.KEY}

MOVE_HELP = {
    "foursquare": "row,col — where the card in hand goes, e.g. 0,1 or -1,0 (the first is 0,0);"
    "\n              add ! (0,1!) to confirm a placement that loses",
    "union-square": "s deals; w-t3 waste to t3; w-f waste to its foundation; t5-f; t5-t9",
}


def random_deal() -> int:
    return random.randrange(NEW_DEAL_RANGE)


class TextGame:
    """The loop of ``squares play``: reads commands, keeps one saved game, redraws it."""

    def __init__(self, db: Database, saved: SavedSession, out: TextIO, style: Style) -> None:
        self.db = db
        self.saved = saved
        self.game = saved.game
        self.out = out
        self.style = style
        self.unconfirmed: str | None = None  # a losing move said once, to be said again

    def run(self, lines: Iterator[str]) -> int:
        self.say(f"{KEYS[self.game.name]}\nType ? for the commands, q to quit.")
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
        return 0

    def handle(self, line: str) -> None:
        command, _, argument = line.partition(" ")
        try:
            if command in ("?", "help"):
                self.say(HELP.format(moves=MOVE_HELP[self.game.name]) + "\n" + KEYS[self.game.name])
                return
            if command == "rules":
                self.say(rules_text(self.game.name))
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
            elif command == "resign":
                self.saved.resign()
            elif not self.move(line):
                return
        except StaleGame as err:
            self.say(self.style.paint(f"Error: {err}", "warn"))
            self.reload()
        except SquaresError as err:
            self.say(self.style.paint(f"Error: {err}", "warn"))
        self.unconfirmed = None
        self.show()

    def move(self, text: str) -> bool:
        """Play a move; a losing one is played only once confirmed. False if it waits."""
        confirmed = text.endswith("!")
        text = text.rstrip("!").strip()
        move = self.game.parse_move(text)
        state = self.saved.state
        reason = self.game.why_illegal(state, move)
        warn = reason is None and not confirmed and text != self.unconfirmed
        if warn and self.game.loses(state, move):
            self.unconfirmed = text
            self.say(
                self.style.paint(
                    f"Warning: {text} loses the game. "
                    f"Type it again (or {text}!) to play it anyway.",
                    "warn",
                )
            )
            return False
        self.saved.move(text)
        return True

    def hint(self) -> None:
        """Show the strongest player's move on the board, with its reason; noted on the game."""
        if self.saved.over:
            raise SessionError(f"the game is over ({self.saved.status}): no hint")
        suggestion = get_player(self.game.name).hint(self.saved.state)
        self.saved.note_hint()
        self.show(hint=suggestion.move)
        self.say(self.style.paint(f"Hint: {suggestion.reason}", "green"))

    def restart(self) -> None:
        if not self.saved.over:
            self.saved.restart()
            return
        self.saved = SavedSession.new(self.db, self.game.name, self.saved.deal)
        self.say(f"Game {self.saved.id}: {self.saved.code} again, as a new game.")

    def new_deal(self, argument: str) -> None:
        if is_code(argument):
            name, deal = parse_code(argument)
            if name != self.game.name:
                raise BadNotation(
                    f"{argument} is a deal of {name}: this is {self.game.name} "
                    f"(quit and run 'squares play --deal {argument}')"
                )
        else:
            deal = parse_deal_number(argument) if argument else random_deal()
        old = self.saved
        if old.abandon():
            moves = plural(len(old.moves), "move")
            self.say(f"Game {old.id} ({old.code}, {moves}) counts as lost.")
        self.saved = SavedSession.new(self.db, self.game.name, deal)

    def reload(self) -> None:
        """After another program changed the game: show it as it is now."""
        try:
            self.saved = self.saved.reload()
        except (CorruptSave, GameNotFound) as err:
            self.say(self.style.paint(f"Error: {err}", "warn"))
            self.saved = SavedSession.new(self.db, self.game.name, random_deal())
            self.say(f"Starting game {self.saved.id}, {self.saved.code}.")

    def show(self, hint: str | None = None) -> None:
        view = self.saved.view()
        if self.game.name == "foursquare":
            state = self.saved.state
            losing = {m for m in view["legal"] if self.game.loses(state, self.game.parse_move(m))}
            board = board_foursquare.draw_foursquare(view, losing, self.style, hint)
        else:
            board = board_union_square.draw_union_square(view, self.style, hint)
        self.say(board)
        if self.saved.over:
            self.say(self.ending(view))

    def ending(self, view: dict[str, Any]) -> str:
        status = self.saved.status
        if status is Status.WON:
            head = self.style.paint(f"You won! Score {view['score']}.", "green")
        elif self.saved.resigned:
            head = "You resigned."
        elif self.game.name == "foursquare":
            down = sum(1 for p in view["piles"] if not p["face_up"])
            head = (
                "Game over: more than 4 piles are face down."
                if down > 4
                else "Game over: the stock ran out."
            )
        else:
            head = f"Game over: no card can reach a foundation any more. Score {view['score']}."
        stats = game_stats(self.game.name, records.all_records(self.db, self.game.name))
        record = (
            f"{self.game.title}: won {stats.won} of {stats.played}, winning streak "
            f"{stats.current_streak} ('squares stats' for more)."
        )
        undo = "" if self.saved.resigned else " u to undo,"
        return (
            f"{head} Share code {self.saved.code}, {plural(len(self.saved.moves), 'move')} in "
            f"{duration(self.saved.clock_ms)}.\n{record}\n"
            f"Type n for a new deal, restart to play this deal again,{undo} or q to quit."
        )

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


def open_game(
    db: Database, game_name: str, deal: int | None, new: bool
) -> tuple[SavedSession, list[str]]:
    """The game to play and what to tell the player about it.

    The unfinished game of ``game_name`` is resumed, unless ``new`` is set or another
    ``deal`` is asked for: it then counts as lost (or is forgotten, if never moved in).
    """
    notes: list[str] = []
    try:
        current = SavedSession.resume(db, game_name)
    except CorruptSave as err:
        notes.append(f"{err}. Starting a new game.")
        current = None
    if current is not None:
        if not new and deal in (None, current.deal):
            moves = plural(len(current.moves), "move")
            notes.append(
                f"Resuming game {current.id}: {current.game.title} deal {current.deal} "
                f"({current.code}), {moves}, {duration(current.clock_ms)} played. "
                "Type n for a new deal."
            )
            return current, notes
        if current.abandon():
            moves = plural(len(current.moves), "move")
            notes.append(
                f"Game {current.id} ({current.code}, {moves}) was left unfinished: "
                "it counts as lost."
            )
    saved = SavedSession.new(db, game_name, random_deal() if deal is None else deal)
    return saved, notes


def play(db: Database, game_name: str, deal: int | None, new: bool, colour: bool) -> int:
    saved, notes = open_game(db, game_name, deal, new)
    text_game = TextGame(db, saved, sys.stdout, Style(colour))
    for note in notes:
        text_game.say(note)
    with _closing_stops_the_clock():
        return text_game.run(command_lines(sys.stdin, "> "))


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
