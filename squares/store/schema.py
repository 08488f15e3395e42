"""The database schema, one migration per version, and the number kept in ``user_version``.

A new database is built by running every migration from version 0, so the path an old
database takes is the path every database takes. A migration never rewrites what the
player did: it adds columns and fills them in from what is already there.

Version 1: ``games``, one row per game; its moves as notation (a JSON list holding the
whole history, the redo tail too) and ``position``, how many of them are played.
Version 2: ``daily`` (the local date whose daily deal the game is), ``digest`` (a hash
of the position the moves lead to, checked on resume) and ``corrupt`` (why a row could not
be resumed; the row is otherwise kept exactly as it was).
Version 3: ids are never reused (``AUTOINCREMENT``): a game forgotten because it was never
played must not lend its id to the next one, which a page or a program still holding the
old id would then reach. SQLite cannot change a key in place, so the table is rebuilt,
every row copied as it is.
Version 4: indexes for the statistics, which SQLite computes (``stats.query_stats``): the
finished games of a game in the order they ended, and every game by when it was last
played (the last games), and by deal (an import's look for a game already there).
Version 5: ``game_days``, the finished games of each game and day summed up (``DAY``), kept
up to date by triggers on ``games``: the statistics and the results chart read a row a day
instead of a row a game (``stats.query_stats``), so they take the same time after ten
games or a hundred thousand. A move of a game under way touches no day; a game that ends
has its day summed again from the index of finished games.
Version 6: ``reviews``, the after-game review of a finished game (``squares.review``), one
row per game: its JSON and the review's format version, so a review opens at once the
next time. A review goes with its game: deleting the game deletes it.
"""

from __future__ import annotations

from dataclasses import dataclass

# What makes a row count in the statistics, as ``GameRecord.usable`` says: not marked
# corrupt, and every field of the kind it should be (``records._Fields``). Part of migration
# 4's index; ``squares.store.stats`` queries with it.
SOUND = (
    "corrupt IS NULL AND status IN ('playing', 'won', 'lost') "
    "AND typeof(id) = 'integer' AND id >= 0 AND typeof(deal) = 'integer' AND deal >= 0 "
    "AND typeof(deal_algorithm) = 'integer' AND deal_algorithm >= 0 "
    "AND typeof(moves) = 'text' AND typeof(position) = 'integer' AND position >= 0 "
    "AND resigned IN (0, 1) AND hints_used IN (0, 1) AND undo_used IN (0, 1) "
    "AND (score IS NULL OR (typeof(score) = 'integer' AND score >= 0)) "
    "AND typeof(clock_ms) = 'integer' AND clock_ms >= 0 "
    "AND typeof(version) = 'integer' AND version >= 0 "
    "AND typeof(started_at) = 'text' AND typeof(updated_at) = 'text' "
    "AND (finished_at IS NULL OR typeof(finished_at) = 'text') "
    "AND (daily IS NULL OR typeof(daily) = 'text') "
    "AND (digest IS NULL OR typeof(digest) = 'text')"
)

ENDED = "coalesce(finished_at, updated_at)"  # when a finished game ended, as stored
# A game's day: the date its end time starts with (Squares writes UTC). A prefix, so that
# days in the order of their text hold the games in the order of their end times.
DAY = f"substr({ENDED}, 1, 10)"

