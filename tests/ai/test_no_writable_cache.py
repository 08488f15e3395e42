"""A user who can write neither beside Squares nor in a home folder still plays: the compiled
searches are kept in a private folder of the temporary directory, or compiled again in each
run where even that cannot be had, and the terminal is told once, never a traceback."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOBODY = 65534
SETPRIV = shutil.which("setpriv")
pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or SETPRIV is None,
    reason="runs Squares as another user (needs root and setpriv)",
)


@pytest.fixture
def temporary() -> Iterator[Path]:
    """A temporary directory the other user may write in, as /tmp is."""
    folder = Path(tempfile.mkdtemp(prefix="squares-tmp-"))
    folder.chmod(0o1777)
    yield folder
    shutil.rmtree(folder)


def as_nobody(temporary: Path) -> subprocess.CompletedProcess[str]:
    """A command that loads the compiled kernels, as a user with no home and no right to
    write beside the package."""
    env = {**os.environ, "HOME": "/nonexistent", "TMPDIR": str(temporary)}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("XDG_CACHE_HOME", None)
    env["SQUARES_DB"] = str(temporary / "games.db")
    return subprocess.run(
        [str(SETPRIV), f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
         sys.executable, "-m", "squares", "simulate", "foursquare", "--player", "random",
         "--deals", "0..1", "--workers", "1"],
        capture_output=True, text=True, env=env, timeout=300, cwd=temporary,
    )  # fmt: skip


def test_without_a_writable_cache_the_compiled_code_is_kept_in_a_private_temporary_folder(
    temporary: Path,
) -> None:
    done = as_nobody(temporary)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("they are kept in") == 1
    folder = temporary / f"squares-numba-{NOBODY}"
    assert folder.is_dir() and stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert any(folder.rglob("*.nbi"))  # the compiled code is there for the next run
    assert "won" in done.stdout


def test_a_temporary_folder_someone_else_owns_is_not_used_and_nothing_is_cached(
    temporary: Path,
) -> None:
    planted = temporary / f"squares-numba-{NOBODY}"
    planted.mkdir()
    planted.chmod(0o777)  # root's, and anyone may write in it: its code is not to be run
    done = as_nobody(temporary)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("compiled again in each run") == 1
    assert not any(planted.iterdir())
