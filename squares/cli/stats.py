"""``squares stats`` (and ``--reset``) and ``squares daily``: the player's record."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import TextIO

from squares.cli.exits import EXIT_BAD_INPUT
from squares.cli.tables import games_table, pad, status_text
from squares.difficulty import count_by_level, difficulty_word
from squares.games import GAMES
from squares.i18n import _, ngettext, number
from squares.share import daily_deal, daily_level, format_code, today
from squares.store import records
from squares.store.db import MEMORY, Database
from squares.store.finished_deals import finished_deals
from squares.store.records import GameRecord
from squares.store.stats import (
    GameStats,
    best_of_day,
    daily_streak,
    query_last_games,
    query_stats,
)
from squares.wording import days, duration, moves, title


def show(db: Database, game: str | None, as_json: bool, out: TextIO) -> int:
    names = [game] if game else list(GAMES)
    stats = [query_stats(db, name) for name in names]  # computed by SQLite, with its indexes
    last = query_last_games(db, game)
    if as_json:
        data = {
            "games": {s.game: s.to_json() for s in stats},
            "last_games": [r.summary() for r in last],
            "by_difficulty": {s.game: _by_level_json(db, s.game) for s in stats},
        }
        out.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    out.write("\n\n".join(_stats_text(s) + _by_level_text(db, s) for s in stats) + "\n")
    if last:
        head = ngettext("The last {count} game:", "The last {count} games:", len(last))
        out.write(f"\n{head.format(count=len(last))}\n{games_table(last)}\n")
    return 0


def _by_level_json(db: Database, game: str) -> dict[str, dict[str, int]]:
    counts = count_by_level(game, finished_deals(db, game))
    return {
        level or "not rated": {"played": played, "won": won}
        for level, (played, won) in counts.items()
    }


def _by_level_text(db: Database, s: GameStats) -> str:
    """Wins by the deals' difficulty: ``easy: won 3 of 5 · ...``, the levels played."""
    counts = [
        (level, n)
        for level, n in count_by_level(s.game, finished_deals(db, s.game)).items()
        if n[0]
    ]
    if not counts:
        return ""
    parts = [
        _("{level}: won {won} of {played}").format(
            level=difficulty_word(level), won=won, played=played
        )
        for level, (played, won) in counts
    ]
    return "\n  " + _("by difficulty: {counts}").format(counts=" · ".join(parts))


def _stats_text(s: GameStats) -> str:
    lines = [title(s.game)]
    if not s.played:
        if s.in_progress:
            none = _("no game finished yet ({count} unfinished)").format(count=s.in_progress)
        else:
            none = _("no game finished yet")
        lines.append("  " + none)
        return "\n".join(lines)

    def maybe(value: object) -> str:
        return "-" if value is None else str(value)

    fastest = "-" if s.fastest_win_ms is None else duration(s.fastest_win_ms)
    lines += [
        "  "
        + _(
            "played {played}   won {won} ({percent}%)   lost {lost}   unfinished {unfinished}"
        ).format(
            played=s.played,
            won=s.won,
            percent=_percent(s.win_percent),
            lost=s.lost,
            unfinished=s.in_progress,
        ),
        "  "
        + _("best score {best}   average score {average}").format(
            best=maybe(s.best_score), average=maybe(s.average_score)
        ),
        "  "
        + _("winning streak: current {current}, longest {longest}").format(
            current=s.current_streak, longest=s.longest_streak
        ),
        "  "
        + _(
            "fastest win {fastest}   fewest moves in a win {fewest}   clean wins {clean} "
            "(no undo, restart or hint)"
        ).format(fastest=fastest, fewest=maybe(s.fewest_moves_win), clean=s.clean_wins),
    ]
    return "\n".join(lines)


def _percent(value: float | None) -> str:
    """The win percentage as the language writes numbers: ``33.3``, ``33,3``; whole: ``50``."""
    if value is None:
        return "-"
    return number(value, 0 if value == int(value) else 1)


def reset(db: Database, game: str | None, yes: bool, stdin: TextIO, out: TextIO) -> int:
    """Clear the finished games, after a yes at the terminal (or ``--yes``) and a backup."""
    from squares.store.transfer import clear_finished  # the export's code: only for this

    rows = [r for r in records.all_records(db, game) if r.over]
    if not rows:
        if game:
            none = _("There are no finished {game} games to clear.").format(game=title(game))
        else:
            none = _("There are no finished games to clear.")
        out.write(none + "\n")
        return 0
    backup = _backup_path(db)
    if game:
        what = ngettext(
            "the {count} finished {game} game", "the {count} finished {game} games", len(rows)
        ).format(count=len(rows), game=title(game))
    else:
        what = ngettext(
            "the {count} finished game", "the {count} finished games", len(rows)
        ).format(count=len(rows))
    if not yes:
        if not stdin.isatty():
            problem = _(
                "stats --reset would clear {what} from {path}: add --yes to do it without "
                "being asked"
            ).format(what=what, path=db.path)
            print(_("squares: error: {problem}").format(problem=problem), file=sys.stderr)
            return EXIT_BAD_INPUT
        out.write(
            _(
                "Clear {what} from {path}? Unfinished games stay, and a copy of what is "
                "cleared is kept in {backup}."
            ).format(what=what, path=db.path, backup=backup)
            + "\n"
        )
        out.flush()
        try:
            answer = input(_("Clear them? [y/N] "))
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes", _("y"), _("yes")):
            out.write(_("Nothing was cleared.") + "\n")
            return 0
    count = clear_finished(db, game, backup)
    out.write(
        ngettext(
            "Cleared {count} finished game. A copy is kept in {backup} "
            "('squares import {backup}' brings them back).",
            "Cleared {count} finished games. A copy is kept in {backup} "
            "('squares import {backup}' brings them back).",
            count,
        ).format(count=count, backup=backup)
        + "\n"
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
    rows = records.daily_records(db)
    # TRANSLATORS: {level} is the daily deals' difficulty: easy, medium, hard or expert
    lines = [
        _("Daily deals of {day}, {level} today:").format(
            day=day.isoformat(), level=difficulty_word(daily_level(day))
        )
    ]
    for name in GAMES:
        best = best_of_day(rows, name, day)
        code = format_code(name, daily_deal(name, day))
        streak = daily_streak(rows, day, name)
        result = _("{result}; streak {days}").format(
            result=_day_result(best, name), days=days(streak)
        )
        lines.append(f"  {pad(title(name), 13)} {code:<22} {result}")
    streak = daily_streak(rows, day)
    lines.append(
        ngettext(
            "Daily streak: {count} day in a row with a daily deal won.",
            "Daily streak: {count} days in a row with a daily deal won.",
            streak,
        ).format(count=streak)
    )
    out.write("\n".join(lines) + "\n")
    return 0


def _day_result(best: GameRecord | None, name: str) -> str:
    if best is None:
        return _("not played yet (squares play {game} --daily)").format(game=name)
    if best.status == "playing":
        return _("in progress, {moves}, {time} (game {id})").format(
            moves=moves(best.position), time=duration(best.clock_ms), id=best.id
        )
    if best.score is None:
        return _("{status}, {moves}, {time}").format(
            status=status_text(best), moves=moves(best.position), time=duration(best.clock_ms)
        )
    return _("{status}, score {score}, {moves}, {time}").format(
        status=status_text(best),
        score=best.score,
        moves=moves(best.position),
        time=duration(best.clock_ms),
    )
