"""Every test gets its own empty saved-games database (never the user's real one) and the
program in English, whatever the locale of the machine.

The suite runs on several workers at once (pytest-xdist): each test's database and data
directory are below its own temporary directory, so no two tests share one."""

from __future__ import annotations

from itertools import islice
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")


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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long: a test that takes many seconds; it is started first, so that the "
        "workers finish together instead of one waiting for it at the end"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The ``long`` tests first, shared out between the workers.

    ``--dist worksteal`` hands each worker a slice of the collection in order (the first
    worker the first part, and so on), then moves tests from the end of a worker's queue to
    a worker that has run out. So each slice here begins with its share of the long tests
    (every worker's n-th one), and the short tests that follow even out the end.
    """
    long = [item for item in items if item.get_closest_marker("long") is not None]
    short = [item for item in items if item.get_closest_marker("long") is None]
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    items[:] = shared_out(long, short, workers)


def shared_out(long: list[T], short: list[T], workers: int) -> list[T]:
    """``long`` and ``short`` in slices the sizes worksteal deals out, each slice ``long``
    items first (one in every ``workers``, in turn), then ``short`` ones in their order.

    >>> shared_out(["L1", "L2", "L3"], ["s1", "s2", "s3", "s4", "s5"], 2)
    ['L1', 'L3', 's1', 's2', 'L2', 's3', 's4', 's5']
    >>> shared_out(["L1", "L2"], ["s1"], 1)
    ['L1', 'L2', 's1']
    """
    remaining, order, rest = len(long) + len(short), [], iter(short)
    for worker in range(workers):
        size = remaining // (workers - worker)  # as worksteal's first distribution
        remaining -= size
        first = long[worker::workers]
        order += first + list(islice(rest, max(0, size - len(first))))
    return order + list(rest)
