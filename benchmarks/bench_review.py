"""How long the after-game review of a finished game takes, per game.

Games are played by a baseline player on numbered deals (every move through the rules
engine), then reviewed from scratch (``squares.review.compute``: the solver's figures
after each move, the critical move, the win-chance curve). The first review of each game
also compiles or loads the compiled search; it is run once before timing (``--no-warm-up``
to time it too). The budgets are in nodes and samples, so the reviews themselves are the
same on any machine; only the times are this machine's (wall-clock, and the CPU time of
this process, which a machine shared with other work inflates less). Each line also gives
what reading a kept review costs: its words made again in the current language
(``squares.review.naming.worded``), which every read of a review does.

    python benchmarks/bench_review.py                       # both games, deals 0..5, greedy
    python benchmarks/bench_review.py --game union-square --deals 0..9 --player builder
"""

from __future__ import annotations

import statistics
from typing import Any

from deal_runs import deal_arguments, timed

from squares.ai import get_player
from squares.ai.base import Resign
from squares.games import get_game
from squares.games.base import Status
from squares.review import compute
from squares.review.naming import worded


def play(game_name: str, player_name: str, deal: int) -> tuple[list[str], bool]:
    """The moves the player makes on ``deal``, and whether it resigned."""
    game, player = get_game(game_name), get_player(game_name, player_name)
    state: Any = game.new(deal)
    moves: list[str] = []
    while game.status(state) is Status.PLAYING:
        try:
            move = player.choose(game.observe(state))
        except Resign:
            return moves, True
        moves.append(str(move))
        state = game.apply(state, move)
    return moves, False


def main() -> None:
    args, deals = deal_arguments(__doc__, "0..5", "the player whose games are reviewed")
    for game_name in args.game:
        game = get_game(game_name)
        if not args.no_warm_up:
            moves, resigned = play(game_name, args.player, deals[0])
            compute(game, deals[0], moves, resigned=resigned)
        times: list[float] = []
        cpus: list[float] = []
        words: list[float] = []
        for deal in deals:
            moves, resigned = play(game_name, args.player, deal)
            review, seconds, cpu = timed(
                lambda: compute(game, deal, moves, resigned=resigned)  # noqa: B023
            )
            times.append(seconds)
            cpus.append(cpu)
            _, wording, _ = timed(lambda: worded(game, deal, moves, review))  # noqa: B023
            words.append(wording)
            critical = review["critical"]
            print(
                f"{game_name} deal {deal}: {len(moves)} moves, {review['status']}, "
                f"score {review['score']}, best {review['best_score']}, critical "
                f"{'-' if critical is None else critical['index']}: {seconds:.2f} s "
                f"({cpu:.2f} s CPU); its words again {wording * 1000:.1f} ms"
            )
        print(
            f"{game_name}: {len(times)} reviews, mean {statistics.mean(times):.2f} s, "
            f"median {statistics.median(times):.2f} s, max {max(times):.2f} s; CPU mean "
            f"{statistics.mean(cpus):.2f} s, max {max(cpus):.2f} s; words on reading mean "
            f"{statistics.mean(words) * 1000:.1f} ms, max {max(words) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
