"""Real processes: killed with SIGKILL mid-game, and two programs sharing one database."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from squares.cli.exits import EXIT_REFUSED
from squares.games.foursquare import Foursquare
from tests.cli.conftest import Run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and select on pipes")

TIMEOUT = 30.0


class Program:
    """``squares play`` running in its own process, driven line by line through pipes."""

    def __init__(self, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "squares", "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,  # refused lines go there: read in order with the rest
            env=env,
        )
        self.seen = ""
        self.read = 0  # how much of ``seen`` earlier waits consumed

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def wait_for(self, pattern: str) -> str:
        """Read output until ``pattern`` (a regex) shows after what was read before."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + TIMEOUT
        while not (match := re.search(pattern, self.seen[self.read :])):
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                self.kill()
                raise AssertionError(f"no {pattern!r} in the output:\n{self.seen[self.read :]}")
            self.seen += chunk.decode()
        self.read += match.end()
        return match.group(0)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(TIMEOUT)

    def quit(self, status: int = 0) -> None:
        """q, and the exit status expected: ``EXIT_REFUSED`` once a line was refused."""
        self.send("q")
        self.proc.communicate(timeout=TIMEOUT)
        assert self.proc.returncode == status


def saved_games(squares: Run, db: Path) -> list[dict[str, Any]]:
    result = squares("games", "--json", "--db", str(db))
    assert result.returncode == 0, result.stderr
    return list(reversed(json.loads(result.stdout)))


def test_sigkill_right_after_a_move_was_shown_keeps_the_move(
    squares_here: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    program = Program("foursquare", "--deal", "7", "--db", str(db))
    program.wait_for(r"stock 39 .*\n")
    program.send("0,0")
    program.wait_for(r"stock 38 .*\n")
    program.send("0,1")
    program.wait_for(r"stock 37 .*\n")
    program.wait_for(r"Legal: .*\n")  # the whole board after 0,1 is shown
    program.kill()
    assert program.proc.returncode == -signal.SIGKILL
    [game] = saved_games(squares_here, db)
    assert game["moves"] == ["0,0", "0,1"] and game["status"] == "playing"
    result = squares_here("play", "foursquare", "--db", str(db), stdin="q\n")
    assert "Resuming game 1: Foursquare deal 7 (foursquare:7), 2 moves" in result.stdout
    assert "stock 37" in result.stdout


def test_sigkill_in_a_stream_of_moves_loses_none_that_were_shown(
    squares_here: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    program = Program("union-square", "--deal", "7", "--db", str(db))
    for _ in range(80):
        program.send("s")  # more than it has time to play before it is killed
    program.wait_for(r"stock 70 ")
    program.kill()
    [game] = saved_games(squares_here, db)
    assert game["move_count"] >= 88 - 70 and set(game["moves"]) == {"s"}
    result = squares_here("play", "union-square", "--db", str(db), stdin="q\n")
    assert f"Resuming game 1: Union Square deal 7 (union-square:7), {game['move_count']} moves" in (
        result.stdout
    )


def test_two_programs_on_one_game_refuse_the_stale_move(squares_here: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    first = Program("foursquare", "--deal", "7", "--db", str(db))
    first.wait_for(r"stock 39 .*\n")
    second = Program("foursquare", "--db", str(db))  # resumes the same game
    second.wait_for(r"Resuming game 1")
    second.wait_for(r"Legal: .*\n")
    first.send("0,0")
    first.wait_for(r"stock 38 .*\n")
    second.send("0,0")  # made on the board it shows, which is now stale
    second.wait_for(r"Error: game 1 was changed by another program .*nothing was played")
    second.wait_for(r"stock 38 .*\n")  # and it now shows the game as it is
    second.send("0,1")
    second.wait_for(r"stock 37 .*\n")
    first.send("1,1")
    first.wait_for(r"Error: game 1 was changed by another program")
    first.wait_for(r"stock 37 .*\n")
    first.quit(EXIT_REFUSED)  # each had a stale move refused
    second.quit(EXIT_REFUSED)
    [game] = saved_games(squares_here, db)
    assert game["moves"] == ["0,0", "0,1"]  # nothing applied twice, nothing lost
    assert game["version"] == 3


def safe_foursquare_line(deal: int, length: int) -> list[str]:
    game = Foursquare()
    state, line = game.new(deal), []
    for _ in range(length):
        move = next(m for m in game.legal_moves(state) if not game.loses(state, m))
        state = game.play(state, move)
        line.append(str(move))
    return line


def test_two_programs_playing_at_once_lose_nothing(squares_here: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    squares_here("games", "--db", str(db))  # create the file first, as a user's would be
    foursquare = safe_foursquare_line(7, 12)
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "squares", "play", *args, "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        for args in (("union-square", "--deal", "7"), ("foursquare", "--deal", "7"))
    ]
    scripts = ["s\n" * 40, "\n".join(foursquare) + "\n"]
    for proc, script in zip(procs, scripts, strict=True):
        assert proc.stdin is not None
        proc.stdin.write(script.encode())
        proc.stdin.close()
    for proc in procs:
        assert proc.wait(TIMEOUT) == 0
        assert proc.stderr is not None and proc.stderr.read() == b""
    by_game = {g["game"]: g for g in saved_games(squares_here, db)}
    union, four = by_game["union-square"], by_game["foursquare"]
    assert union["moves"] == ["s"] * 40 and union["version"] == 41
    assert four["moves"] == foursquare and four["version"] == 13


def test_closing_the_terminal_saves_the_time_played(squares_here: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    program = Program("foursquare", "--deal", "7", "--db", str(db))
    program.send("0,0")
    program.wait_for(r"stock 38 .*\n")
    time.sleep(0.6)  # thinking about the next move when the window is closed
    program.proc.send_signal(signal.SIGHUP)
    program.proc.communicate(timeout=TIMEOUT)
    assert program.proc.returncode == 128 + signal.SIGHUP
    [game] = saved_games(squares_here, db)
    assert game["moves"] == ["0,0"] and game["clock_ms"] >= 600
