"""Where the database lives by default, on each platform, and how to choose another."""

from __future__ import annotations

from pathlib import Path

from squares.store.paths import data_dir, default_db_path


def test_squares_db_overrides_everything() -> None:
    env = {"SQUARES_DB": "/elsewhere/my.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}
    assert default_db_path(env, "linux") == Path("/elsewhere/my.db")


def test_linux_uses_xdg_data_home() -> None:
    assert default_db_path({"XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}, "linux") == Path(
        "/xdg/squares/squares.db"
    )


def test_linux_falls_back_to_local_share_without_xdg_or_with_a_relative_one() -> None:
    expected = Path("/home/u/.local/share/squares")
    assert data_dir({"HOME": "/home/u"}, "linux") == expected
    assert data_dir({"HOME": "/home/u", "XDG_DATA_HOME": "relative/dir"}, "linux") == expected
    assert data_dir({"HOME": "/home/u", "SQUARES_DB": ""}, "freebsd") == expected


def test_macos_uses_application_support() -> None:
    assert data_dir({"HOME": "/Users/u"}, "darwin") == Path(
        "/Users/u/Library/Application Support/squares"
    )


def test_windows_uses_local_app_data() -> None:
    env = {"HOME": "C:/Users/u", "LOCALAPPDATA": "C:/Users/u/AppData/Local"}
    assert data_dir(env, "win32") == Path("C:/Users/u/AppData/Local/squares")


def test_tests_never_see_the_real_data_directory(private_database: Path) -> None:
    assert default_db_path() == private_database
