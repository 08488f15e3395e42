"""Every test gets its own empty saved-games database (never the user's real one) and the
program in English, whatever the locale of the machine.

The suite runs on several workers at once (pytest-xdist): each test's database and data
directory are below its own temporary directory, so no two tests share one."""

from __future__ import annotations

from pathlib import Path

import pytest


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: long first
