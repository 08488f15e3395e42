"""The odds page's words made from a survey report (``squares survey-report --json``): a
share as a percentage, and the sentences of the page's summary."""

from __future__ import annotations

from typing import Any


def percent(share: float, digits: int = 1) -> str:
    """``0.97658`` as ``97.7%``.

    >>> percent(0.85934), percent(1.0)
    ('85.9%', '100%')
    """
    text = f"{100 * share:.{digits}f}".rstrip("0").rstrip(".")
    return f"{text}%"


def sentences(game: str, summary: dict[str, Any], default_player: str) -> str:
    """What a survey says, in plain sentences: how many deals can be won, how many allow
    the best score, and how often the default player wins.

    >>> summary = {"deals": 10, "first_deal": 0, "last_deal": 9, "rows": [
    ...     {"who": "whole-deal", "kind": "solver", "won": 10, "undecided": 0},
    ...     {"who": "p", "kind": "player", "won": 9, "deals": 10, "ci95": [0.6, 0.98]}],
    ...     "best_scores": [{"score": 24, "deals": 8}, {"score": 23, "deals": 2}]}
    >>> import textwrap
    >>> print(textwrap.fill(sentences("Foursquare", summary, "p"), 80))
    Every one of the 10 Foursquare deals surveyed (deals 0 to 9) can be won. 80% of
    them allow the best score of 24. The default player, `p`, which never sees the
    order of the stock, wins 90% of them (95% interval: 60% to 98%). Nothing proves
    yet that a player who cannot see the stock must lose any deal: for a whole game
    the only bound is the solver's 100%.

    The strongest player surveyed is named when it is not the default, with its deals:

    >>> summary["rows"].append({"who": "q", "kind": "player", "won": 4, "deals": 4,
    ...     "ci95": [0.51, 1.0], "command": "squares simulate g --player q --deals 0..3"})
    >>> print(textwrap.fill(sentences("Foursquare", summary, "p"), 80))
    Every one of the 10 Foursquare deals surveyed (deals 0 to 9) can be won. 80% of
    them allow the best score of 24. The default player, `p`, which never sees the
    order of the stock, wins 90% of them (95% interval: 60% to 98%). The strongest,
    `q`, which does not see it either, wins 100% of deals 0 to 3, the deals it has
    played so far (95% interval: 51% to 100%). Nothing proves yet that a player who
    cannot see the stock must lose any deal: for a whole game the only bound is the
    solver's 100%.
    """
    solver = next(row for row in summary["rows"] if row["kind"] == "solver")
    player = next(row for row in summary["rows"] if row["who"] == default_player)
    deals = summary["deals"]
    first, last = summary["first_deal"], summary["last_deal"]
    which = f"{deals:,} {game} deals surveyed (deals {first:,} to {last:,})"
    if solver["won"] == deals:
        said = [f"Every one of the {which} can be won."]
    else:
        said = [f"Of the {which}, {percent(solver['won'] / deals)} can be won."]
    best = max(summary["best_scores"], key=lambda row: row["score"])
    share = best["deals"] / deals
    allowed = "All" if share == 1 else percent(share)
    said.append(f"{allowed} of them allow the best score of {best['score']}.")
    said.append(
        f"The default player, `{default_player}`, which never sees the order of the stock, "
        f"wins {_rate(player)} of them{_interval(player)}."
    )
    players = [row for row in summary["rows"] if row["kind"] == "player"]
    strongest = max(players, key=lambda row: row["won"] / row["deals"])
    if strongest["won"] * player["deals"] > player["won"] * strongest["deals"]:
        first, last = (int(end) for end in strongest["command"].split()[-1].split(".."))
        span = f"deals {first:,} to {last:,}"
        if strongest["deals"] < deals:
            span += ", the deals it has played so far"
        said.append(
            f"The strongest, `{strongest['who']}`, which does not see it either, wins "
            f"{_rate(strongest)} of {span}{_interval(strongest)}."
        )
    lost = "any deal" if solver["won"] == deals else "more deals than no one can win"
    said.append(
        f"Nothing proves yet that a player who cannot see the stock must lose {lost}: "
        f"for a whole game the only bound is the solver's {percent(solver['won'] / deals)}."
    )
    return " ".join(said)


def _rate(row: dict[str, Any]) -> str:
    rate = row["won"] / row["deals"]
    return percent(rate, 2 if rate > 0.999 else 1)


def _interval(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return (
        f" (95% interval: {percent(low, 2 if low > 0.999 else 1)} to"
        f" {percent(high, 2 if high > 0.999 else 1)})"
    )
