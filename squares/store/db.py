"""The SQLite file: checked before it is used, migrated, written only in transactions.

``open_db`` refuses a file it cannot use safely (not SQLite, truncated or damaged,
read-only, another program's, from a newer Squares) with a ``BadDatabase`` that names the
file and what to do, and it never writes to such a file. A usable file is put in WAL
mode with ``synchronous=FULL``: a transaction is on disk when ``COMMIT`` returns, and
readers never wait for a writer.

>>> db = open_db(":memory:")
>>> db.query("SELECT count(*) AS n FROM games")[0]["n"]
0
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from squares.errors import BadDatabase
from squares.i18n import _
from squares.store import faults
from squares.store.checks import MAGIC, check_contents, check_file
from squares.store.faults import BUSY_TIMEOUT_MS, DatabaseBusy, DiskFull
from squares.store.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

__all__ = ["BUSY_TIMEOUT_MS", "Database", "DatabaseBusy", "DiskFull", "open_db"]

MEMORY = ":memory:"
# What a damaged file can raise: SQLite's errors, and its messages quoting broken text.
_FAULTS = (sqlite3.Error, UnicodeDecodeError)


class Database:
    """One connection to the saved-games file. Use ``open_db`` to get one.

    Threads of one program may share it (each read and each transaction holds a lock);
    programs each open their own, and SQLite's locks keep them apart.
    """

    def __init__(self, path: str, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn
        self._lock = threading.RLock()
        self.file: faults.Identity | None = None
        """The device and inode of the file opened (``None`` in memory)."""
        self.journal: faults.Identity | None = None
        """Those of its write-ahead log, where every commit goes first (``None`` in memory)."""
        self._gone: faults.DatabaseGone | None = None

    def query(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[sqlite3.Row]:
        """Rows of one read (a statement reads one consistent snapshot)."""
        with self._lock:
            try:
                return list(self.conn.execute(sql, params))
            except _FAULTS as err:
                raise self.error(err) from err

    def each(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = (), batch: int = 500
    ) -> Iterator[sqlite3.Row]:
        """The rows of one read, as SQLite finds them: a long answer is never all in memory,
        and the first row comes before the last is read."""
        with self._lock:
            try:
                cursor = self.conn.execute(sql, params)
            except _FAULTS as err:
                raise self.error(err) from err
        try:
            while True:
                with self._lock:
                    try:
                        rows = cursor.fetchmany(batch)
                    except _FAULTS as err:
                        raise self.error(err) from err
                if not rows:
                    return
                yield from rows
        finally:
            cursor.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: ``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error.

        Taking the write lock at ``BEGIN`` means a read inside the transaction (such as a
        version check) cannot be overtaken by another writer before the write.
        """
        with self._lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except _FAULTS as err:
                raise self.error(err) from err
            try:
                yield self.conn
                self._refuse_if_gone()
                self.conn.execute("COMMIT")
            except BaseException as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                if isinstance(exc, _FAULTS):
                    raise self.error(exc) from exc
                raise

    def close(self) -> None:
        self.conn.close()

    def error(self, err: sqlite3.Error | UnicodeDecodeError) -> BadDatabase:
        """A ``BadDatabase`` naming the file, for an error SQLite raised while in use."""
        return faults.explain(self.path, err)

    def _refuse_if_gone(self) -> None:
        """Refuse the transaction in progress if the path no longer leads to the file opened,
        or its write-ahead log's to the log opened (deleted, renamed or replaced): SQLite
        would commit it into a file no path leads to, lost if the program is killed. The
        games it holds are first copied beside the path, once."""
        if self._gone is None and self._in_place():
            return
        self.conn.execute("ROLLBACK")
        if self._gone is None:
            self._gone = _keep(self)
        raise self._gone

    def _in_place(self) -> bool:
        """Whether the paths of the file and of its write-ahead log lead to those opened."""
        if self.file is None:
            return True
        return faults.identity(self.path) == self.file and (
            self.journal is None or faults.identity(f"{self.path}-wal") == self.journal
        )


def open_db(path: str | os.PathLike[str], *, writing: bool = True) -> Database:
    """Open (creating if need be) the Squares database at ``path``, migrated to the
    current schema; ``":memory:"`` gives a private in-memory one.

    ``writing=False`` is for a program that only reads: it may not write (``PRAGMA
    query_only``), and instead of the full check of every page it has SQLite check the
    pages it reads (``squares.store.checks`` says why that is enough).
    """
    name = os.fspath(path)
    if name != MEMORY:
        check_file(Path(name))
    try:
        conn = sqlite3.connect(
            name, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False
        )
    except sqlite3.Error as err:
        raise BadDatabase(
            _(
                "cannot open {path}: {problem}. Check the path, or use --db to choose another file"
            ).format(path=name, problem=err)
        ) from err
    conn.row_factory = sqlite3.Row
    # Damaged text must not stop a listing: it shows as U+FFFD, and its row fails to replay.
    conn.text_factory = lambda data: data.decode("utf-8", errors="replace")
    db = Database(name, conn)
    if name != MEMORY:
        db.file = faults.identity(name)
    try:
        check_contents(db, writing)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if name != MEMORY:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise BadDatabase(
                    _(
                        "{path}: cannot use write-ahead logging (journal mode stays "
                        "{mode}); put the file on a local disk, or use --db"
                    ).format(path=name, mode=repr(mode))
                )
        conn.execute("PRAGMA synchronous = FULL")
        _migrate(db)
        if name != MEMORY:  # the log is open now, and stays until the last program closes
            db.journal = faults.identity(f"{name}-wal")
        if not writing:
            conn.execute("PRAGMA query_only = ON")
    except _FAULTS as err:
        conn.close()
        raise db.error(err) from err
    except BaseException:
        conn.close()
        raise
    return db


