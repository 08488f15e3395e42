"""Every test gets its own empty saved-games database (never the user's real one) and the
program in English, whatever the locale of the machine.

The suite runs on several workers at once (pytest-xdist): each test's database and data
directory are below its own temporary directory, so no two tests share one."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Generator
from itertools import islice
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import settings

T = TypeVar("T")

# No Hypothesis example is held to a time limit: the machines are shared, and one example
# taking 400 ms under load instead of 20 ms fails nothing a user would notice.
settings.register_profile("squares", deadline=None)
settings.load_profile("squares")

# The suite keeps compiled bytecode even where PYTHONDONTWRITEBYTECODE asks not to: each
# worker would otherwise rewrite and compile every test module again (about 7 s), and each
# of the Python programs the tests start would compile the package again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The tests' temporary directories go to memory where the machine has room there: every
# saved move is synced to disk (SQLite's commit), which costs milliseconds a move on a
# disk and nothing in memory, and the suite saves many thousands. A kill (SIGKILL) loses
# nothing the system was handed in either place, so the durability tests test the same.
MEMORY, ROOM = Path("/dev/shm"), 2 * 2**30


def _memory_has_room() -> bool:
    if not (MEMORY.is_dir() and os.access(MEMORY, os.W_OK)):
        return False
    return shutil.disk_usage(MEMORY).free >= ROOM


if "PYTEST_DEBUG_TEMPROOT" not in os.environ and _memory_has_room():
    os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY)  # pytest's own root for tmp_path


@pytest.fixture(autouse=True)
def private_database(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Point ``SQUARES_DB`` (and the XDG data directory, in case) at a fresh temporary place."""
    home = tmp_path_factory.mktemp("data")
    path = home / "squares.db"
    monkeypatch.setenv("SQUARES_DB", str(path))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    # The program speaks the user's language; the tests read its English.
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    # Colour follows the terminal, as the tests expect it: no variable forces it on.
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    return path


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker more than this process may use cores. A browser test spends
    part of its time waiting for the page, with its core idle; a third worker on two cores
    fills that time (the suite 10 s faster here, measured side by side with two).
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still sets the number."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


# The fast loop, ``pytest -m quick``, leaves out the tests that drive a browser or a terminal
# and the ``long`` ones: they are marked here by their folder, so a new test is marked too.
TESTS = Path(__file__).resolve().parent
FOLDER_MARKS = {"e2e": "browser", "tui": "terminal"}
SLOW_MARKS = ("long", *FOLDER_MARKS.values())


def pytest_configure(config: pytest.Config) -> None:
    for line in (
        "long: a test that takes many seconds; it is started first, so that the "
        "workers finish together instead of one waiting for it at the end",
        "browser: drives the web app in Chromium (every test under tests/e2e)",
        "terminal: drives the full-screen terminal game (every test under tests/tui)",
        "quick: neither long, nor a browser's, nor a terminal's: the fast loop, pytest -m quick",
    ):
        config.addinivalue_line("markers", line)


def mark_by_kind(item: pytest.Item) -> None:
    """``browser`` or ``terminal`` by the test's folder, then ``quick`` if it is none of
    those nor ``long``."""
    path = Path(item.path)
    if path.is_relative_to(TESTS):
        folder = path.relative_to(TESTS).parts[0]
        if folder in FOLDER_MARKS:
            item.add_marker(FOLDER_MARKS[folder])
    if not any(item.get_closest_marker(name) for name in SLOW_MARKS):
        item.add_marker("quick")


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> Generator[None, None, None]:
    """Each test marked by its kind (``mark_by_kind``) before ``-m`` deselects by those
    marks; then, after every other plugin, the ``long`` tests first, shared out between
    the workers.

    The order is made last, after pytest has put the tests that share a parametrized
    fixture of the session together (every browser test takes pytest-playwright's
    ``browser_name``): made before, it lost to that move, which gave the browser tests and
    some long ones to the first worker, whose long tests then went in halves to the idle
    workers, each setting up the module's fixtures again.

    ``--dist worksteal`` hands each worker a slice of the collection in order (the first
    worker the first part, and so on), then moves tests from the end of a worker's queue to
    a worker that has run out. So each slice here begins with its share of the long tests,
    and the short tests that follow even out the end. A module's long tests go to one
    worker together: what they compile or build first (numba's kernels) is done once.
    """
    for item in items:
        mark_by_kind(item)
    yield
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        if item.get_closest_marker("long") is not None:
            modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    short = [item for item in items if item.get_closest_marker("long") is None]
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    items[:] = shared_out(list(modules.values()), short, workers)


def shared_out(long: list[list[T]], short: list[T], workers: int) -> list[T]:
    """The groups of ``long`` items and the ``short`` ones in slices of the sizes worksteal
    deals out: each group goes to the slice with the fewest long items so far, and each
    slice is its long items, then ``short`` ones in their order.

    >>> shared_out([["A1", "A2"], ["B1"], ["C1"]], ["s1", "s2", "s3", "s4", "s5"], 2)
    ['A1', 'A2', 's1', 's2', 'B1', 'C1', 's3', 's4', 's5']
    >>> shared_out([["A1"], ["B1"]], ["s1"], 1)
    ['A1', 'B1', 's1']
    """
    shares: list[list[T]] = [[] for _ in range(workers)]
    for group in long:
        min(shares, key=len).extend(group)
    remaining, order, rest = sum(map(len, shares)) + len(short), [], iter(short)
    for worker, first in enumerate(shares):
        size = remaining // (workers - worker)  # as worksteal's first distribution
        remaining -= size
        order += first + list(islice(rest, max(0, size - len(first))))
    return order + list(rest)
