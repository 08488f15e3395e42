"""The deals' levels shipped with the package (``squares.ai.deal_levels``): the
difficulty survey's own, and a deal asked for at a level has that level."""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squares.ai.deal_levels import LEVELS, VERSION, pack, shipped_levels, unpack
from squares.difficulty import available, check_difficulty, deal_of_level, level_of
from squares.errors import BadResults
from squares.games import GAMES
from squares.survey.difficulty import rated_prefix, read_levels
from squares.survey.rows import Row

SURVEYS = {
    "foursquare": Path("surveys/foursquare.sqlite"),
    "union-square": Path("surveys/union-square-difficulty.sqlite"),
}
ROOT = Path(__file__).resolve().parents[2]


@cache
def surveyed(game: str) -> tuple[str, dict[int, str], list[Row]]:
    """``read_levels`` of ``game``'s survey, read once (seconds for Foursquare's)."""
    return read_levels(str(ROOT / SURVEYS[game]))


@given(st.dictionaries(st.integers(0, 3000), st.sampled_from(LEVELS), max_size=60))
def test_a_packed_file_gives_back_every_level_and_no_other_deal(levels: dict[int, str]) -> None:
    table = unpack(pack("union-square", levels))
    assert table.game == "union-square"
    for deal in range(-1, 3002):
        assert table.get(deal) == levels.get(deal)


def test_a_file_of_a_newer_format_or_damaged_is_refused_with_a_reason() -> None:
    data = pack("foursquare", {0: "easy", 1: "expert"})
    newer = data[:8] + struct.pack("<H", VERSION + 1) + data[10:]
    with pytest.raises(BadResults, match="newer"):
        unpack(newer)
    with pytest.raises(BadResults, match="damaged"):
        unpack(data[:-3])
    with pytest.raises(BadResults, match="not a file of deal levels"):
        unpack(b"SQDEALS\x00" + data[8:])


@pytest.mark.parametrize("game", list(GAMES))
def test_the_shipped_levels_are_the_surveys(game: str) -> None:
    found, rated, _rows = surveyed(game)
    table = shipped_levels(game)
    assert found == game and table is not None
    survey = rated_prefix(rated)
    assert table.first == 0 and len(table) > 0
    assert [table.get(deal) for deal in table.rated()] == [survey[deal] for deal in table.rated()]


def test_every_level_holds_foursquare_deals_and_each_is_won_less_often() -> None:
    _game, rated, rows = surveyed("foursquare")
    wins = dict.fromkeys(LEVELS, 0)
    plays = dict.fromkeys(LEVELS, 0)
    for row in rows:
        wins[rated[row.deal]] += row.won
        plays[rated[row.deal]] += 1
    rates = [wins[level] / plays[level] for level in LEVELS]
    assert all(plays[level] for level in LEVELS)
    assert rates == sorted(rates, reverse=True) and len(set(rates)) == len(LEVELS)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_asked_for_at_a_level_has_that_level(game: str) -> None:
    for level in available(game)[1:]:
        assert check_difficulty(game, level) == level
        for _ in range(5):
            assert level_of(game, deal_of_level(game, level)) == level


def test_a_deal_past_the_ratings_is_not_rated() -> None:
    table = shipped_levels("union-square")
    assert table is not None
    assert level_of("union-square", table.rated().stop) is None
    assert level_of("foursquare", 100_000) is None
