"""The terminal game keeps the same saved games as the line mode: quit and come back, or be
killed with SIGKILL in a real terminal and come back, and the same game is on the board."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.store.opening import open_game
from squares.store.saved import SavedSession
from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, play, put_cursor

TIMEOUT = 60.0  # only so that a broken program cannot hang the suite


def test_quit_and_a_new_app_on_the_same_database_shows_the_same_game(
    private_database: Path,
) -> None:
    db = database(private_database)
    first = new_app(db, "foursquare", 7)

    async def moves_then_quit(pilot: Pilot[str | None], app: SquaresApp) -> None:
        for move in ("0,0", "0,1"):
            await put_cursor(pilot, move)
            await pilot.press("enter")
        await pilot.press("q")

    play(first, moves_then_quit)
    assert first.return_value is None
    saved, notes = open_game(db, "foursquare", None, False)
    assert saved.id == first.saved.id
    assert "Resuming game" in notes[0]
    second = SquaresApp(db, saved, notes)

    async def look(pilot: Pilot[str | None], app: SquaresApp) -> None:
        assert app.saved.moves == ["0,0", "0,1"]
        assert "Resuming game" in " ".join(str(app.query_one("#message").render()).split())
        assert "2 moves" in str(app.query_one("#top").render())

    play(second, look)


def _read_until(fd: int, wanted: bytes, seen: bytearray) -> None:
    deadline = time.monotonic() + TIMEOUT
    while wanted not in seen:
        ready, _w, _x = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise AssertionError(f"no {wanted!r} on the screen: {bytes(seen[-2000:])!r}")
        seen += os.read(fd, 65536)


def _wait_for_moves(db_path: Path, game_id: int, count: int, fd: int) -> None:
    deadline = time.monotonic() + TIMEOUT
    db = database(db_path)
    while len(SavedSession.open(db, game_id).moves) < count:
        if time.monotonic() > deadline:
            raise AssertionError("the moves typed never reached the database")
        ready, _w, _x = select.select([fd], [], [], 0.05)
        if ready:
            os.read(fd, 65536)  # keep the terminal drained


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal and SIGKILL")
def test_a_game_killed_with_sigkill_in_a_real_terminal_resumes_with_every_move_shown(
    private_database: Path,
) -> None:
    db = database(private_database)
    saved = SavedSession.new(db, "foursquare", 7)
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", COLUMNS="80", LINES="24")
    pid, fd = pty.fork()
    if pid == 0:  # the child: squares play at a terminal
        os.execve(sys.executable, [sys.executable, "-m", "squares", "play", "foursquare"], env)
    try:
        seen = bytearray()
        _read_until(fd, b"Foursquare", seen)
        os.write(fd, b"\r")  # Enter: the first card at 0,0
        _wait_for_moves(private_database, saved.id, 1, fd)
        os.write(fd, b"\x1b[C")  # right arrow, then Enter
        time.sleep(0.2)
        os.write(fd, b"\r")
        _wait_for_moves(private_database, saved.id, 2, fd)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    resumed, _notes = open_game(db, "foursquare", None, False)
    assert resumed.id == saved.id
    assert resumed.moves == ["0,0", "0,1"]
    app = SquaresApp(db, resumed)

    async def look(pilot: Pilot[str | None], app: SquaresApp) -> None:
        assert "8♠" in str(app.board.render())  # the card played at 0,1 on deal 7

    play(app, look)
