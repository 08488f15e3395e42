"""The sampling player side by side with another (``expectimax`` by default) on the same
Foursquare deals, in one process, deal by deal in turn, so that other work on the
machine weighs on both alike.

Run on demand: ``python benchmarks/bench_sampling.py [--deals A..B] [--samples N]
[--nodes N] [--against NAME] [--best-nodes N]``; ``--against sampling:96x2000`` sets
the sampling player against itself at another budget. For each player it prints the win rate
with its 95% (Wilson) interval, the mean score over wins, the CPU seconds per move, and
the score against the deal's best: over the deals it won, the mean best score, the mean
shortfall and how many it matched. The best score of a deal comes from the shipped
results (deals 0..99,999) or, past them, from the whole-deal solver at ``--best-nodes``.
Then the deals one player won and the other lost, and the sampling player's optimism:
the mean share of samples won by the placements it chose, against the share of those
games it won, and their mean score over the samples (0 for a sample not won) against the
score those games reached (0 for a game lost). Solving each sampled order with the order
known plans for each order apart ("strategy fusion"), so the first of each pair is above
the second.
"""

from __future__ import annotations

import argparse
from typing import Any

from squares.ai import Player, UnknownPlayer, get_player
from squares.ai.deal_results import best_known
from squares.ai.foursquare import SamplingPlayer
from squares.cli.arguments import deal_range, positive_int
from squares.survey.deals import Budget, Played, play_with, solve_deal, summarize_plays

GAME = "foursquare"


def best_score(deal: int, nodes: int) -> tuple[int | None, bool]:
    """The deal's best score (``None``: no win), and whether it is proven."""
    known = best_known(GAME, deal)
    if known is not None:
        return known.score, known.proven
    solved = solve_deal(GAME, Budget(nodes, None), deal)
    return solved["best_score"], bool(solved["best_proven"])


def against_best(results: list[Played], best: dict[int, int | None]) -> dict[str, Any]:
    """Over the deals won: the mean best score, the mean shortfall, how many matched it."""
    won = [r for r in results if r.won and r.score is not None and best[r.deal] is not None]
    gaps = [int(best[r.deal] or 0) - int(r.score or 0) for r in won]
    return {
        "mean_best": round(sum(int(best[r.deal] or 0) for r in won) / len(won), 3) if won else None,
        "mean_shortfall": round(sum(gaps) / len(gaps), 3) if gaps else None,
        "matched_best": sum(gap <= 0 for gap in gaps),
    }


def opponent(spec: str) -> Player[Any, Any]:
    """The player ``spec`` names: a player's name, or ``sampling:SAMPLESxNODES``."""
    name, _, budget = spec.partition(":")
    if name != SamplingPlayer.name or not budget:
        return get_player(GAME, spec)
    samples, _, nodes = budget.partition("x")
    return SamplingPlayer(positive_int(samples), positive_int(nodes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("710000..710199"))
    parser.add_argument("--samples", type=positive_int, default=96)
    parser.add_argument("--nodes", type=positive_int, default=2_000)
    parser.add_argument("--against", default="expectimax")
    parser.add_argument("--best-nodes", type=positive_int, default=2_000_000)
    args = parser.parse_args()
    try:
        other = opponent(args.against)
    except (UnknownPlayer, argparse.ArgumentTypeError) as err:
        parser.error(f"--against {args.against}: {err}")
    sampling = SamplingPlayer(args.samples, args.nodes)
    name = f"sampling({args.samples}x{args.nodes})"
    plays: dict[str, list[Played]] = {args.against: [], name: []}
    best: dict[int, int | None] = {}
    sampled, reached = 0.0, 0.0  # sums over the sampling player's chosen placements
    promised, scored = 0.0, 0.0
    choices = 0
    for count, deal in enumerate(args.deals, 1):
        best[deal] = best_score(deal, args.best_nodes)[0]
        plays[args.against].append(play_with(GAME, other, deal))
        sampling.choices.clear()
        played = play_with(GAME, sampling, deal)
        plays[name].append(played)
        sampled += sum(choice.wins for choice in sampling.choices)
        reached += played.won * len(sampling.choices)
        promised += sum(choice.score for choice in sampling.choices)
        scored += (played.score or 0) * len(sampling.choices)
        choices += len(sampling.choices)
        outcome = " ".join(f"{'W' if p[-1].won else 'L'}{p[-1].score}" for p in plays.values())
        print(f"{count}/{len(args.deals)} deal {deal}: {outcome} best {best[deal]}", flush=True)
    print()
    for player, results in plays.items():
        summary = summarize_plays(GAME, player, results)
        low, high = summary["ci95"]
        print(
            f"{player:>22}: wins {summary['wins']}/{summary['deals']} "
            f"= {summary['win_rate']:.2%} (95% {low:.2%}..{high:.2%}), "
            f"mean score over wins {summary['mean_score']}, "
            f"{summary['seconds_per_move'] * 1000:.1f} ms CPU a move, "
            f"against the best: {against_best(results, best)}"
        )
    only = {
        player: sum(a.won and not b.won for a, b in zip(results, plays[other_name], strict=True))
        for player, results in plays.items()
        for other_name in plays
        if other_name != player
    }
    print(f"won where the other lost: {only}")
    if choices:
        print(
            f"optimism: the placements chosen won {sampled / choices:.2%} of their samples; "
            f"the games they were chosen in were won {reached / choices:.2%} of the time "
            f"({choices} choices); their samples' mean score {promised / choices:.2f}, "
            f"the games' {scored / choices:.2f}"
        )


if __name__ == "__main__":
    main()
