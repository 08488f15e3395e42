"""numba's cache on disk for the package's compiled code, kept true across modules.

numba keeps each compiled function's machine code beside its module (``cache=True``) and
loads it again while that module's source is the same. But a compiled function carries
in it the code of the compiled functions it calls, from other modules too: with numba's
own stamps, changing ``foursquare/box.py`` alone left ``foursquare/search.within``
running the fixed-box search of before, from the cache. Here each compiled function of
a tree is stamped with the sources of every module of the tree that compiles anything,
so that a change to any of them compiles them all again, once, on their first use.
``install`` puts this first among numba's ways to find a cache; functions outside the
tree keep numba's own.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from numba.core import caching

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
    cache directory, as numba does. Installing the same tree twice changes nothing."""
    locators = caching.CacheImpl._locator_classes
    if any(getattr(locator, "tree", None) == root for locator in locators):
        return
    bases = (
        caching.UserProvidedCacheLocator,
        caching.InTreeCacheLocator,
        caching.UserWideCacheLocator,
    )
    for position, base in enumerate(bases):
        locator = _stamped(base, root)
        locator.tree = root
        locators.insert(position, locator)
