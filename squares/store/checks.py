"""What a file must pass before Squares uses it, and how much of it is read to know.

Every open makes the checks that cost nothing however long the history: the path is a
regular file, its header is SQLite's, it is as long as its header says, it is writable,
and its ``application_id``, ``user_version`` and tables say it is a Squares database of
a version this Squares reads. What remains is damage inside the file: a page overwritten,
an index that disagrees with its table. Finding that means reading every page
(``PRAGMA integrity_check`` reads each table and each index and compares them: 0.7 s for
100,000 games, 44 MB; ``PRAGMA quick_check``, which skips the comparison, still reads
every page), so how much is checked follows what the program will do with the file:

* A program that writes (``play``, ``serve``, ``import``, ``stats --reset``, an
  upgrade) runs the full ``integrity_check`` first: SQLite writes into the pages it finds,
  so writing into a damaged file would spread the damage, and what it writes could be lost
  with the rest. Such a program opens once and then plays for minutes.
* A program that only reads (``stats``, ``games``, ``daily``, ``export``) is refused any
  write (``PRAGMA query_only``), so it cannot make anything worse, and it checks the pages
  it reads as it reads them: SQLite verifies each b-tree page it loads (and, with
  ``cell_size_check``, every cell's size and place on it) and reports a damaged one as
  "database disk image is malformed", which ``Database.query`` turns into the same refusal
  naming the file. Its schema is compared with the one this version builds, so a file
  with a table or an index missing or changed is refused as damaged before any query.

What the reading programs leave unchecked is damage in pages they never read (it cannot
change what they print) and an index that disagrees with its table in pages they read
only through the index: the next program that writes refuses the file before it
changes anything. Checking "only on a schedule" or "after an unclean shutdown" was not
chosen: a file is damaged by what happens to it outside Squares (a disk, a copy cut
short, another program), which no record kept inside the file can see.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from squares.errors import BadDatabase
from squares.i18n import _
from squares.store.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

if TYPE_CHECKING:
    from squares.store.db import Database

MAGIC = b"SQLite format 3\x00"
_ANY_WRITE = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


def check_file(path: Path) -> None:
    """Refuse, without writing to it, a file that is not a usable SQLite database.

    Only a regular file is opened: a FIFO would block the program, a device is no store.
    A file of 0 bytes holds nothing and is what a program killed right after creating the
    file leaves (Squares too): it is used as a new database, unless a journal beside it has
    content (then the database may be in that journal, and the file is refused). No file at
    all is a new database on the same condition.
    """
    if path.is_dir():
        raise BadDatabase(
            _("{path} is a directory, not a database file: use --db with a file path").format(
                path=path
            )
        )
    if not path.exists() and not path.is_symlink():
        _check_missing(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise BadDatabase(
                _(
                    "cannot create the directory for {path}: {problem}. "
                    "Use --db (or SQUARES_DB) to choose another place"
                ).format(path=path, problem=err.strerror)
            ) from err
        _check_directory(path)
        return
    try:
        # O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
        try:
            info = os.fstat(fd)
            header = os.read(fd, 100) if stat.S_ISREG(info.st_mode) else b""
        finally:
            os.close(fd)
    except OSError as err:
        raise BadDatabase(
            _(
                "cannot read {path}: {problem}. Check its permissions, or use "
                "--db to choose another file"
            ).format(path=path, problem=err.strerror)
        ) from err
    if not stat.S_ISREG(info.st_mode):
        raise BadDatabase(
            _(
                "{path} is not a regular file (it is a pipe, a device or a socket), so not a "
                "database. It was left as it is; use --db (or SQUARES_DB) with a database file"
            ).format(path=path)
        )
    if not header.startswith(MAGIC) and not MAGIC.startswith(header):
        raise BadDatabase(
            _(
                "{path} is not an SQLite database, so not a Squares one. It was left as it "
                "is: move it aside, or use --db (or SQUARES_DB) to choose another file"
            ).format(path=path)
        )
    if not header:
        _check_empty(path)
    elif not _journal_with_content(path):
        # With a journal beside it, a short file is normal: a checkpoint or a transaction
        # killed midway, which SQLite finishes or rolls back from that journal on opening.
        _check_length(path, header, info.st_size)
    # Root may write anywhere: a file without write permission is still meant read-only.
    if not os.access(path, os.W_OK) or not info.st_mode & _ANY_WRITE:
        raise BadDatabase(
            _(
                "{path} is read-only, and Squares saves every move. Make it writable "
                "(chmod u+w {path}), or use --db to choose another file"
            ).format(path=path)
        )
    _check_directory(path)


def _journal_with_content(path: Path) -> Path | None:
    """The write-ahead log or rollback journal beside ``path``, if one holds anything."""
    for suffix in ("-wal", "-journal"):
        journal = Path(f"{path}{suffix}")
        try:
            size = journal.stat().st_size
        except OSError:
            continue
        if size:
            return journal
    return None


def _check_missing(path: Path) -> None:
    """No file is a new database only if no journal beside it holds anything: SQLite would
    start an empty file and delete the journal, and the games that may be in it with it."""
    journal = _journal_with_content(path)
    if journal is not None:
        raise BadDatabase(
            _(
                "{path} does not exist, but {journal} beside it is not empty: the games may "
                "be in that journal, and starting a new file would delete it. Both were left "
                "as they are; put the database file back at {path} (a copy of it is "
                "{path}.kept.db if Squares kept one), or use --db to choose another file"
            ).format(path=path, journal=journal.name)
        )


def _check_empty(path: Path) -> None:
    """A 0-byte file is a new database only if no journal beside it holds anything."""
    journal = _journal_with_content(path)
    if journal is not None:
        raise BadDatabase(
            _(
                "{path} is empty (0 bytes), but {journal} beside it is not: the games may "
                "be in that journal. Both were left as they are; restore {path} from a "
                "backup, or use --db to choose another file"
            ).format(path=path, journal=journal.name)
        )


def _check_length(path: Path, header: bytes, size: int) -> None:
    truncated = BadDatabase(
        _(
            "{path} is truncated (an SQLite database cut short): its games cannot "
            "be read safely. It was left as it is; restore it from a backup, or use --db "
            "to choose another file"
        ).format(path=path)
    )
    if len(header) < 100:
        raise truncated
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # The page count in the header is valid only when its "valid-for" counter matches.
    if pages and header[92:96] == header[24:28] and size < pages * page_size:
        raise truncated


def _check_directory(path: Path) -> None:
    folder = path.parent
    if not os.access(folder, os.W_OK):
        raise BadDatabase(
            _(
                "the directory {folder} is read-only: Squares keeps its journal beside "
                "{file}. Make the directory writable, or use --db"
            ).format(folder=folder, file=path.name)
        )


def check_contents(db: Database, writing: bool) -> None:
    """Refuse another program's database, a newer schema, or a damaged file (reads only):
    every page checked for a program that ``writing``, else the schema and, as they are
    read, the pages the program reads (see the module's docstring)."""
    conn = db.conn
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    if app not in (0, APPLICATION_ID) or (version == 0 and tables) or (version and app == 0):
        raise BadDatabase(
            _(
                "{path} is an SQLite database, but not one of Squares (it has "
                "tables {tables}). It was left as it is; use --db (or "
                "SQUARES_DB) to choose another file"
            ).format(path=db.path, tables=", ".join(tables) or _("none"))
        )
    if version > SCHEMA_VERSION:
        raise BadDatabase(
            _(
                "{path} was written by a newer version of Squares (schema "
                "{version}; this version reads up to {supported}). It was left as it is: "
                "upgrade Squares, or use --db to choose another file"
            ).format(path=db.path, version=version, supported=SCHEMA_VERSION)
        )
    if not version:
        return  # a new file: nothing in it yet
    if writing or version < SCHEMA_VERSION:  # an upgrade writes too
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check(5)")]
        if problems != ["ok"]:
            raise _damaged(db, problems[0])
        return
    conn.execute("PRAGMA cell_size_check = ON")
    missing = sorted(expected_schema() - set(schema_of(conn)))
    if missing:
        names = ", ".join(name for name, _kind in missing)
        raise _damaged(db, _("its schema lacks {names}").format(names=names))


def _damaged(db: Database, problem: str) -> BadDatabase:
    return BadDatabase(
        _(
            "{path} is damaged ({problem}). It was left as it is; restore it "
            "from a backup, or use --db to choose another file"
        ).format(path=db.path, problem=problem)
    )


def schema_of(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """Each table, index and column of the file, as (name, what it belongs to)."""
    parts = [
        (str(name), f"{kind} of {table}")
        for kind, name, table in conn.execute("SELECT type, name, tbl_name FROM sqlite_schema")
    ]
    for name, kind in list(parts):
        if kind.startswith("table"):
            columns = conn.execute("SELECT name FROM pragma_table_info(?)", (name,))
            parts += [(f"{name}.{column}", "column") for (column,) in columns]
    return parts


@cache
def expected_schema() -> frozenset[tuple[str, str]]:
    """What ``schema_of`` finds in a database this version builds (built once, in memory)."""
    conn = sqlite3.connect(":memory:")
    try:
        for migration in MIGRATIONS:
            for statement in migration.statements:
                conn.execute(statement)
        return frozenset(schema_of(conn))
    finally:
        conn.close()
