"""Where the saved games live: the platform's user data directory, unless told otherwise.

``SQUARES_DB`` (a file path) overrides the default, and the CLI's ``--db PATH`` overrides
both. Linux and other Unix: ``$XDG_DATA_HOME/squares/squares.db``, falling back to
``~/.local/share/squares/``; macOS: ``~/Library/Application Support/squares/``; Windows:
``%LOCALAPPDATA%\\squares\\``.

>>> default_db_path({"SQUARES_DB": "saves/mine.db"}).as_posix()
'saves/mine.db'
>>> default_db_path({"XDG_DATA_HOME": "/data"}, platform="linux").as_posix()
'/data/squares/squares.db'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP = "squares"
FILE_NAME = "squares.db"
ENV_VAR = "SQUARES_DB"


def data_dir(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """The directory for this user's Squares data, by the platform's convention."""
    home = Path(environ.get("HOME") or Path.home())
    if platform == "win32":
        base = environ.get("LOCALAPPDATA") or environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / APP
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP
    xdg = environ.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative path is invalid and must be ignored.
    base_dir = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base_dir / APP


def default_db_path(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """``$SQUARES_DB`` if set, else ``squares.db`` in ``data_dir()``."""
    override = environ.get(ENV_VAR, "")
    if override:
        return Path(override).expanduser()
    return data_dir(environ, platform) / FILE_NAME
