"""Hostile command lines, input lines and files: a message and exit code 2 (or, in play, an
error line and the game going on), never a traceback; and nothing changed."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
from pathlib import Path

import pytest

from squares.cli.exits import EXIT_REFUSED
from squares.web.serve import CannotServe, bind
from tests.cli.conftest import Run

LONG = "9" * 5000


def assert_refused(result: object, *words: str) -> None:
    code, err = result.returncode, result.stderr  # type: ignore[attr-defined]
    assert code == 2, (code, err)
    assert "Traceback" not in err and "set_int_max_str_digits" not in err
    assert "invalid _" not in err  # argparse naming a Python function
    for word in words:
        assert word in err, err
    assert len(err) < 2000, "hostile input is quoted cut short"


# -- 2: text mode: an error line never ends the game ----------------------------------
def test_an_over_long_move_line_is_an_error_line_and_the_game_goes_on(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--deal", "7", stdin=f"0,0\n{LONG},0\n0,1\nq\n")
    assert result.returncode == EXIT_REFUSED and "Traceback" not in result.stderr
    assert "bad Foursquare move" in result.stderr and "(5002 characters)" in result.stderr
    assert "['0,0', '0,1']" not in result.stdout  # (the board is drawn, not a list)
    games = json.loads(squares_here("games", "--json").stdout)
    assert games[0]["moves"] == ["0,0", "0,1"]


def test_n_with_thousands_of_digits_is_an_error_line(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin=f"n {LONG}\ns\nq\n")
    assert result.returncode == EXIT_REFUSED and "Traceback" not in result.stderr
    assert "bad deal number" in result.stderr
    assert json.loads(squares_here("games", "--json").stdout)[0]["moves"] == ["s"]


def test_bytes_that_are_not_utf8_are_a_bad_line(squares: Run, tmp_path: Path) -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "squares", "play", "foursquare", "--deal", "7"],
        input=b"\xff\xfe\n0,0\nq\n",
        capture_output=True,
        env={**os.environ, "LANG": "en_US.UTF-8", "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert result.returncode == EXIT_REFUSED and b"Traceback" not in result.stderr


# -- 3: replay, import, export, serve --------------------------------------------------
def test_replay_with_a_move_of_thousands_of_digits(squares_here: Run) -> None:
    assert_refused(
        squares_here("replay", "foursquare", "--deal", "7", "0,0", f"{LONG},0"), "move 1"
    )
    assert_refused(squares_here("replay", "union-square", "--deal", "7", f"t{LONG}-f"), "move 0")


@pytest.mark.parametrize(
    "fields",
    [
        {"deal": "LONG"},
        {"moves": [f"{LONG},0"]},
        {"clock_ms": 10**30},
        {"clock_ms": 2**63},
        {"deal_algorithm": True},
        {"format": True},
        {"resigned": True, "status": "lost", "started_at": "2026-03-09T18:00:00Z",
         "finished_at": "2026-03-08T18:00:00Z", "moves": ["0,0"]},
    ],
)  # fmt: skip
def test_import_of_hostile_files(
    squares_here: Run, tmp_path: Path, fields: dict[str, object]
) -> None:
    game = {"kind": "squares game", "format": 1, "game": "foursquare", "deal": 7, "moves": []}
    game.update(fields)
    text = json.dumps(game).replace('"LONG"', LONG)
    (tmp_path / "game.json").write_text(text)
    assert_refused(squares_here("import", str(tmp_path / "game.json")), "nothing was imported")
    assert json.loads(squares_here("games", "--json").stdout) == []


def test_import_of_deeply_nested_json(squares_here: Run, tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text("[" * 100_000)
    assert_refused(squares_here("import", str(tmp_path / "deep.json")), "nested")


def test_jsonl_lines_of_any_kind_each_get_an_answer(squares_here: Run) -> None:
    stdin = (
        f'{{"game": "foursquare", "deal": {LONG}}}\n'
        + "[" * 100_000
        + "\n"
        + '{"game": "foursquare", "deal": 7, "moves": ["'
        + LONG
        + ',0"]}\n'
        + '{"game": "foursquare", "deal": 7, "moves": ["0,0"]}\n'
    )
    result = squares_here("replay", "--jsonl", stdin=stdin)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["line"] == 1 and answers[1]["line"] == 2
    assert answers[2]["move_index"] == 0 and answers[3]["stock"] == 38


@pytest.mark.parametrize("game_id", ["99999999999999999999999", LONG, "٣", "-1", "0"])
def test_export_of_an_id_no_game_can_have(squares_here: Run, game_id: str) -> None:
    assert_refused(squares_here("export", game_id), "bad game id")


@pytest.fixture
def never_served(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command line refused before the server starts: should one be accepted, the test
    fails here at once instead of serving for ever."""

    def served(*args: object) -> int:
        raise AssertionError(f"the command line was accepted: serve{args}")

    monkeypatch.setattr("squares.web.serve.serve", served)


