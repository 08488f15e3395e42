"""The Foursquare AI as it was before the compiled kernel, imported from git history.

``load()`` writes ``squares/ai/foursquare/`` of commit ``BEFORE`` into a temporary
folder as the package ``foursquare_old`` (its imports of its own modules rewritten)
and imports it, so a benchmark can run the old and the new code side by side in one
process. It needs the git history of the repository it runs from.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

BEFORE = "63cbfb46895ea94cdbf5badb1805df316fb057b0"
"""The last commit with the pure-Python board (four 80-bit ints) and its inlined copies."""

_ROOT = Path(__file__).resolve().parent.parent
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
    if "foursquare_old" in sys.modules:
        return sys.modules["foursquare_old"]
    folder = Path(tempfile.mkdtemp(prefix="foursquare-before-")) / "foursquare_old"
    folder.mkdir()
    for name in _MODULES:
        text = subprocess.run(
            ["git", "show", f"{BEFORE}:squares/ai/foursquare/{name}.py"],
            cwd=_ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        text = text.replace("squares.ai.foursquare.", "foursquare_old.")
        text = text.replace("from squares.ai.foursquare import", "from foursquare_old import")
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder.parent))
    return importlib.import_module("foursquare_old")


def module(name: str) -> ModuleType:
    """One old module, such as ``module("solver")``."""
    load()
    return importlib.import_module(f"foursquare_old.{name}")
