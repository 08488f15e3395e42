"""Both games' solver lines on a range of deals, replayed in the independent models of
the rules (``tests/reference/``), which share no code with the rules engines.

    python benchmarks/replay_in_models.py 300000..301999

For each deal: the Foursquare solver's line (300,000 positions a deal) must be legal
move by move in the model and end in a win keeping as many cards in the stock as the
solver's best score; the Union Square solver's (100,000 positions) must end with all
104 cards home. Prints the first line that fails, or the counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the models in tests/

from squares.ai import get_solver
from squares.games import Status
from squares.games.foursquare import Foursquare
from squares.games.union_square import UnionSquare
from tests.reference.test_foursquare_model import foursquare_model_of
from tests.reference.union_square_model import union_square_model_of

FOURSQUARE, UNION_SQUARE = Foursquare(), UnionSquare()


def foursquare_replays(deal: int) -> str | None:
    """Why the Foursquare solver's line for ``deal`` fails in the model, or ``None``."""
    state = FOURSQUARE.new(deal)
    solution = get_solver("foursquare").solve(state, max_nodes=300_000)
    model = foursquare_model_of(state)
    for move in solution.line:
        if move not in model.legal():
            return f"Foursquare deal {deal}: {move} is not legal in the model"
        model.place(move)
    if model.status() is not Status.WON or model.score() != solution.best_score:
        return f"Foursquare deal {deal}: the line ends {model.status()}, {model.score()}"
    return None


def union_square_replays(deal: int) -> str | None:
    """Why the Union Square solver's line for ``deal`` fails in the model, or ``None``."""
    state = UNION_SQUARE.new(deal)
    solution = get_solver("union-square").solve(state, max_nodes=100_000)
    model = union_square_model_of(state)
    for move in solution.line:
        if move not in model.legal():
            return f"Union Square deal {deal}: {move} is not legal in the model"
        model.apply(move)
    if solution.best_score != 104 or model.score() != 104:
        return f"Union Square deal {deal}: {model.score()} cards home, not 104"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("deals", help="first..last, e.g. 300000..301999")
    first, _, last = parser.parse_args().deals.partition("..")
    deals = range(int(first), int(last or first) + 1)
    start = time.perf_counter()
    for deal in deals:
        for replays in (foursquare_replays, union_square_replays):
            failure = replays(deal)
            if failure:
                print(failure)
                return 1
    print(
        f"deals {deals[0]}..{deals[-1]}: {len(deals)} Foursquare lines won with the solver's "
        f"score and {len(deals)} Union Square lines with 104 cards home, in the models "
        f"({time.perf_counter() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
