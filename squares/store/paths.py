"""Where the saved games live: the platform's user data directory, unless told otherwise.

``SQUARES_DB`` (a file path) overrides the default, and the CLI's ``--db PATH`` overrides
both. The directory is platformdirs' user data directory for ``squares``: on Linux and
other Unix ``$XDG_DATA_HOME/squares/`` (a relative ``XDG_DATA_HOME`` is ignored, as the
XDG spec says), else ``~/.local/share/squares/``; on macOS ``~/Library/Application
Support/squares/`` (or ``$XDG_DATA_HOME/squares/`` when that is set); on Windows
``%LOCALAPPDATA%\\squares\\``.

>>> default_db_path().name
'squares.db'
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from platformdirs.api import PlatformDirsABC
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

APP = "squares"
FILE_NAME = "squares.db"
ENV_VAR = "SQUARES_DB"
_BY_PLATFORM: dict[str, type[PlatformDirsABC]] = {"win32": Windows, "darwin": MacOS}


def data_dir(platform: str = sys.platform) -> Path:
    """The directory for this user's Squares data, by the platform's convention.

    Read from the environment (``XDG_DATA_HOME``, ``HOME``, ``LOCALAPPDATA``) when called;
    the directory is not created.
    """
    dirs = _BY_PLATFORM.get(platform, Unix)(APP, appauthor=False, ensure_exists=False)
    return Path(dirs.user_data_dir)


def default_db_path(platform: str = sys.platform) -> Path:
    """``$SQUARES_DB`` if set, else ``squares.db`` in ``data_dir()``."""
    override = os.environ.get(ENV_VAR, "")
    if override:
        return Path(override).expanduser()
    return data_dir(platform) / FILE_NAME
