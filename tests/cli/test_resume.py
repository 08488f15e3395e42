"""``squares play`` remembers: resume, --new, --deal CODE, --daily, share codes at the end."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

from squares.share import daily_deal, daily_level
from tests.cli.conftest import Run
from tests.cli.test_play import boards


def games(squares: Run) -> list[dict[str, Any]]:
    result = squares("games", "--json")
    assert result.returncode == 0, result.stderr
    return list(reversed(json.loads(result.stdout)))  # oldest first


def stocks(output: str) -> list[int]:
    return [int(m[1]) for h in boards(output) if (m := re.search(r"stock (\d+)", h))]


def test_play_resumes_the_unfinished_game_and_says_so(squares_here: Run) -> None:
    squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n0,1\nq\n")
    result = squares_here("play", "foursquare", stdin="1,1\nq\n")
    assert result.returncode == 0
    assert result.stdout.startswith("Resuming game 1: Foursquare deal 7 (foursquare:7), 2 moves")
    assert stocks(result.stdout) == [37, 36]
    [game] = games(squares_here)
    assert game["moves"] == ["0,0", "0,1", "1,1"] and game["status"] == "playing"


def test_undo_and_redo_reach_across_programs(squares_here: Run) -> None:
    squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n0,1\nu\nu\n")
    result = squares_here("play", "foursquare", stdin="r\nr\nr\n")
    assert stocks(result.stdout) == [39, 38, 37, 37]
    assert "Error: nothing to redo" in result.stderr


def test_first_play_of_a_game_starts_a_fresh_deal(squares_here: Run) -> None:
    result = squares_here("play", "union-square", stdin="q\n")
    assert "Resuming" not in result.stdout
    assert games(squares_here)[0]["status"] == "playing"


def test_new_counts_the_unfinished_game_as_lost(squares_here: Run) -> None:
    squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n")
    result = squares_here("play", "foursquare", "--new", "--deal", "8", stdin="q\n")
    assert "Game 1 (foursquare:7, 1 move) was left unfinished: it counts as lost." in result.stdout
    assert "deal 8" in boards(result.stdout)[0]
    first, second = games(squares_here)
    assert (first["status"], first["resigned"]) == ("lost", True)
    assert (second["deal"], second["status"]) == (8, "playing")


def test_new_forgets_a_game_that_was_never_moved_in(squares_here: Run) -> None:
    squares_here("play", "foursquare", "--deal", "7", stdin="q\n")
    result = squares_here("play", "foursquare", "--new", stdin="q\n")
    assert "counts as lost" not in result.stdout
    assert [g["deal"] for g in games(squares_here)] != [7]
    assert len(games(squares_here)) == 1


def test_asking_for_the_unfinished_deal_resumes_it(squares_here: Run) -> None:
    squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n")
    result = squares_here("play", "foursquare", "--deal", "foursquare:7", stdin="q\n")
    assert "Resuming game 1" in result.stdout and len(games(squares_here)) == 1


def test_asking_for_another_deal_ends_the_unfinished_one(squares_here: Run) -> None:
    squares_here("play", "foursquare", "--deal", "7", stdin="0,0\n")
    result = squares_here("play", "foursquare", "--deal", "9", stdin="q\n")
    assert "it counts as lost" in result.stdout
    assert [(g["deal"], g["status"]) for g in games(squares_here)] == [(7, "lost"), (9, "playing")]


def test_share_code_picks_the_game_by_itself(squares_here: Run) -> None:
    result = squares_here("play", "--deal", "union-square:7", stdin="q\n")
    assert result.returncode == 0
    assert "Union Square · deal 7" in boards(result.stdout)[0]


def test_share_code_for_another_game_is_refused(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--deal", "union-square:7")
    assert result.returncode == 2
    assert "union-square:7 is a deal of union-square, not of foursquare" in result.stderr
    assert result.stdout == ""


def test_malformed_share_code_says_what_is_expected(squares_here: Run) -> None:
    result = squares_here("play", "--deal", "klondike:7")
    assert result.returncode == 2 and "unknown game 'klondike'" in result.stderr
    result = squares_here("play", "--deal", "foursquare:x")
    assert result.returncode == 2 and "bad share code 'foursquare:x'" in result.stderr


def test_play_without_a_game_or_a_code_is_refused(squares_here: Run) -> None:
    result = squares_here("play", "--deal", "7")
    assert result.returncode == 2 and "play needs GAME" in result.stderr


def test_daily_deals_todays_deal_and_names_its_level(squares_here: Run) -> None:
    today = date.today()
    number, level = daily_deal("foursquare", today), daily_level(today)
    result = squares_here("play", "foursquare", "--daily", stdin="0,0\n")
    assert f"Daily deal of {today.isoformat()}: {level}." in result.stdout
    assert f"deal {number}" in boards(result.stdout)[0]
    [game] = games(squares_here)
    assert game["daily"] == today.isoformat()
    result = squares_here("daily")
    assert result.returncode == 0
    assert f"Daily deals of {today.isoformat()}, {level} today:" in result.stdout
    assert f"foursquare:{number}" in result.stdout and "in progress, 1 move" in result.stdout
    assert f"union-square:{daily_deal('union-square', today)}" in result.stdout
    assert "Daily streak: 0 days" in result.stdout


def test_daily_and_deal_together_are_refused(squares_here: Run) -> None:
    result = squares_here("play", "foursquare", "--daily", "--deal", "7")
    assert result.returncode == 2 and "not allowed with" in result.stderr


def test_the_end_of_a_game_shows_its_share_code_and_record(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="s\nresign\n")
    assert "You resigned. Score 0." in result.stdout
    assert "Share code union-square:7, 1 move in" in result.stdout
    assert "Union Square: won 0 of 1, winning streak 0" in result.stdout


def test_restart_after_the_end_plays_the_deal_again_as_a_new_game(squares_here: Run) -> None:
    result = squares_here("play", "union-square", "--deal", "7", stdin="s\nresign\nrestart\ns\n")
    assert "Game 2: union-square:7 again, as a new game." in result.stdout
    listed = [(g["status"], g["move_count"]) for g in games(squares_here)]
    assert listed == [("lost", 1), ("playing", 1)]


def test_new_deal_in_the_game_counts_the_unfinished_one_as_lost(squares_here: Run) -> None:
    script = "0,0\nn 42\nn foursquare:43\n"  # deal 42, never moved in, is forgotten
    result = squares_here("play", "foursquare", "--deal", "7", stdin=script)
    assert "Game 1 (foursquare:7, 1 move) counts as lost." in result.stdout
    assert "deal 43" in boards(result.stdout)[-1]
    assert [(g["deal"], g["status"]) for g in games(squares_here)] == [(7, "lost"), (43, "playing")]


def test_a_corrupt_game_is_named_kept_and_a_fresh_one_started(
    squares_here: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.db"
    squares_here("play", "foursquare", "--deal", "7", "--db", str(db), stdin="0,0\n0,1\n")
    conn = sqlite3.connect(db)
    conn.execute("""UPDATE games SET moves = '["0,0", "5,5"]'""")
    conn.commit()
    conn.close()
    result = squares_here("play", "foursquare", "--db", str(db), stdin="q\n")
    assert result.returncode == 0
    named = "game 1 (foursquare:7) cannot be resumed: move 1 ('5,5') cannot be played"
    assert named in result.stdout
    assert "Starting a new game." in result.stdout
    listed = json.loads(squares_here("games", "--json", "--db", str(db)).stdout)
    corrupt = next(g for g in listed if g["id"] == 1)
    assert corrupt["corrupt"] and corrupt["move_count"] == 2 and corrupt["moves"] == ["0,0", "5,5"]
    assert "corrupt" in squares_here("games", "--db", str(db)).stdout
    again = squares_here("play", "foursquare", "--db", str(db), stdin="q\n")
    assert "Resuming game 2" in again.stdout  # the corrupt one is not offered again
