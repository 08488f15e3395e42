"""The survey's box plots stay small for a survey of 100,000 deals: each box is drawn from
at most ``DRAWN`` values taken evenly across its ranks, so it looks as it would from all."""

from __future__ import annotations

import random
import statistics

from squares.survey.plots import DRAWN, thinned, time_per_deal
from squares.survey.rows import Row


def test_a_box_of_100000_values_is_drawn_from_few_with_the_same_quartiles_and_ends() -> None:
    draw = random.Random(7)
    values = [draw.expovariate(1.0) for _ in range(100_000)]
    shown = thinned(values)
    assert len(shown) == DRAWN
    assert (shown[0], shown[-1]) == (min(values), max(values))
    for whole, drawn in zip(statistics.quantiles(values), statistics.quantiles(shown), strict=True):
        assert abs(drawn - whole) <= 0.02 * whole


def test_the_time_per_deal_plot_of_a_100000_deal_survey_stays_small() -> None:
    draw = random.Random(8)
    rows = [
        Row(deal, "keeper", "player", "won", 104, None, None, 200, draw.lognormvariate(-3, 1))
        for deal in range(100_000)
    ]
    svg = str(time_per_deal(rows).render(is_unicode=True))
    assert "keeper" in svg
    assert len(svg) < 100_000  # every value drawn: 0.76 MB
