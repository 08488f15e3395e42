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
import stat
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from squares.errors import BadDatabase
from squares.i18n import _, ngettext
from squares.store.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

BUSY_TIMEOUT_MS = 5000
MEMORY = ":memory:"
_MAGIC = b"SQLite format 3\x00"
_ANY_WRITE = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
# What a damaged file can raise: SQLite's errors, and its messages quoting broken text.
_FAULTS = (sqlite3.Error, UnicodeDecodeError)


class DatabaseBusy(BadDatabase):
    """Another program kept the file locked past the busy timeout: worth trying again."""


class Database:
    """One connection to the saved-games file. Use ``open_db`` to get one.

    Threads of one program may share it (each read and each transaction holds a lock);
    programs each open their own, and SQLite's locks keep them apart.
    """

    def __init__(self, path: str, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn
        self._lock = threading.RLock()

    def query(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[sqlite3.Row]:
        """Rows of one read (a statement reads one consistent snapshot)."""
        with self._lock:
            try:
                return list(self.conn.execute(sql, params))
            except _FAULTS as err:
                raise self.error(err) from err

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
        if isinstance(err, UnicodeDecodeError):
            return BadDatabase(
                _(
                    "{path} is damaged (SQLite reported text that is not UTF-8). It was left "
                    "as it is; restore it from a backup, or use --db to choose another file"
                ).format(path=self.path)
            )
        text = "".join(c if c.isprintable() else "?" for c in str(err))[:200]
        if "locked" in text or "busy" in text:
            seconds = BUSY_TIMEOUT_MS // 1000
            return DatabaseBusy(
                ngettext(
                    "{path} is in use by another program that kept it locked for more than "
                    "{count} second: try again in a moment",
                    "{path} is in use by another program that kept it locked for more than "
                    "{count} seconds: try again in a moment",
                    seconds,
                ).format(path=self.path, count=seconds)
            )
        if "readonly" in text or "read-only" in text:
            return BadDatabase(
                _(
                    "cannot write to {path}: {problem}. Make it writable, or use "
                    "--db (or SQUARES_DB) to choose another file"
                ).format(path=self.path, problem=text)
            )
        return BadDatabase(
            _(
                "{path}: {problem}. It was left as it is; use --db (or SQUARES_DB) to "
                "choose another file, or move this one aside"
            ).format(path=self.path, problem=text)
        )


def open_db(path: str | os.PathLike[str]) -> Database:
    """Open (creating if need be) the Squares database at ``path``, migrated to the
    current schema; ``":memory:"`` gives a private in-memory one."""
    name = os.fspath(path)
    if name != MEMORY:
        _check_file(Path(name))
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
    try:
        _check_contents(db)
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
    except _FAULTS as err:
        conn.close()
        raise db.error(err) from err
    except BaseException:
        conn.close()
        raise
    return db


def _check_file(path: Path) -> None:
    """Refuse, without writing to it, a file that is not a usable SQLite database.

    Only a regular file is opened: a FIFO would block the program, a device is no store.
    A file of 0 bytes holds nothing and is what a program killed right after creating the
    file leaves (Squares too): it is used as a new database, unless a journal beside it has
    content (then the database may be in that journal, and the file is refused).
    """
    if path.is_dir():
        raise BadDatabase(
            _("{path} is a directory, not a database file: use --db with a file path").format(
                path=path
            )
        )
    if not path.exists() and not path.is_symlink():
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
    if not header.startswith(_MAGIC) and not _MAGIC.startswith(header):
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


def _check_contents(db: Database) -> None:
    """Refuse another program's database, a newer schema, or a damaged file (reads only)."""
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
    if version:
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check(5)")]
        if problems != ["ok"]:
            raise BadDatabase(
                _(
                    "{path} is damaged ({problem}). It was left as it is; restore it "
                    "from a backup, or use --db to choose another file"
                ).format(path=db.path, problem=problems[0])
            )


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
    part = Path(f"{target}.part-{os.getpid()}")
    _remove_stale_parts(target)
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
    except (sqlite3.Error, OSError) as err:
        part.unlink(missing_ok=True)
        Path(f"{part}-journal").unlink(missing_ok=True)
        raise BadDatabase(
            _(
                "{path} needs upgrading from schema {version}, but a copy could not "
                "be kept first ({problem}); It was left as it is"
            ).format(path=db.path, version=version, problem=err)
        ) from err


def _backup_of(target: Path, db: Database, version: int) -> str:
    """``same`` if ``target`` is a complete copy of ``db``, ``other`` if it is a sound copy of
    some other file, ``broken`` if it is no complete database at all."""
    try:
        if not target.is_file() or target.stat().st_size < 100:
            return "broken"
        with target.open("rb") as file:
            if file.read(16) != _MAGIC:
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
