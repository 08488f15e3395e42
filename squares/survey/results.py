"""The results file of ``squares survey``: SQLite, one row per deal and player (or solver).

Format version 1 (``PRAGMA user_version``, and ``version`` in the ``survey`` table)::

    survey(key TEXT PRIMARY KEY, value TEXT)   -- format, version, game, max_nodes, created_by
    results(
        deal INTEGER, who TEXT,                -- PRIMARY KEY (deal, who)
        kind TEXT,                             -- 'solver' or 'player'
        outcome TEXT,                          -- solver: winnable, unwinnable, undecided;
                                               -- player: won, lost
        score INTEGER,                         -- solver: best score found; player: its score
        proven INTEGER,                        -- solver: 1 if that score is proven best
        nodes INTEGER,                         -- solver: positions searched
        moves INTEGER,                         -- player: moves played
        seconds REAL)                          -- solver: its search's seconds;
                                               -- player: CPU seconds choosing its moves
    again(deal INTEGER, who TEXT,              -- PRIMARY KEY (deal, who); only once a
        solver TEXT)                           -- survey ran with --again: the solver's code
                                               -- that last solved the row again, and its
                                               -- budget ("whole-deal 0123abcd at 12000000")

The file is marked with its own ``application_id``, so neither it nor the saved-games
database can be taken for the other. Each batch of rows is one transaction: a run killed
at any moment leaves every row it committed, and the primary key counts none twice.

>>> results = open_results(":memory:", "foursquare", 1000)
>>> results.add([Row(3, "greedy", "player", "won", 12, None, None, 25, 0.01)])
>>> results.done("greedy", range(10)), results.max_nodes
({3}, 1000)
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from squares import __version__
from squares.errors import BadResults
from squares.i18n import _
from squares.survey.rows import COLUMNS, Row, Survey, mark_budget, mark_code

FORMAT = "squares-survey"
VERSION = 1
APPLICATION_ID = 0x53515356  # "SQSV": a results file of squares survey
DEFAULT_MAX_NODES = 1_000_000  # the solver's budget in a new file, unless one is given
_MAGIC = b"SQLite format 3\x00"
_SCHEMA = (
    "CREATE TABLE survey (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    """CREATE TABLE results (
        deal INTEGER NOT NULL CHECK (deal >= 0),
        who TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('solver', 'player')),
        outcome TEXT NOT NULL
            CHECK (outcome IN ('winnable', 'unwinnable', 'undecided', 'won', 'lost')),
        score INTEGER,
        proven INTEGER CHECK (proven IN (0, 1)),
        nodes INTEGER,
        moves INTEGER,
        seconds REAL NOT NULL,
        PRIMARY KEY (deal, who)
    ) WITHOUT ROWID""",
)
_AGAIN = """CREATE TABLE IF NOT EXISTS again (
    deal INTEGER NOT NULL, who TEXT NOT NULL, solver TEXT NOT NULL, PRIMARY KEY (deal, who)
) WITHOUT ROWID"""


class Results:
    """An open results file. ``open_results`` checks it; ``read_results`` reads one."""

    def __init__(self, path: str, conn: sqlite3.Connection, survey: Survey) -> None:
        self.path, self.conn, self.survey = path, conn, survey

    @property
    def game(self) -> str:
        return self.survey.game

    @property
    def max_nodes(self) -> int:
        return self.survey.max_nodes

    def done(self, who: str, deals: range) -> set[int]:
        """The deals of ``deals`` that already have a row for ``who``."""
        rows = self.conn.execute(
            "SELECT deal FROM results WHERE who = ? AND deal >= ? AND deal < ?",
            (who, deals.start, deals.stop),
        )
        return {deal for (deal,) in rows}

    def add(self, rows: Iterable[Row]) -> None:
        """Write ``rows`` in one transaction; a row already there stays as it was."""
        marks = ", ".join("?" * len(COLUMNS))
        try:
            with self.conn:
                self.conn.executemany(
                    f"INSERT INTO results ({', '.join(COLUMNS)}) VALUES ({marks}) "
                    "ON CONFLICT (deal, who) DO NOTHING",
                    [tuple(row) for row in rows],
                )
        except sqlite3.Error as err:  # locked past the busy timeout, disk full, read-only
            raise BadResults(
                _("{path} cannot be written: {reason}").format(path=self.path, reason=err)
            ) from None

    def _has_again(self) -> bool:
        return bool(
            self.conn.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'again'"
            ).fetchone()[0]
        )

    def unproven(self, who: str, deals: range, mark: str, scores: range | None = None) -> list[int]:
        """The deals of ``deals`` whose row for the solver ``who`` has no proven best score
        (one in ``scores``, if given) and was not searched again (``replace``) by the
        same code with the budget of ``mark`` (``again_mark``) or a larger one yet: the
        highest best score found first (its proof covers the fewest cards, so it is the
        likeliest to end within the budget), then by deal."""
        among, params = "", {"who": who, "start": deals.start, "stop": deals.stop}
        if scores is not None:
            among = " AND score >= :low AND score < :high"
            params.update(low=scores.start, high=scores.stop)
        rows = self.conn.execute(
            "SELECT deal FROM results WHERE who = :who AND kind = 'solver'"
            f" AND coalesce(proven, 0) = 0 AND deal >= :start AND deal < :stop{among}"
            " ORDER BY coalesce(score, -1) DESC, deal",
            params,
        )
        found = [deal for (deal,) in rows]
        if not found or not self._has_again():
            return found
        code, budget = mark_code(mark), mark_budget(mark, self.max_nodes)
        done = {
            deal
            for deal, done_by in self.conn.execute(
                "SELECT deal, solver FROM again WHERE who = ? AND deal >= ? AND deal < ?",
                (who, deals.start, deals.stop),
            )
            if mark_code(done_by) == code and mark_budget(done_by, self.max_nodes) >= budget
        }
        return [deal for deal in found if deal not in done]

    def scores(self, who: str, deals: Iterable[int]) -> dict[int, int | None]:
        """The best score of each of ``deals`` in its row for ``who`` (``None``: no win
        found, or no row)."""
        wanted = set(deals)
        found: dict[int, int | None] = dict.fromkeys(wanted)
        if wanted:
            low, high = min(wanted), max(wanted)
            for deal, score in self.conn.execute(
                "SELECT deal, score FROM results WHERE who = ? AND deal >= ? AND deal <= ?",
                (who, low, high),
            ):
                if deal in wanted:
                    found[deal] = score
        return found

    def replace(self, rows: Iterable[Row], solver: str) -> None:
        """Write ``rows`` in one transaction over the rows there, each marked as solved
        again by ``solver`` (``again_mark``). A row there whose best score is higher and
        the new one's unproven stays: a search again never makes a row worse."""
        rows = list(rows)
        marks = ", ".join("?" * len(COLUMNS))
        update = ", ".join(f"{name} = excluded.{name}" for name in COLUMNS[2:])
        try:
            with self.conn:
                self.conn.execute(_AGAIN)
                self.conn.executemany(
                    f"INSERT INTO results ({', '.join(COLUMNS)}) VALUES ({marks}) "
                    f"ON CONFLICT (deal, who) DO UPDATE SET {update} WHERE excluded.proven = 1"
                    " OR results.score IS NULL OR excluded.score >= results.score",
                    [tuple(row) for row in rows],
                )
                self.conn.executemany(
                    "INSERT INTO again (deal, who, solver) VALUES (?, ?, ?) "
                    "ON CONFLICT (deal, who) DO UPDATE SET solver = excluded.solver",
                    [(row.deal, row.who, solver) for row in rows],
                )
        except sqlite3.Error as err:
            raise BadResults(
                _("{path} cannot be written: {reason}").format(path=self.path, reason=err)
            ) from None

    def searched_again(self) -> dict[int, int]:
        """How many rows were searched again (``--again``) with each budget."""
        if not self._has_again():
            return {}
        counts: dict[int, int] = {}
        for (mark,) in self.conn.execute("SELECT solver FROM again"):
            budget = mark_budget(mark, self.max_nodes)
            counts[budget] = counts.get(budget, 0) + 1
        return dict(sorted(counts.items()))

    def rows(self, deals: range | None = None) -> list[Row]:
        """Every row (of ``deals`` alone, when given: a step of 1), by deal and then by who."""
        query = f"SELECT {', '.join(COLUMNS)} FROM results"
        if deals is not None:
            query += f" WHERE {deals.start} <= deal AND deal < {deals.stop}"  # ints: no quoting
        found = self.conn.execute(f"{query} ORDER BY deal, who")
        return [_row(values) for values in found]

    def outcomes(self) -> Iterator[tuple[int, str, str]]:
        """Each row's deal, who and outcome, in no order: what a count over a whole survey
        needs, without a ``Row`` each (a survey holds hundreds of thousands of rows)."""
        return iter(self.conn.execute("SELECT deal, who, outcome FROM results"))

    def close(self) -> None:
        self.conn.close()


