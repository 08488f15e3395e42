"""The record commands: games, stats (and --reset), daily, export, import; and --db."""

from __future__ import annotations

import json
import os
import pty
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from squares.store.schema import SCHEMA_VERSION
from tests.cli.conftest import Run


def play(run: Run, *args: str, stdin: str) -> None:
    result = run("play", *args, stdin=stdin)
    assert result.returncode == 0, result.stderr


def test_help_lists_the_record_commands(squares_here: Run) -> None:
    result = squares_here("--help")
    for command in ("stats", "games", "daily", "export", "import", "--db"):
        assert command in result.stdout


def test_db_option_works_before_and_after_the_command(squares_here: Run, tmp_path: Path) -> None:
    first, second = tmp_path / "one.db", tmp_path / "two.db"
    play(squares_here, "foursquare", "--deal", "7", "--db", str(first), stdin="0,0\n")
    play(squares_here, "--db", str(second), "union-square", "--deal", "7", stdin="s\n")
    [one] = json.loads(squares_here("--db", str(first), "games", "--json").stdout)
    [two] = json.loads(squares_here("games", "--json", "--db", str(second)).stdout)
    assert (one["code"], two["code"]) == ("foursquare:7", "union-square:7")


def test_squares_db_variable_chooses_the_file(squares: Run, tmp_path: Path) -> None:
    path = tmp_path / "chosen.db"
    result = squares(
        "play", "foursquare", "--deal", "7", stdin="0,0\n", env={"SQUARES_DB": str(path)}
    )
    assert result.returncode == 0 and path.is_file()


def test_games_lists_id_game_code_status_moves_score_and_time(squares_here: Run) -> None:
    play(squares_here, "foursquare", "--deal", "7", stdin="0,0\n0,1\n")
    play(squares_here, "union-square", "--deal", "7", stdin="s\nt4-f\nresign\n")
    text = squares_here("games").stdout
    header, newest, oldest = text.splitlines()
    assert header.split() == [
        "id",
        "game",
        "share",
        "code",
        "status",
        "moves",
        "score",
        "time",
        "last",
        "played",
    ]
    assert newest.split()[:7] == ["2", "Union", "Square", "union-square:7", "resigned", "2", "1"]
    assert oldest.split()[:6] == ["1", "Foursquare", "foursquare:7", "playing", "2", "-"]


def test_games_json_holds_the_moves(squares_here: Run) -> None:
    play(squares_here, "foursquare", "--deal", "7", stdin="0,0\n0,1\n")
    [game] = json.loads(squares_here("games", "--json").stdout)
    assert game["moves"] == ["0,0", "0,1"] and game["move_count"] == 2
    assert game["id"] == 1 and game["version"] == 3 and game["clock_ms"] >= 0


def test_no_games_yet_says_how_to_start(squares_here: Run) -> None:
    assert "No saved games" in squares_here("games").stdout
    assert json.loads(squares_here("games", "--json").stdout) == []


def test_stats_show_each_game_and_the_last_games(squares_here: Run) -> None:
    play(squares_here, "union-square", "--deal", "7", stdin="s\nt4-f\nresign\n")
    play(squares_here, "foursquare", "--deal", "7", stdin="0,0\n")
    text = squares_here("stats").stdout
    assert "Foursquare\n  no game finished yet (1 unfinished)" in text
    assert "Union Square\n  played 1   won 0 (0%)   lost 1" in text
    assert "best score 1" in text
    assert "The last 2 games:" in text and "union-square:7" in text


def test_stats_json_for_one_game(squares_here: Run) -> None:
    play(squares_here, "union-square", "--deal", "7", stdin="s\nt4-f\nresign\n")
    data = json.loads(squares_here("stats", "union-square", "--json").stdout)
    assert list(data["games"]) == ["union-square"]
    stats = data["games"]["union-square"]
    assert (stats["played"], stats["won"], stats["best_score"], stats["clean_wins"]) == (1, 0, 1, 0)
    assert [g["code"] for g in data["last_games"]] == ["union-square:7"]


def test_stats_reset_off_a_terminal_needs_yes(squares_here: Run) -> None:
    play(squares_here, "union-square", "--deal", "7", stdin="s\nresign\n")
    result = squares_here("stats", "--reset")
    assert result.returncode == 2 and "add --yes" in result.stderr
    assert len(json.loads(squares_here("games", "--json").stdout)) == 1


