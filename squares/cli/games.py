"""``squares games``, ``squares export`` and ``squares import``: the saved games as such."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from squares.cli.tables import games_table
from squares.errors import CorruptSave
from squares.games.base import status_name
from squares.i18n import _, ngettext
from squares.store import records
from squares.store.db import Database
from squares.wording import moves

if TYPE_CHECKING:
    from squares.store.transfer import Incoming

_BATCH = 500
MOST_IMPORT = 256 * 2**20
"""The most of a file ``import`` reads (bytes, or characters from standard input): an
export of over 100,000 whole games (under 2 KB each), and a bound for a file that never
ends, such as ``/dev/zero``."""


def list_games(
    db: Database,
    game: str | None,
    as_json: bool,
    out: TextIO,
    limit: int | None = None,
    offset: int = 0,
) -> int:
    """Every saved game (or ``limit`` of them, after the ``offset`` newest), newest first.

    The JSON list is written a game a line as the games are read, so that a long history
    starts at once and is never all in memory (a table needs all its lines for its widths).
    """
    found = records.newest_first(db, game, limit, offset)
    if as_json:
        lines = (json.dumps(r.summary(), ensure_ascii=False) for r in found)
        batch = list(islice(lines, 1))
        if not batch:
            out.write("[]\n")
            return 0
        out.write("[\n")
        while batch:  # a write per batch of games: one per game costs more than the games
            more = list(islice(lines, _BATCH))
            out.write(",\n".join(batch) + (",\n" if more else "\n]\n"))
            batch = more
        return 0
    rows = list(found)
    if not rows and not offset and limit != 0:
        out.write(
            _("No saved games in {path} yet: 'squares play foursquare' starts one.").format(
                path=db.path
            )
            + "\n"
        )
    elif rows:
        out.write(games_table(rows) + "\n")
    return 0


def export(db: Database, game_id: int, out: TextIO) -> int:
    from squares.store.transfer import export_game  # loaded only by the commands using it

    data = export_game(records.get(db, game_id))
    out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    return 0


def read_import_file(name: str, stdin: TextIO) -> list[Incoming]:
    """Every game of the file, checked (``CorruptSave`` saying what is wrong otherwise);
    read before the database is opened, so that a file refused writes nothing."""
    from squares.store.transfer import read_import

    try:
        if name == "-":
            text = stdin.read(MOST_IMPORT + 1)
        else:
            with Path(name).open("rb") as file:
                text = file.read(MOST_IMPORT + 1).decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CorruptSave(
            _("cannot read {file}: {problem}").format(
                file=name, problem=getattr(err, "strerror", None) or err
            )
        ) from None
    if len(text) > MOST_IMPORT:
        raise CorruptSave(
            _(
                "{file} is longer than {most} MB, so not a file 'squares export' wrote; "
                "nothing was imported"
            ).format(file=name, most=MOST_IMPORT // 2**20)
        )
    try:
        return read_import(text)
    except CorruptSave as err:
        raise CorruptSave(
            _("{file}: {problem}; nothing was imported").format(file=name, problem=err)
        ) from None


def import_file(db: Database, games: list[Incoming], out: TextIO) -> int:
    """Store the games of a file read by ``read_import_file``, all of them or nothing."""
    from squares.store.transfer import import_games

    ids, skipped = import_games(db, games)
    for game_id in ids:
        record = records.get(db, game_id)
        out.write(
            _("Imported game {id}: {code}, {status}, {moves}.").format(
                id=game_id,
                code=record.code,
                status=status_name(record.status),
                moves=moves(record.position),
            )
            + "\n"
        )
    if skipped:
        out.write(
            ngettext(
                "Skipped {count} game already in {path}.",
                "Skipped {count} games already in {path}.",
                skipped,
            ).format(count=skipped, path=db.path)
            + "\n"
        )
    return 0
