"""A package of the AI as it was at an older commit, imported from git history.

``load_package`` writes ``squares/ai/<package>/`` of a commit into a temporary folder
as the package ``<package>_old`` (its imports of its own modules rewritten) and imports
it, so a benchmark can run the old and the new code side by side in one process. It
needs the git history of the repository it runs from.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

_ROOT = Path(__file__).resolve().parent.parent


def load_package(
    package: str, commit: str, modules: tuple[str, ...], alias: str | None = None
) -> ModuleType:
    """The package ``alias`` (``<package>_old`` by default): ``squares.ai.<package>`` at
    ``commit``."""
    alias = alias or f"{package}_old"
    if alias in sys.modules:
        return sys.modules[alias]
    # One folder per commit and alias, each file written only when its text differs: numba
    # finds its cache of the old compiled code there again on the next run.
    folder = Path(tempfile.gettempdir()) / f"squares-before-{commit[:12]}" / alias
    folder.mkdir(parents=True, exist_ok=True)
    for name in modules:
        text = subprocess.run(
            ["git", "show", f"{commit}:squares/ai/{package}/{name}.py"],
            cwd=_ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        text = text.replace(f"squares.ai.{package}.", f"{alias}.")
        text = text.replace(f"from squares.ai.{package} import", f"from {alias} import")
        # A module left out (one the benchmarks do not run, which may no longer fit
        # today's interfaces) is not imported by the others.
        text = (
            "\n".join(
                line
                for line in text.splitlines()
                if not (
                    line.startswith(f"from {alias}.")
                    and line.split()[1][len(alias) + 1 :] not in modules
                )
            )
            + "\n"
        )
        path = folder / f"{name}.py"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder.parent))
    return importlib.import_module(alias)
