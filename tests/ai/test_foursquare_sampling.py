"""The sampling player: it solves random orders of the unseen cards, never the real one,
values a win above any score, and refuses a budget of nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from squares.ai.foursquare.sampling import SamplingPlayer, reward
from squares.games.foursquare import FoursquareState
from tests.ai.foursquare_helpers import GAME, random_games
from tests.ai.test_foursquare_players import shuffled_stock


def mid_game_states() -> list[FoursquareState]:
    """Positions with a real choice to make: several placements, many cards to come."""
    return [states[k] for states in random_games(range(3)) for k in (3, 8) if k < len(states) - 1]


def test_the_same_observation_gets_the_same_placement_whatever_the_stock_order() -> None:
    player = SamplingPlayer(samples=24)
    for state in mid_game_states():
        choice = player.choose(GAME.observe(state))
        for seed in range(3):
            assert player.choose(GAME.observe(shuffled_stock(state, seed))) == choice


def test_any_win_is_worth_more_than_no_win_and_a_higher_score_more() -> None:
    assert reward(None) < reward(0) < reward(1) < reward(24) <= 1.0


def test_the_choice_reports_what_its_samples_said() -> None:
    player = SamplingPlayer(samples=24)
    state = mid_game_states()[0]
    move = player.choose(GAME.observe(state))
    choice = player.choices[-1]
    assert 0 < choice.samples <= 24
    assert 0.0 <= choice.wins <= 1.0
    assert player.choose(GAME.observe(state)) == move  # the generator is seeded by the position
    assert player.choices[-1] == choice


@pytest.mark.parametrize(("samples", "nodes"), [(0, 100), (-3, 100), (10, 0)])
def test_a_budget_of_nothing_is_refused(samples: int, nodes: int) -> None:
    with pytest.raises(ValueError, match="1 or more"):
        SamplingPlayer(samples, nodes)


@pytest.mark.parametrize(
    ("flag", "value"),
    [("--samples", "0"), ("--nodes", "-5"), ("--against", "nobody"), ("--against", "sampling:0x5")],
)
def test_the_benchmark_refuses_bad_input_with_exit_code_2(flag: str, value: str) -> None:
    script = Path(__file__).parents[2] / "benchmarks" / "bench_sampling.py"
    done = subprocess.run(
        [sys.executable, str(script), flag, value], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert value in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""  # nothing played, nothing written
