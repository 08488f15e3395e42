"""Share codes name a deal of a game; the daily deals run through the levels over the week."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from squares.ai.deal_levels import LEVELS, shipped_levels
from squares.difficulty import level_of
from squares.errors import BadNotation
from squares.share import daily_deal, daily_level, daily_words, format_code, is_code, parse_code


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


MONDAY = date(2026, 12, 7)
WEEK_DAYS = [MONDAY + timedelta(days=n) for n in range(7)]
GAMES = ("foursquare", "union-square")


def test_the_daily_deals_rise_from_easy_on_monday_to_expert_on_sunday() -> None:
    levels = [daily_level(day) for day in WEEK_DAYS]
    assert levels[0] == "easy" and levels[-1] == "expert"
    assert [LEVELS.index(level) for level in levels] == sorted(LEVELS.index(x) for x in levels)
    assert set(levels) == set(LEVELS)


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_deal_of_each_weekday_has_that_weekdays_level(game: str) -> None:
    for weeks in range(4):
        for day in WEEK_DAYS:
            later = day + timedelta(weeks=weeks)
            assert level_of(game, daily_deal(game, later)) == daily_level(later)


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_deal_is_a_rated_deal_proven_winnable(game: str) -> None:
    table = shipped_levels(game)
    assert table is not None
    for n in range(60):
        deal = daily_deal(game, MONDAY + timedelta(days=n))
        assert deal in table.rated() and level_of(game, deal) is not None


@pytest.mark.parametrize("game", GAMES)
def test_the_same_day_gives_the_same_deal_and_the_days_of_a_level_vary(game: str) -> None:
    days = [MONDAY + timedelta(days=n) for n in range(364)]
    first = [daily_deal(game, day) for day in days]
    assert first == [daily_deal(game, date.fromisoformat(day.isoformat())) for day in days]
    for level in LEVELS:
        assert (
            len({deal for deal, day in zip(first, days, strict=True) if daily_level(day) == level})
            > 1
        )


def test_the_daily_deal_is_the_same_on_every_install() -> None:
    # picked by a hash of the game and the date alone: no seed, no clock, no Python version
    assert daily_deal("foursquare", MONDAY) == 17180


def test_the_two_games_have_daily_deals_of_their_own() -> None:
    assert daily_deal("foursquare", MONDAY) != daily_deal("union-square", MONDAY)


def test_the_daily_deal_is_announced_with_its_level() -> None:
    sunday = WEEK_DAYS[-1]
    assert daily_words("foursquare", sunday) == "Daily deal of 2026-12-13: expert."