def _row(values: tuple[Any, ...]) -> Row:
    if values[5] is None:  # a player's row, most of them: nothing to convert
        return Row._make(values)
    deal, who, kind, outcome, score, proven, nodes, moves, seconds = values
    return Row(deal, who, kind, outcome, score, bool(proven), nodes, moves, seconds)


def open_results(path: str | os.PathLike[str], game: str, max_nodes: int | None) -> Results:
    """The results file at ``path`` for a survey of ``game``, created if it does not exist.

    An existing file must be a results file of this format or an older one, of ``game``,
    and, when ``max_nodes`` is given, of that budget (``None`` takes the file's own);
    otherwise ``BadResults``, and the file is not touched. A new file gets ``max_nodes``,
    or ``DEFAULT_MAX_NODES``.
    """
    name = os.fspath(path)
    conn = None
    if name != ":memory:" and results_exist(name):
        conn = _connect(name, writable=True)
    if conn is not None and not _blank(conn):
        survey = _check(name, conn)
        if survey.game != game:
            conn.close()
            raise BadResults(
                _("{path} holds a survey of {other}, not of {game}: use another file").format(
                    path=name, other=survey.game, game=game
                )
            )
        if max_nodes is not None and max_nodes != survey.max_nodes:
            conn.close()
            raise BadResults(
                _(
                    "{path} was measured with --max-nodes {stored}, not {given}: budgets are "
                    "not mixed in one file (run with --max-nodes {stored}, or use another file)"
                ).format(path=name, stored=survey.max_nodes, given=max_nodes)
            )
        _durable(conn)
        return Results(name, conn, survey)
    if max_nodes is None:
        max_nodes = DEFAULT_MAX_NODES
    if conn is None:
        conn = _connect(name, writable=True)
    _durable(conn)
    with conn:
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.executemany(
            "INSERT INTO survey (key, value) VALUES (?, ?)",
            [
                ("format", FORMAT),
                ("version", str(VERSION)),
                ("game", game),
                ("max_nodes", str(max_nodes)),
                ("created_by", f"squares {__version__}"),
            ],
        )
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {VERSION}")
    return Results(name, conn, Survey(game, max_nodes, VERSION))


