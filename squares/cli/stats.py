"""``squares stats`` (and ``--reset``) and ``squares daily``: the player's record."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import TextIO

from squares.cli.tables import duration, games_table, plural, status_text, title
from squares.games import GAMES
from squares.share import daily_deal, format_code, today
from squares.store import records
from squares.store.db import MEMORY, Database
from squares.store.records import GameRecord
from squares.store.stats import GameStats, best_of_day, daily_streak, game_stats, last_games
from squares.store.transfer import clear_finished

EXIT_BAD_INPUT = 2


def show(db: Database, game: str | None, as_json: bool, out: TextIO) -> int:
    rows = records.all_records(db, game)
    names = [game] if game else list(GAMES)
    stats = [game_stats(name, rows) for name in names]
    last = last_games(rows)
    if as_json:
        data = {
            "games": {s.game: s.to_json() for s in stats},
            "last_games": [r.summary() for r in last],
        }
        out.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    out.write("\n\n".join(_stats_text(s) for s in stats) + "\n")
    if last:
        out.write(f"\nThe last {plural(len(last), 'game')}:\n{games_table(last)}\n")
    return 0


def _stats_text(s: GameStats) -> str:
    lines = [title(s.game)]
    if not s.played:
        unfinished = f" ({s.in_progress} unfinished)" if s.in_progress else ""
        lines.append(f"  no game finished yet{unfinished}")
        return "\n".join(lines)

    def maybe(value: object) -> str:
        return "-" if value is None else str(value)

    lines += [
        f"  played {s.played}   won {s.won} ({s.win_percent}%)   lost {s.lost}   "
        f"unfinished {s.in_progress}",
        f"  best score {maybe(s.best_score)}   average score {maybe(s.average_score)}",
        f"  winning streak: current {s.current_streak}, longest {s.longest_streak}",
        f"  fastest win {'-' if s.fastest_win_ms is None else duration(s.fastest_win_ms)}   "
        f"fewest moves in a win {maybe(s.fewest_moves_win)}   clean wins {s.clean_wins} "
        "(no undo, restart or hint)",
    ]
    return "\n".join(lines)


def reset(db: Database, game: str | None, yes: bool, stdin: TextIO, out: TextIO) -> int:
    """Clear the finished games, after a yes at the terminal (or ``--yes``) and a backup."""
    rows = [r for r in records.all_records(db, game) if r.over]
    which = f"{title(game)} " if game else ""
    if not rows:
        out.write(f"There are no finished {which}games to clear.\n")
        return 0
    backup = _backup_path(db)
    what = f"the {plural(len(rows), f'finished {which}game')}"
    if not yes:
        if not stdin.isatty():
            print(
                f"squares: error: stats --reset would clear {what} from {db.path}: add "
                "--yes to do it without being asked",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
        out.write(
            f"Clear {what} from {db.path}? Unfinished games stay, and a copy of what is "
            f"cleared is kept in {backup}.\n"
        )
        out.flush()
        try:
            answer = input("Clear them? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            out.write("Nothing was cleared.\n")
            return 0
    count = clear_finished(db, game, backup)
    out.write(
        f"Cleared {plural(count, 'finished game')}. A copy is kept in {backup} "
        f"('squares import {backup}' brings them back).\n"
    )
    return 0


def _backup_path(db: Database) -> Path:
    folder = Path.cwd() if db.path == MEMORY else Path(db.path).resolve().parent
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"squares-backup-{stamp}.json", 1
    while path.exists():
        n += 1
        path = folder / f"squares-backup-{stamp}-{n}.json"
    return path


def daily(db: Database, out: TextIO) -> int:
    day = today()
    deal = daily_deal(day)
    rows = records.daily_records(db)
    lines = [f"Daily deals of {day.isoformat()} (deal {deal}):"]
    for name in GAMES:
        best = best_of_day(rows, name, day)
        code = format_code(name, deal)
        streak = daily_streak(rows, day, name)
        lines.append(
            f"  {title(name):<13} {code:<22} {_day_result(best, name)}; "
            f"streak {plural(streak, 'day')}"
        )
    streak = daily_streak(rows, day)
    lines.append(f"Daily streak: {plural(streak, 'day')} in a row with a daily deal won.")
    out.write("\n".join(lines) + "\n")
    return 0


def _day_result(best: GameRecord | None, name: str) -> str:
    if best is None:
        return f"not played yet (squares play {name} --daily)"
    if best.status == "playing":
        return (
            f"in progress, {plural(best.position, 'move')}, {duration(best.clock_ms)} "
            f"(game {best.id})"
        )
    score = "" if best.score is None else f", score {best.score}"
    return f"{status_text(best)}{score}, {plural(best.position, 'move')}, {duration(best.clock_ms)}"