def _migrate(db: Database) -> None:
    """Bring the schema to ``SCHEMA_VERSION``, all steps in one transaction.

    A database with games in it is first copied to ``FILE.vN.bak`` (N its old version).
    """
    conn = db.conn
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return
    if version and db.path != MEMORY:
        _backup(db, version)
    with db.write():
        # Another program may have migrated between the look above and the lock.
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for migration in MIGRATIONS:
            if migration.version > version:
                for statement in migration.statements:
                    conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _backup(db: Database, version: int) -> None:
    """Copy the database to ``FILE.vN.bak`` before upgrading it from version N.

    The copy is written under a temporary name, flushed to disk and only then renamed, so
    a copy under the final name is always complete. One already there is used only if it
    checks out as a copy of this file (a complete database of version N with the same
    games); an incomplete one is replaced, and one of some other file is kept and this copy
    gets the next free name (``FILE.vN.2.bak``).
    """
    base = f"{db.path}.v{version}"
    target, n = Path(f"{base}.bak"), 1
    while target.exists() or target.is_symlink():
        verdict = _backup_of(target, db, version)
        if verdict == "same":
            return
        if verdict == "broken":
            break
        n += 1
        target = Path(f"{base}.{n}.bak")
    _remove_stale_parts(target)
    try:
        _copy(db, target)
    except (sqlite3.Error, OSError) as err:
        raise BadDatabase(
            _(
                "{path} needs upgrading from schema {version}, but a copy could not "
                "be kept first ({problem}); It was left as it is"
            ).format(path=db.path, version=version, problem=err)
        ) from err


def _copy(db: Database, target: Path) -> None:
    """Copy the database to ``target`` as one self-contained file, whole or not at all: it
    is written under a temporary name, checked, flushed to disk and only then renamed."""
    part = Path(f"{target}.part-{os.getpid()}")
    try:
        part.unlink(missing_ok=True)
        copy = sqlite3.connect(part)
        try:
            with copy:
                db.conn.backup(copy)
            # One self-contained file (a copy of a WAL database would be in WAL mode).
            copy.execute("PRAGMA journal_mode = DELETE")
            ok = copy.execute("PRAGMA integrity_check(1)").fetchone()[0] == "ok"
        finally:
            copy.close()
        if not ok:
            raise sqlite3.DatabaseError("the copy does not check out")
        _fsync(part)
        os.replace(part, target)
        _fsync(target.parent)
    except BaseException:
        part.unlink(missing_ok=True)
        Path(f"{part}-journal").unlink(missing_ok=True)
        raise


def _keep(db: Database) -> faults.DatabaseGone:
    """Copy what the file opened holds (no path may lead to it any more) beside its path,
    under a name no file has, and say where; or say why it could not be copied."""
    base = f"{db.path}.kept"
    target, n = Path(f"{base}.db"), 1
    while target.exists() or target.is_symlink():
        n += 1
        target = Path(f"{base}-{n}.db")
    journal = f"{db.path}-wal" if faults.identity(db.path) == db.file else None
    try:
        _copy(db, target)
    except (sqlite3.Error, OSError) as err:
        return faults.gone(db.path, None, str(err), journal)
    return faults.gone(db.path, str(target), "", journal)


def _backup_of(target: Path, db: Database, version: int) -> str:
    """``same`` if ``target`` is a complete copy of ``db``, ``other`` if it is a sound copy of
    some other file, ``broken`` if it is no complete database at all."""
    try:
        if not target.is_file() or target.stat().st_size < 100:
            return "broken"
        with target.open("rb") as file:
            if file.read(16) != MAGIC:
                return "broken"
        copy = sqlite3.connect(f"{target.resolve().as_uri()}?mode=ro", uri=True)
        try:
            if copy.execute("PRAGMA integrity_check(1)").fetchone()[0] != "ok":
                return "broken"
            if copy.execute("PRAGMA user_version").fetchone()[0] != version:
                return "other"
            theirs = copy.execute(_FINGERPRINT).fetchone()
        finally:
            copy.close()
    except (sqlite3.Error, OSError, ValueError):
        return "broken"
    ours = db.conn.execute(_FINGERPRINT).fetchone()
    return "same" if tuple(theirs) == tuple(ours) else "other"


# What tells one database's games from another's, cheaply.
_FINGERPRINT = (
    "SELECT count(*), max(id), max(updated_at), total(deal), total(position), total(clock_ms), "
    "total(length(moves)) FROM games"
)


def _remove_stale_parts(target: Path) -> None:
    """Temporary copies left by programs killed while writing them."""
    for part in target.parent.glob(f"{target.name}.part-*"):  # its -journal too
        pid = part.name[len(target.name) + len(".part-") :].split("-", 1)[0]
        if pid.isascii() and pid.isdigit() and len(pid) < 12 and not _running(int(pid)):
            part.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _fsync(path: Path) -> None:
    """Flush a file (or a directory's entries) to disk; a no-op where not supported."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
