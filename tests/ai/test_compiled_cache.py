"""numba's cache of compiled code never runs code older than its sources
(``squares.ai.cache``): a compiled function carries the code of the compiled functions
it calls, from other modules too."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

LOW = """
from squares.ai.compiled import jit


@jit
def value() -> int:
    return {value}
"""

HIGH = """
from squares.ai.compiled import jit
from low import value


@jit
def twice() -> int:
    return 2 * value()
"""

RUN = """
from pathlib import Path

import pytest

from squares.ai import cache

cache.install(Path.cwd())
import high

print(high.twice())
"""


def _twice(tree: Path) -> str:
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *sys.path])
    done = subprocess.run(
        [sys.executable, "-c", RUN], cwd=tree, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


@pytest.mark.long
def test_a_change_to_one_compiled_module_is_seen_by_the_compiled_code_that_calls_it(
    tmp_path: Path,
) -> None:
    (tmp_path / "high.py").write_text(textwrap.dedent(HIGH))
    (tmp_path / "low.py").write_text(LOW.format(value=1))
    assert _twice(tmp_path) == "2"
    assert any((tmp_path / "__pycache__").glob("high.twice-*.nbc"))  # kept on disk
    assert _twice(tmp_path) == "2"  # from the cache
    (tmp_path / "low.py").write_text(LOW.format(value=5))  # high.py stays as it was
    assert _twice(tmp_path) == "10"
