"""The whole-deal solver from a best score found before: the same answer, proven the same
way, whatever that score, in fewer positions when it is right."""

from __future__ import annotations

import pytest

from squares.games.base import Status
from tests.ai.foursquare_helpers import GAME
from tests.ai.test_foursquare_solver import SOLVER, replay

# Deal 11547: a best score of 22, proven (no win within 17 cards) in a few hundred
# thousand positions; the solve without a score to start from first searches within 16
# and 17 cards upwards, then finds the 22.
FOUND_DEAL, FOUND_BEST, FOUND_NODES = 11547, 22, 10_000_000


@pytest.mark.parametrize("found", [FOUND_BEST, FOUND_BEST + 1, FOUND_BEST - 3, 0])
def test_a_best_score_found_before_leaves_the_answer_and_its_proof_as_they_are(found: int) -> None:
    # Right or wrong (a score above the best, or far below it), it changes only where
    # the search starts: the same best score, proven, with a line that wins with it.
    plain = SOLVER.solve(GAME.new(FOUND_DEAL), max_nodes=FOUND_NODES)
    started = SOLVER.solve(GAME.new(FOUND_DEAL), max_nodes=FOUND_NODES, found=found)
    assert plain.best_score == started.best_score == FOUND_BEST
    assert plain.best_proven is started.best_proven is True
    end = replay(GAME.new(FOUND_DEAL), started.line)
    assert GAME.status(end) is Status.WON and GAME.score(end) == FOUND_BEST


def test_a_best_score_found_before_spares_the_searches_below_its_proof() -> None:
    # From the 22 found before, the searches within 16 and 17 cards upwards are left
    # out: only the proof (none within 17) and the win are searched.
    plain = SOLVER.solve(GAME.new(FOUND_DEAL), max_nodes=FOUND_NODES)
    started = SOLVER.solve(GAME.new(FOUND_DEAL), max_nodes=FOUND_NODES, found=FOUND_BEST)
    assert started.nodes < plain.nodes
