"""The Union Square AI as it was before its compiled searches, imported from git history.

``load()`` imports ``squares/ai/union_square/`` of commit ``BEFORE`` as the package
``union_square_old`` (see ``before.load_package``), so that a benchmark runs today's
and the old code side by side in one process.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from before import load_package

BEFORE = "32d9b0d47d85589c0f8baf8e299426fe54b7b814"
"""The last commit whose Union Square players and solver were pure Python."""

_MODULES = (
    "__init__",
    "classes",
    "describe",
    "fast",
    "flex",
    "players",
    "rigid",
    "solver",
)  # not the review's hindsight, whose interface has grown since


def load() -> ModuleType:
    """The package ``union_square_old``: the old ``squares.ai.union_square``."""
    return load_package("union_square", BEFORE, _MODULES)


def module(name: str) -> ModuleType:
    """One old module, such as ``module("solver")``."""
    load()
    return importlib.import_module(f"union_square_old.{name}")