# The days of ``game_days``, summed from the index ``games_done``; ``{where}`` picks them.
# Within a day, ``n`` numbers the games in the order they ended and ``last_loss`` is the
# ``n`` of the latest game not won so far: the streak of wins ending at a game is
# ``n - last_loss``. The statistics join the days' ``lead``, ``tail`` and ``longest`` into
# the streaks of the whole history.
_SUM_DAYS = f"""
    INSERT INTO game_days (game, day, games, wins, scored, score_sum, best, fastest, fewest,
                           clean, lead, tail, longest)
    SELECT game, day, count(*), sum(won), count(score), coalesce(sum(score), 0), max(score),
           min(CASE WHEN won THEN clock_ms END), min(CASE WHEN won THEN position END),
           sum(won AND hints_used = 0 AND undo_used = 0),
           coalesce(min(CASE WHEN NOT won THEN n END) - 1, count(*)),
           count(*) - max(last_loss), coalesce(max(CASE WHEN won THEN n - last_loss END), 0)
    FROM (SELECT game, day, won, score, clock_ms, position, hints_used, undo_used, n,
                 max(CASE WHEN won THEN 0 ELSE n END)
                     OVER (PARTITION BY game, day ORDER BY n) AS last_loss
          FROM (SELECT game, {DAY} AS day, status = 'won' AS won, score, clock_ms, position,
                       hints_used, undo_used,
                       row_number() OVER (PARTITION BY game, {DAY} ORDER BY {ENDED}, id) AS n
                FROM games INDEXED BY games_done
                WHERE status != 'playing' AND {{where}} AND {SOUND}))
    GROUP BY game, day"""


def _resum(row: str) -> tuple[str, str]:
    """The statements of a trigger that sums again the day of ``row`` (``OLD`` or ``NEW``)."""
    ended = f"coalesce({row}.finished_at, {row}.updated_at)"
    day = f"substr({ended}, 1, 10)"
    # The range lets SQLite read only that day of the index (its text starts with the day).
    that_day = f"{ENDED} >= {day} AND {ENDED} < {day} || char(1114111) AND {DAY} = {day}"
    return (
        f"DELETE FROM game_days WHERE game = {row}.game AND day = {day};",
        _SUM_DAYS.format(where=f"game = {row}.game AND {that_day}") + ";",
    )


def _trigger(name: str, event: str, rows: tuple[str, ...], when: str = "") -> str:
    changed = " OR ".join(f"{row}.status != 'playing'" for row in rows)
    body = " ".join(s for row in rows for s in _resum(row))
    return f"CREATE TRIGGER {name} AFTER {event} ON games WHEN ({changed}){when} BEGIN {body} END"


# A game deleted from a day that has no row counted nothing: clearing the finished games
# (``transfer.clear_finished``) deletes their days first, and then a game at a time costs
# nothing instead of summing its day again.
_COUNTED = (
    " AND EXISTS (SELECT 1 FROM game_days WHERE game = OLD.game "
    "AND day = substr(coalesce(OLD.finished_at, OLD.updated_at), 1, 10))"
)


