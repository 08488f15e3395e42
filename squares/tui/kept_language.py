"""The language chosen in the terminal game (``l``), kept for its next run.

It is kept in a small JSON file beside the saved games (``squares.db`` keeps it in
``squares.settings.json``), so each database has its own, as the tests' have. ``--lang``
on the command line wins over it, and it wins over the locale of the environment. A file
that cannot be read or holds no language of ours is as if there were none.

>>> settings_file("/home/ann/.local/share/squares/squares.db").name
'squares.settings.json'
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from squares.i18n import LANGUAGES

MEMORY = ":memory:"


def settings_file(db_path: str) -> Path:
    return Path(db_path).with_suffix(".settings.json")


def kept_language(db_path: str) -> str | None:
    """The language last chosen in the game on this database, if any."""
    if db_path == MEMORY:
        return None
    try:
        data = json.loads(settings_file(db_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("language") if isinstance(data, dict) else None
    return lang if lang in LANGUAGES else None


def keep_language(db_path: str, lang: str) -> None:
    """Keep ``lang`` for the next run; where it cannot be written, it is not kept (the game
    goes on in it all the same)."""
    if db_path == MEMORY or lang not in LANGUAGES:
        return
    path = settings_file(db_path)
    spare = path.with_name(path.name + ".new")
    with contextlib.suppress(OSError):
        spare.write_text(json.dumps({"language": lang}) + "\n", encoding="utf-8")
        os.replace(spare, path)


def starting_language(db_path: str, given: str | None, environment: str) -> str:
    """The language the game starts in: ``--lang`` if ``given``, else the one kept, else
    the environment's."""
    return given or kept_language(db_path) or environment
