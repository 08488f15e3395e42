"""Share codes name a deal of a game; daily deals are the local date as a number."""

from __future__ import annotations

from datetime import date

import pytest

from squares.errors import BadNotation
from squares.share import daily_deal, format_code, is_code, parse_code


def test_code_round_trips_for_both_games() -> None:
    for game, deal in (("foursquare", 1234), ("union-square", 987654), ("foursquare", 0)):
        assert parse_code(format_code(game, deal)) == (game, deal)


def test_code_reads_any_case_and_spaces_around() -> None:
    assert parse_code("  Union-Square:42 ") == ("union-square", 42)


@pytest.mark.parametrize(
    "text",
    [
        "foursquare",
        "foursquare:",
        ":7",
        "foursquare:seven",
        "foursquare:-1",
        "foursquare:1.5",
        f"foursquare:{2**63}",
    ],
)
def test_malformed_code_says_what_is_expected(text: str) -> None:
    with pytest.raises(BadNotation, match="bad share code") as caught:
        parse_code(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "GAME:DEAL" in message or "deal number" in message


def test_code_of_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(BadNotation, match=r"unknown game 'klondike'.*foursquare or union-square"):
        parse_code("klondike:7")


def test_a_bare_number_is_not_a_code() -> None:
    assert not is_code("1234") and is_code("foursquare:1234")


def test_daily_deal_is_the_date_as_yyyymmdd() -> None:
    assert daily_deal(date(2026, 1, 5)) == 20260105
    assert daily_deal(date(1999, 12, 31)) == 19991231
