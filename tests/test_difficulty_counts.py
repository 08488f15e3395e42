"""Statistics count the player's wins by the difficulty of the deals (``count_by_level``)."""

from __future__ import annotations

from squares.difficulty import count_by_level, rated_deals


def test_finished_games_are_counted_by_the_level_of_their_deal() -> None:
    easy, hard = rated_deals("foursquare", "easy")[0], rated_deals("foursquare", "hard")[0]
    counts = count_by_level(
        "foursquare", [(easy, True), (easy, False), (hard, True), (100_000, False)]
    )
    assert counts["easy"] == (2, 1)
    assert counts["hard"] == (1, 1)
    assert counts["medium"] == counts["expert"] == (0, 0)
    assert counts[None] == (1, 0)
