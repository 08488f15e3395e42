"""Text-mode play: one board drawn from the player view, one command per line.

Works the same at a terminal and from a pipe, so scripts and tests can drive it; a bad
line prints an error and the unchanged board, and never ends the game.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from squares.cards import parse_deal_number
from squares.cli import board_foursquare, board_union_square
from squares.cli.rules import rules_text
from squares.cli.style import Style
from squares.errors import SquaresError
from squares.games.base import Game, Status
from squares.session import Session

NEW_DEAL_RANGE = 1_000_000_000

HELP = """\
Commands:
  a move      {moves}
  u           undo (as far back as the deal)
  r           redo
  restart     start this deal again
  n [DEAL]    a new deal (random, or the number you give)
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
    """The loop of ``squares play``: reads commands, keeps one session, redraws it."""

    def __init__(self, game: Game[Any, Any], deal: int, out: TextIO, style: Style) -> None:
        self.game = game
        self.session: Session[Any, Any] = Session(game, deal)
        self.out = out
        self.style = style
        self.unconfirmed: str | None = None  # a losing move said once, to be said again

    def run(self, lines: Iterator[str]) -> int:
        self.say(f"{KEYS[self.game.name]}\nType ? for the commands, q to quit.")
        self.show()
        for raw in lines:
            line = raw.strip()
            if line in ("q", "quit", "exit"):
                break
            if line:
                self.handle(line)
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
                self.session.undo()
            elif command in ("r", "redo"):
                self.session.redo()
            elif command == "restart":
                self.session.restart()
            elif command in ("n", "new"):
                deal = parse_deal_number(argument) if argument else random_deal()
                self.session = Session(self.game, deal)
            elif command == "resign":
                self.session.resign()
            elif not self.move(line):
                return
        except SquaresError as err:
            self.say(self.style.paint(f"Error: {err}", "warn"))
        self.unconfirmed = None
        self.show()

    def move(self, text: str) -> bool:
        """Play a move; a losing one is played only once confirmed. False if it waits."""
        confirmed = text.endswith("!")
        text = text.rstrip("!").strip()
        move = self.game.parse_move(text)
        state = self.session.state
        reason = self.game.why_illegal(state, move)
        if reason is None and not confirmed and text != self.unconfirmed and self.game.loses(state, move):
            self.unconfirmed = text
            self.say(self.style.paint(
                f"Warning: {text} loses the game. Type it again (or {text}!) to play it anyway.", "warn"
            ))
            return False
        self.session.move(move)
        return True

    def show(self) -> None:
        view = self.session.view()
        if self.game.name == "foursquare":
            state = self.session.state
            losing = {m for m in view["legal"] if self.game.loses(state, self.game.parse_move(m))}
            board = board_foursquare.draw_foursquare(view, losing, self.style)
        else:
            board = board_union_square.draw_union_square(view, self.style)
        self.say(board)
        if self.session.over:
            self.say(self.ending(view))

    def ending(self, view: dict[str, Any]) -> str:
        status = self.session.status
        if status is Status.WON:
            head = self.style.paint(f"You won! Score {view['score']}.", "green")
        elif self.session.resigned:
            head = "You resigned."
        elif self.game.name == "foursquare":
            down = sum(1 for p in view["piles"] if not p["face_up"])
            head = "Game over: more than 4 piles are face down." if down > 4 else "Game over: the stock ran out."
        else:
            head = f"Game over: no card can reach a foundation any more. Score {view['score']}."
        return f"{head} Deal {self.session.deal}.\nType n for a new deal, restart, u to undo, or q to quit."

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


def play(game: Game[Any, Any], deal: int | None, colour: bool) -> int:
    text_game = TextGame(game, random_deal() if deal is None else deal, sys.stdout, Style(colour))
    return text_game.run(command_lines(sys.stdin, "> "))