@pytest.mark.parametrize("port", ["99999", "-1", "0", LONG, "٨٠٨٠", "http"])
def test_serve_refuses_ports_that_are_none(
    squares_here: Run, never_served: None, port: str
) -> None:
    assert_refused(squares_here("serve", "--no-browser", "--port", port), "bad port")


@pytest.mark.parametrize("host", ["", " ", "a" * 300, "two words"])
def test_serve_refuses_hosts_that_are_no_addresses(
    squares_here: Run, never_served: None, host: str
) -> None:
    assert_refused(squares_here("serve", "--no-browser", "--host", host), "bad host")


def test_serve_on_an_address_of_another_computer_says_so(squares: Run) -> None:
    # Binding to an address this computer does not have fails at once; nothing is sent.
    assert_refused(
        squares("serve", "--no-browser", "--host", "8.8.8.8"), "not an address of this computer"
    )


def test_serve_on_a_name_no_lookup_finds_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_name(*args: object, **kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    # What the resolver answers for nonexistent.invalid, without asking one here.
    monkeypatch.setattr(socket.socket, "bind", lambda self, address: no_such_name())
    with pytest.raises(CannotServe, match="no address of this computer has that name"):
        bind("nonexistent.invalid", 8417)


# -- 8: what is at the database path ---------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_at_the_database_path_is_refused_at_once(squares: Run, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.db")
    assert_refused(squares("games", "--db", str(tmp_path / "pipe.db")), "not a regular file")


def test_a_device_is_refused(squares_here: Run) -> None:
    if Path("/dev/null").exists():
        assert_refused(squares_here("games", "--db", "/dev/null"), "not a regular file")


def test_an_empty_file_alone_is_a_new_database(squares_here: Run, tmp_path: Path) -> None:
    (tmp_path / "empty.db").write_bytes(b"")
    result = squares_here("games", "--db", str(tmp_path / "empty.db"))
    assert result.returncode == 0 and "No saved games" in result.stdout


def test_an_empty_file_with_a_journal_beside_it_is_refused(
    squares_here: Run, tmp_path: Path
) -> None:
    (tmp_path / "empty.db").write_bytes(b"")
    (tmp_path / "empty.db-wal").write_bytes(b"something")
    assert_refused(squares_here("games", "--db", str(tmp_path / "empty.db")), "0 bytes")
    assert (tmp_path / "empty.db").read_bytes() == b""
    assert (tmp_path / "empty.db-wal").read_bytes() == b"something"


# -- issue 12, item 4: no delayed ACK wait on kept-alive connections --------------------
def test_accepted_connections_have_nagle_turned_off() -> None:
    sock = bind("127.0.0.1", 0)
    assert sock.proto == socket.IPPROTO_TCP
    seen: list[int] = []

    async def main() -> None:
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            accepted = writer.get_extra_info("socket")
            seen.append(accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(handle, sock=sock)  # as uvicorn serves it
        port = sock.getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(100):
            if seen:
                break
            await asyncio.sleep(0.01)
        writer.close()
        server.close()
        await server.wait_closed()

    # a thread of its own: a browser test in the same worker may have left a loop running here
    runner = threading.Thread(target=asyncio.run, args=(main(),))
    runner.start()
    runner.join(timeout=30)
    assert seen and seen[0] != 0
