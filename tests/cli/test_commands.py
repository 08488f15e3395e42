"""The command line as a user meets it: help, version, rules, and bad arguments."""

from __future__ import annotations

import squares
from tests.cli.conftest import Run


def test_help_lists_every_command(squares: Run) -> None:
    result = squares("--help")
    assert result.returncode == 0
    for command in ("play", "replay", "rules"):
        assert command in result.stdout


def test_the_full_screen_command_has_its_own_help(squares_here: Run) -> None:
    result = squares_here("tui", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: squares tui ")
    assert "full screen" in result.stdout
    assert "--plain" not in result.stdout  # always full screen, unlike ``play``
    assert "--plain" in squares_here("play", "--help").stdout


def test_version_prints_the_package_version(squares_here: Run) -> None:
    result = squares_here("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"squares {squares_version()}"


def squares_version() -> str:
    return squares.__version__


def test_rules_of_foursquare_explain_flipping_and_the_grid(squares_here: Run) -> None:
    result = squares_here("rules", "foursquare")
    assert result.returncode == 0
    text = result.stdout.lower()
    assert "foursquare" in text and "flip" in text and "4" in text and "face down" in text


def test_rules_of_union_square_explain_foundations_and_the_waste(squares_here: Run) -> None:
    result = squares_here("rules", "union-square")
    assert result.returncode == 0
    text = result.stdout.lower()
    assert "union square" in text and "foundation" in text and "waste" in text


def test_unknown_game_is_refused_with_the_known_names(squares: Run) -> None:
    result = squares("play", "klondike")
    assert result.returncode == 2
    assert "klondike" in result.stderr and "foursquare" in result.stderr


def test_deal_number_out_of_range_is_refused(squares_here: Run) -> None:
    for bad in ("-1", str(2**63), "seven", "1.5"):
        result = squares_here("play", "foursquare", "--deal", bad)
        assert result.returncode == 2, bad
        assert "deal number" in result.stderr, result.stderr
        assert result.stdout == ""


def test_largest_deal_number_is_accepted(squares_here: Run) -> None:
    result = squares_here("replay", "foursquare", "--deal", str(2**63 - 1))
    assert result.returncode == 0
    assert '"deal": 9223372036854775807' in result.stdout