APPLICATION_ID = 0x53515253  # "SQRS": marks the file as a Squares database


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    about: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "games and their moves", (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            deal INTEGER NOT NULL,
            deal_algorithm INTEGER NOT NULL,
            moves TEXT NOT NULL DEFAULT '[]',
            position INTEGER NOT NULL DEFAULT 0 CHECK (position >= 0),
            resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
            status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'won', 'lost')),
            score INTEGER,
            clock_ms INTEGER NOT NULL DEFAULT 0 CHECK (clock_ms >= 0),
            hints_used INTEGER NOT NULL DEFAULT 0 CHECK (hints_used IN (0, 1)),
            undo_used INTEGER NOT NULL DEFAULT 0 CHECK (undo_used IN (0, 1)),
            version INTEGER NOT NULL DEFAULT 1,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT
        )""",
        "CREATE INDEX games_by_status ON games (game, status, updated_at)",
    )),
    Migration(2, "daily deals, position digests, corrupt-row marks", (
        "ALTER TABLE games ADD COLUMN daily TEXT",
        "ALTER TABLE games ADD COLUMN digest TEXT",
        "ALTER TABLE games ADD COLUMN corrupt TEXT",
        # A game dealt the number of the local date it began on was that day's daily deal.
        """UPDATE games SET daily = date(started_at, 'localtime')
           WHERE deal = CAST(strftime('%Y%m%d', started_at, 'localtime') AS INTEGER)""",
        "CREATE INDEX games_by_daily ON games (daily) WHERE daily IS NOT NULL",
    )),
    Migration(3, "game ids are never reused", (
        """CREATE TABLE games_v3 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            deal INTEGER NOT NULL,
            deal_algorithm INTEGER NOT NULL,
            moves TEXT NOT NULL DEFAULT '[]',
            position INTEGER NOT NULL DEFAULT 0 CHECK (position >= 0),
            resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
            status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'won', 'lost')),
            score INTEGER,
            clock_ms INTEGER NOT NULL DEFAULT 0 CHECK (clock_ms >= 0),
            hints_used INTEGER NOT NULL DEFAULT 0 CHECK (hints_used IN (0, 1)),
            undo_used INTEGER NOT NULL DEFAULT 0 CHECK (undo_used IN (0, 1)),
            version INTEGER NOT NULL DEFAULT 1,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT,
            daily TEXT,
            digest TEXT,
            corrupt TEXT
        )""",
        """INSERT INTO games_v3 (id, game, deal, deal_algorithm, moves, position, resigned,
               status, score, clock_ms, hints_used, undo_used, version, started_at, updated_at,
               finished_at, daily, digest, corrupt)
           SELECT id, game, deal, deal_algorithm, moves, position, resigned, status, score,
               clock_ms, hints_used, undo_used, version, started_at, updated_at, finished_at,
               daily, digest, corrupt FROM games""",
        "DROP TABLE games",
        "ALTER TABLE games_v3 RENAME TO games",
        "CREATE INDEX games_by_status ON games (game, status, updated_at)",
        "CREATE INDEX games_by_daily ON games (daily) WHERE daily IS NOT NULL",
    )),
    Migration(4, "indexes for the statistics", (
        # Every column the statistics read, for the rows they count (``stats.SOUND``, kept
        # here word for word: SQLite uses a partial index only for a query that says the
        # same), in the order the games ended: the statistics never read the table itself.
        """CREATE INDEX games_done ON games (game, coalesce(finished_at, updated_at), id,
               status, score, clock_ms, position, hints_used, undo_used)
           WHERE status != 'playing' AND """ + SOUND,
        "CREATE INDEX games_by_game_update ON games (game, updated_at, id)",
        "CREATE INDEX games_by_update ON games (updated_at, id)",
        # the import's look for a game already there
        "CREATE INDEX games_by_deal ON games (game, deal, started_at)",
    )),
    Migration(5, "the finished games summed up by day", (
        """CREATE TABLE game_days (
            game TEXT NOT NULL,
            day TEXT NOT NULL,
            games INTEGER NOT NULL,       -- finished games that day
            wins INTEGER NOT NULL,
            scored INTEGER NOT NULL,      -- games with a score, and their sum and best
            score_sum INTEGER NOT NULL,
            best INTEGER,
            fastest INTEGER,              -- the fastest win's clock, the fewest moves in a win
            fewest INTEGER,
            clean INTEGER NOT NULL,       -- wins without undo, restart or hint
            lead INTEGER NOT NULL,        -- wins before the day's first game not won
            tail INTEGER NOT NULL,        -- wins after its last game not won
            longest INTEGER NOT NULL,     -- its longest run of wins
            PRIMARY KEY (game, day)
        ) WITHOUT ROWID""",
        _SUM_DAYS.format(where="1"),
        _trigger("game_days_insert", "INSERT", ("NEW",)),
        _trigger("game_days_delete", "DELETE", ("OLD",), _COUNTED),
        _trigger("game_days_update", "UPDATE", ("OLD", "NEW")),
    )),
    Migration(6, "reviews of finished games", (
        """CREATE TABLE reviews (
            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            format INTEGER NOT NULL CHECK (format >= 1),
            review TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
        # Foreign keys are off unless a connection asks: the trigger holds either way.
        """CREATE TRIGGER reviews_go_with_their_game AFTER DELETE ON games
           BEGIN DELETE FROM reviews WHERE game_id = OLD.id; END""",
    )),
)  # fmt: skip

SCHEMA_VERSION = MIGRATIONS[-1].version
