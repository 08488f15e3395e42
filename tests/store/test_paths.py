"""Where the database lives by default, on each platform, and how to choose another."""

from __future__ import annotations

from pathlib import Path

import platformdirs.windows
import pytest

from squares.store.paths import data_dir, default_db_path


@pytest.fixture
def environ(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No data-directory variable set but those a test sets (the tests' own are cleared)."""
    for name in ("SQUARES_DB", "XDG_DATA_HOME", "LOCALAPPDATA", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_squares_db_overrides_everything(environ: pytest.MonkeyPatch) -> None:
    environ.setenv("SQUARES_DB", "/elsewhere/my.db")
    environ.setenv("XDG_DATA_HOME", "/xdg")
    environ.setenv("HOME", "/home/u")
    assert default_db_path("linux") == Path("/elsewhere/my.db")


def test_linux_uses_xdg_data_home(environ: pytest.MonkeyPatch) -> None:
    environ.setenv("XDG_DATA_HOME", "/xdg")
    environ.setenv("HOME", "/home/u")
    assert default_db_path("linux") == Path("/xdg/squares/squares.db")


def test_linux_falls_back_to_local_share_without_xdg_or_with_a_relative_one(
    environ: pytest.MonkeyPatch,
) -> None:
    expected = Path("/home/u/.local/share/squares")
    environ.setenv("HOME", "/home/u")
    assert data_dir("linux") == expected
    environ.setenv("SQUARES_DB", "")
    assert data_dir("freebsd") == expected
    environ.setenv("XDG_DATA_HOME", "relative/dir")
    assert data_dir("linux") == expected


def test_macos_uses_application_support(environ: pytest.MonkeyPatch) -> None:
    environ.setenv("HOME", "/Users/u")
    assert data_dir("darwin") == Path("/Users/u/Library/Application Support/squares")


def test_windows_uses_local_app_data_without_an_author_folder(
    environ: pytest.MonkeyPatch,
) -> None:
    known = {"CSIDL_LOCAL_APPDATA": "C:/Users/u/AppData/Local", "CSIDL_APPDATA": "C:/Roaming"}
    # Windows itself answers which folder is which; here a stand-in does.
    environ.setattr(platformdirs.windows, "get_win_folder", known.__getitem__)
    assert data_dir("win32") == Path("C:/Users/u/AppData/Local/squares")


def test_finding_the_data_directory_creates_nothing(
    environ: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    environ.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir("linux") == tmp_path / "xdg" / "squares"
    assert not (tmp_path / "xdg").exists()


def test_tests_never_see_the_real_data_directory(private_database: Path) -> None:
    assert default_db_path() == private_database