def read_results(path: str | os.PathLike[str]) -> Results:
    """An existing results file, opened read-only (``BadResults`` if it is not one)."""
    name = os.fspath(path)
    if not results_exist(name):
        raise BadResults(
            _("{path}: no such results file (squares survey writes one)").format(path=name)
        )
    conn = _connect(name, writable=False)
    return Results(name, conn, _check(name, conn))


def results_exist(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a file with something in it (an empty file is a new one);
    ``BadResults`` if it is something else than an SQLite file."""
    name = os.fspath(path)
    file = Path(name)
    if file.is_dir():
        raise BadResults(_("{path} is a folder, not a results file").format(path=name))
    if not file.exists():
        return False
    try:
        with file.open("rb") as handle:
            header = handle.read(len(_MAGIC))
    except OSError as err:
        raise BadResults(
            _("{path} cannot be read: {reason}").format(path=name, reason=err.strerror)
        ) from None
    if header and header != _MAGIC:
        raise _not_results(name)
    return bool(header)


def _connect(name: str, writable: bool) -> sqlite3.Connection:
    try:
        if name == ":memory:":
            conn = sqlite3.connect(name)
        else:
            mode = "rwc" if writable else "ro"
            conn = sqlite3.connect(f"{Path(name).resolve().as_uri()}?mode={mode}", uri=True)
        conn.execute("PRAGMA busy_timeout = 5000")
    except sqlite3.Error as err:
        raise BadResults(
            _("{path} cannot be opened: {reason}").format(path=name, reason=err)
        ) from None
    return conn


def _check(name: str, conn: sqlite3.Connection) -> Survey:
    """What the file says of itself, once it is known to be a results file we can read."""
    try:
        (app,) = conn.execute("PRAGMA application_id").fetchone()
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        if app != APPLICATION_ID:
            raise _not_results(name)
        if version > VERSION:
            raise BadResults(
                _(
                    "{path} is a results file of format {version}, newer than this program "
                    "reads ({known}): update squares"
                ).format(path=name, version=version, known=VERSION)
            )
        meta = dict(conn.execute("SELECT key, value FROM survey"))
        survey = Survey(meta["game"], int(meta["max_nodes"]), version)
        conn.execute("SELECT count(*) FROM results").fetchone()
    except BadResults:
        conn.close()
        raise
    except (sqlite3.Error, KeyError, ValueError):
        conn.close()
        raise BadResults(
            _("{path} is a damaged results file: its description cannot be read").format(path=name)
        ) from None
    if survey.max_nodes < 1:
        conn.close()
        raise BadResults(
            _("{path} is a damaged results file: its description cannot be read").format(path=name)
        )
    if meta.get("format") != FORMAT:
        conn.close()
        raise _not_results(name)
    return survey


def _blank(conn: sqlite3.Connection) -> bool:
    """An SQLite file with nothing in it (such as one a run killed as it began left)."""
    try:
        (app,) = conn.execute("PRAGMA application_id").fetchone()
        (tables,) = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        return False  # _check says what is wrong with it
    return bool(app == 0 and tables == 0)


def _durable(conn: sqlite3.Connection) -> None:
    """Each committed transaction on disk before ``COMMIT`` returns; readers never wait."""
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as err:
        path = conn.execute("PRAGMA database_list").fetchone()[2]
        conn.close()
        raise BadResults(
            _("{path} cannot be written: {reason}").format(path=path, reason=err)
        ) from None


def _not_results(name: str) -> BadResults:
    return BadResults(
        _("{path} is not a results file of squares survey: give a new file or one it wrote").format(
            path=name
        )
    )