def test_stats_reset_yes_clears_finished_games_and_says_where_the_copy_is(
    squares_here: Run, private_database: Path
) -> None:
    play(squares_here, "union-square", "--deal", "7", stdin="s\nresign\n")
    play(squares_here, "foursquare", "--deal", "7", stdin="0,0\n")
    result = squares_here("stats", "--reset", "--yes")
    assert result.returncode == 0
    [backup] = private_database.parent.glob("squares-backup-*.json")
    assert f"Cleared 1 finished game. A copy is kept in {backup}" in result.stdout
    assert [g["status"] for g in json.loads(squares_here("games", "--json").stdout)] == ["playing"]
    assert "Imported game" in squares_here("import", str(backup)).stdout


def reset_at_a_terminal(answer: str, env_db: Path) -> str:
    """Run ``squares stats --reset`` with a pseudo-terminal as its input."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "squares", "stats", "--reset", "--db", str(env_db)],
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(follower)
    os.write(leader, answer.encode() + b"\n")
    out, err = proc.communicate(timeout=60)
    os.close(leader)
    assert proc.returncode == 0, err
    return out


def test_stats_reset_asks_at_a_terminal_and_no_keeps_everything(
    squares_here: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    play(squares_here, "union-square", "--deal", "7", "--db", str(db), stdin="s\nresign\n")
    out = reset_at_a_terminal("n", db)
    assert "Clear the 1 finished game from" in out and "Nothing was cleared." in out
    assert len(json.loads(squares_here("games", "--json", "--db", str(db)).stdout)) == 1
    out = reset_at_a_terminal("y", db)
    assert "Cleared 1 finished game." in out
    assert json.loads(squares_here("games", "--json", "--db", str(db)).stdout) == []


def test_export_then_import_into_another_database(squares_here: Run, tmp_path: Path) -> None:
    play(squares_here, "foursquare", "--deal", "7", stdin="0,0\n0,1\nu\n")
    exported = squares_here("export", "1")
    assert exported.returncode == 0
    data = json.loads(exported.stdout)
    assert data["moves"] == ["0,0", "0,1"] and data["position"] == 1 and data["undo_used"]
    file = tmp_path / "game.json"
    file.write_text(exported.stdout)
    other = str(tmp_path / "other.db")
    result = squares_here("import", str(file), "--db", other)
    assert result.stdout == "Imported game 1: foursquare:7, playing, 1 move.\n"
    assert squares_here("export", "1", "--db", other).stdout == exported.stdout


def test_export_of_an_unknown_id_is_refused(squares_here: Run) -> None:
    result = squares_here("export", "42")
    assert result.returncode == 2 and "there is no game 42 in" in result.stderr


@pytest.mark.parametrize(("content", "expected"), [
    ("{\n  oops\n}", "not valid JSON at line 2"),
    ('{"kind": "squares game", "format": 1, "game": "klondike", "deal": 1, "moves": []}',
     "unknown game 'klondike'"),
    ('{"kind": "squares game", "format": 1, "game": "foursquare", "deal": 7, '
     '"moves": ["0,0", "3,3"]}', "move 1 ('3,3') cannot be played"),
])  # fmt: skip
def test_a_bad_import_file_is_refused_and_nothing_stored(
    squares_here: Run, tmp_path: Path, content: str, expected: str
) -> None:
    file = tmp_path / "game.json"
    file.write_text(content)
    result = squares_here("import", str(file))
    assert result.returncode == 2
    assert str(file) in result.stderr and expected in result.stderr
    assert "nothing was imported" in result.stderr
    assert json.loads(squares_here("games", "--json").stdout) == []


def test_import_of_a_missing_file_is_refused(squares_here: Run, tmp_path: Path) -> None:
    result = squares_here("import", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2 and "cannot read" in result.stderr


# -- unusable database files -----------------------------------------------------------
def not_sqlite(path: Path) -> str:
    path.write_text("these are not the games you are looking for\n" * 50)
    return "not an SQLite database"


def newer(path: Path) -> str:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute("PRAGMA application_id = 1397838419")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    return "newer version of Squares"


def truncated(path: Path) -> str:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x BLOB)")
    conn.executemany("INSERT INTO t VALUES (?)", [(b"x" * 3000,)] * 20)
    conn.commit()
    conn.close()
    path.write_bytes(path.read_bytes()[:10_000])
    return "truncated"


def read_only(path: Path) -> str:
    path.write_bytes(b"")
    path.chmod(0o444)
    return "read-only"


@pytest.mark.parametrize("spoil", [not_sqlite, newer, truncated, read_only])
@pytest.mark.parametrize("command", [("play", "foursquare"), ("games",), ("stats",)])
def test_an_unusable_database_is_named_and_left_untouched(
    squares_here: Run, tmp_path: Path, spoil: Callable[[Path], str], command: tuple[str, ...]
) -> None:
    path = tmp_path / "games.db"
    expected = spoil(path)
    before = path.read_bytes()
    result = squares_here(*command, "--db", str(path), stdin="0,0\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert str(path) in result.stderr and expected in result.stderr
    assert "--db" in result.stderr or "upgrade" in result.stderr or "chmod" in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def test_bytes_damaged_anywhere_give_a_clean_error_or_a_working_database(
    squares_here: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    for deal in range(6):
        play(
            squares_here,
            "union-square",
            "--deal",
            str(deal),
            "--new",
            "--db",
            str(db),
            stdin="s\ns\nresign\n",
        )
        play(
            squares_here,
            "foursquare",
            "--deal",
            str(deal),
            "--new",
            "--db",
            str(db),
            stdin="0,0\n0,1\n",
        )
    good = db.read_bytes()
    rng = random.Random(2026)
    damaged = tmp_path / "damaged.db"
    for _ in range(40):
        data = bytearray(good)
        start = rng.randrange(len(data))
        data[start : start + rng.choice([1, 16, 300])] = rng.randbytes(300)[: len(data) - start]
        damaged.write_bytes(bytes(data[: len(good)]))
        for command in (("games", "--json"), ("stats",), ("play", "foursquare")):
            before = damaged.read_bytes()
            result = squares_here(*command, "--db", str(damaged), stdin="q\n")
            assert result.returncode in (0, 2), result.stderr
            if result.returncode == 2:
                assert str(damaged) in result.stderr and "Traceback" not in result.stderr
                assert damaged.read_bytes() == before
                break
        for side in tmp_path.glob("damaged.db-*"):
            side.unlink()


def test_yes_without_reset_is_refused(squares_here: Run) -> None:
    result = squares_here("stats", "--yes")
    assert result.returncode == 2 and "--yes goes with --reset" in result.stderr


def test_export_shows_a_corrupt_game_as_it_is_stored(squares_here: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    play(squares_here, "foursquare", "--deal", "7", "--db", str(db), stdin="0,0\n")
    conn = sqlite3.connect(db)
    conn.execute("UPDATE games SET moves = '0,0 ]'")
    conn.commit()
    conn.close()
    play(squares_here, "foursquare", "--db", str(db), stdin="q\n")  # finds it, marks it
    data = json.loads(squares_here("export", "1", "--db", str(db)).stdout)
    assert data["moves"] == "0,0 ]" and "not a JSON list" in data["corrupt"]
    file = tmp_path / "corrupt.json"
    file.write_text(json.dumps(data))
    result = squares_here("import", str(file), "--db", str(tmp_path / "other.db"))
    assert result.returncode == 2 and "exported marked corrupt" in result.stderr


def test_games_limit_and_offset_page_the_newest_first(squares_here: Run) -> None:
    for deal in ("1", "2", "3"):
        play(squares_here, "foursquare", "--deal", deal, "--new", stdin="0,0\n")
    every = [g["id"] for g in json.loads(squares_here("games", "--json").stdout)]
    page = json.loads(squares_here("games", "--json", "--limit", "2").stdout)
    rest = json.loads(squares_here("games", "--json", "--limit", "2", "--offset", "2").stdout)
    assert [g["id"] for g in page + rest] == every == sorted(every, reverse=True)
    assert len(every) == 3 and len(page) == 2
    table = squares_here("games", "--limit", "1").stdout.splitlines()
    assert len(table) == 2 and table[1].split()[0] == str(every[0])


@pytest.mark.parametrize("bad", ["-1", "x", "1.5", "9" * 30])
def test_a_bad_limit_or_offset_is_refused(squares_here: Run, bad: str) -> None:
    for option in ("--limit", "--offset"):
        result = squares_here("games", option, bad)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert option in result.stderr and "whole number" in result.stderr


def test_stats_refuses_a_damaged_page_it_reads(squares_here: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    for deal in range(3):
        play(squares_here, "union-square", "--deal", str(deal), "--new", "--db", str(db),
             stdin="s\nresign\n")  # fmt: skip
    conn = sqlite3.connect(db)
    root = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'game_days'")
    page = root.fetchone()[0] - 1
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    data[page * size : (page + 1) * size] = bytes(range(256)) * (size // 256)
    db.write_bytes(bytes(data))
    result = squares_here("stats", "--db", str(db))
    assert result.returncode == 2 and result.stdout == ""
    assert str(db) in result.stderr and "Traceback" not in result.stderr
    assert db.read_bytes() == data
