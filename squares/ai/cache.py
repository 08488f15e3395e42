"""numba's cache on disk for the package's compiled code, kept true across modules.

numba keeps each compiled function's machine code beside its module (``cache=True``) and
loads it again while that module's source is the same. But a compiled function carries
in it the code of the compiled functions it calls, from other modules too, which numba's
own stamps do not see. Here each compiled function of a tree is stamped with the sources
of every module of the tree that compiles anything, so that a change to any of them
compiles them all again, once, on their first use. ``install`` puts this first among
numba's ways to find a cache; functions outside the tree keep numba's own.
"""

from __future__ import annotations

import functools
import hashlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from numba.core import caching

from squares.i18n import _
from squares.notice import say_once

PACKAGE = Path(__file__).resolve().parent.parent
"""The tree of this package's compiled modules: ``squares/``."""
RULES = "games"  # the folder of the rules under the tree


@functools.cache
def sources_stamp(root: Path) -> str:
    """A digest of every module under ``root`` that compiles anything (whose text
    names ``jit``) or holds the rules (``games/``, whose constants the kernels take
    in when they compile), its path and its text."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if b"jit" in text or path.relative_to(root).parts[0] == RULES:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + text + b"\0")
    return digest.hexdigest()


def private_folder(parent: Path) -> Path | None:
    """``squares-numba-UID`` in ``parent``, made if need be: only if it is this user's own and
    no one else may write to it (numba runs the code it finds in its cache)."""
    folder = parent / f"squares-numba-{os.getuid() if hasattr(os, 'getuid') else 0}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    if not stat.S_ISDIR(info.st_mode) or not mine or info.st_mode & 0o022:
        return None
    return folder


class TemporaryCacheLocator(caching.UserWideCacheLocator):
    """The last place to keep the compiled code: a private folder in the temporary
    directory, for a user whose home and whose copy of Squares are not writable."""

    def __init__(self, py_func: Any, py_file: str) -> None:
        super().__init__(py_func, py_file)  # type: ignore[no-untyped-call]  # numba's
        folder = private_folder(Path(tempfile.gettempdir()))
        subpath = self.get_suitable_cache_subpath(py_file)  # type: ignore[no-untyped-call]
        self._cache_path = str(folder / subpath) if folder else os.devnull

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        locator = super().from_function(py_func, py_file)  # type: ignore[no-untyped-call]
        if locator is not None:
            say_once(
                "cache",
                _(
                    "the compiled searches cannot be kept beside Squares or in your cache "
                    "folder (neither is writable): they are kept in {folder}"
                ).format(folder=Path(locator.get_cache_path()).parent),
            )
        return locator


def _stamped(base: Any, root: Path) -> Any:
    """numba's locator ``base``, for the functions of modules under ``root`` only,
    with the stamp of all of the tree's compiled sources."""

    def get_source_stamp(self: Any) -> tuple[str, str]:
        return ("sources", sources_stamp(root))

    def from_function(cls: Any, py_func: Any, py_file: str) -> Any:
        if not Path(py_file).resolve().is_relative_to(root):
            return None  # numba's own locators take it
        return base.from_function.__func__(cls, py_func, py_file)  # base's, for this class

    return type(
        f"Tree{base.__name__}",
        (base,),
        {
            "get_source_stamp": get_source_stamp,
            "from_function": classmethod(from_function),
            "__doc__": f"{base.__name__} for the compiled modules under one tree.",
        },
    )


def install(root: Path = PACKAGE) -> None:
    """Find the cache of every compiled function under ``root`` with the tree's stamp:
    in ``NUMBA_CACHE_DIR`` when it is set, else beside the module, else in the user's
    cache directory, as numba does, and where none of them can be written, in a folder of
    this user's in the temporary directory (said once). Installing the same tree twice
    changes nothing."""
    locators = caching.CacheImpl._locator_classes
    if any(getattr(locator, "tree", None) == root for locator in locators):
        return
    bases = (
        caching.UserProvidedCacheLocator,
        caching.InTreeCacheLocator,
        caching.UserWideCacheLocator,
        TemporaryCacheLocator,
    )
    for position, base in enumerate(bases):
        locator = _stamped(base, root)
        locator.tree = root
        locators.insert(position, locator)
