"""The Foursquare AI as it was before the compiled kernel, imported from git history.

``load()`` writes ``squares/ai/foursquare/`` of commit ``BEFORE`` into a temporary
folder as the package ``foursquare_old`` (its imports of its own modules rewritten)
and imports it, so a benchmark can run the old and the new code side by side in one
process. It needs the git history of the repository it runs from.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from before import load_package

BEFORE = "63cbfb46895ea94cdbf5badb1805df316fb057b0"
"""The last commit with the pure-Python board (four 80-bit ints) and its inlined copies."""

_MODULES = (
    "__init__",
    "board",
    "hints",
    "lookahead",
    "observation",
    "perfect",
    "players",
    "solver",
)


def load() -> ModuleType:
    """The package ``foursquare_old``: the old ``squares.ai.foursquare``."""
    return load_package("foursquare", BEFORE, _MODULES)


def module(name: str) -> ModuleType:
    """One old module, such as ``module("solver")``."""
    load()
    return importlib.import_module(f"foursquare_old.{name}")
