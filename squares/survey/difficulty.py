"""How hard a deal is, measured: the deal played by a family of players of graded
strength, and its level the weakest of them that wins it.

Each game declares its family, weakest first (``DIFFICULTY_FAMILY`` in its AI package). A deal is

- **easy** if the weakest member wins it,
- **medium** if the second wins it and the first does not,
- **hard** if only the third (the strongest) wins it,
- **expert** if none of them does (every deal of 0..99,999 can still be won: the
  whole-deal solver found a win for each).

On Foursquare the family is the game's own players that think further ahead
(``greedy``, ``expectimax-2``, ``expectimax``). On Union Square ``keeper`` wins nearly
every deal, so its family is ``keeper`` made hasty: with a probability (0.3, 0.2, 0.15)
at each move it deals from the stock instead of playing its own move, drawn from a
generator seeded with the deal, so that each row can be played again and comes out the
same. A member's rows are kept in the survey's results file under its name
(``keeper haste 0.3``), so ``squares difficulty`` resumes where a run stopped.

>>> rate([False, True, True])
'medium'
>>> rate([False, False, False])
'expert'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from squares.ai.deal_levels import LEVELS
from squares.games import get_game
from squares.survey.batches import PLAYER, missing
from squares.survey.cluster import open_pool
from squares.survey.deals import batch_size, play_deal
from squares.survey.results import open_results, read_results, results_exist
from squares.survey.rows import Row
from squares.survey.run import MOST_PER_BATCH, Watch, Where, Work


@dataclass(frozen=True, slots=True)
class Member:
    """A player of a difficulty family: one of the game's players, perhaps hasty."""

    player: str
    haste: float = 0.0

    @property
    def who(self) -> str:
        """Its name in a results file: the player's own when it is not hasty."""
        return f"{self.player} haste {self.haste:g}" if self.haste else self.player


def family(game: str) -> tuple[Member, ...]:
    """``game``'s family of players, weakest first (its AI package's
    ``DIFFICULTY_FAMILY``)."""
    declared = import_module(get_game(game).info.ai_package).DIFFICULTY_FAMILY
    return tuple(Member(player, haste) for player, haste in declared)


def rate(wins: Sequence[bool]) -> str:
    """The level of a deal from whether each member of its family (weakest first) won."""
    return LEVELS[next((at for at, won in enumerate(wins) if won), len(LEVELS) - 1)]


@dataclass(frozen=True, slots=True)
class _Batch:
    game: str
    member: Member
    deals: list[int]


def _play(batch: _Batch) -> list[Row]:
    rows = []
    for deal in batch.deals:
        played = play_deal(batch.game, batch.member.player, deal, batch.member.haste, deal)
        rows.append(
            Row(deal, batch.member.who, PLAYER, "won" if played.won else "lost", played.score,
                None, None, played.moves, round(played.seconds, 6))
        )  # fmt: skip
    return rows


def measure(game: str, deals: range, path: str, where: Where, watch: Watch) -> Work:
    """Each member of ``game``'s family on each deal of ``deals`` that the results file
    ``path`` lacks (created if new), the lowest deals first: a run stopped early leaves
    whole deals rated behind it."""
    members = {member.who: member for member in family(game)}
    known = read_results(path) if results_exist(path) else None  # read-only until work
    todo = missing(known, list(members), deals)
    if known is not None:
        known.close()
        if known.game != game:
            open_results(path, game, None).close()  # refused: it says which game it holds
    count = sum(map(len, todo.values()))
    work = Work(count, len(members) * len(deals) - count)
    if not count:
        return work
    size = batch_size(count, where.processes(), MOST_PER_BATCH)
    batches = sorted(
        (
            _Batch(game, members[who], found[i : i + size])
            for who, found in todo.items()
            for i in range(0, len(found), size)
        ),
        key=lambda batch: batch.deals[0],
    )
    with (
        closing(open_results(path, game, None)) as results,
        open_pool(where.count(len(batches)), where.scheduler) as pool,
        watch(work) as seen,
    ):
        for rows in pool.run(_play, batches):
            results.add(rows)
            seen(rows)
    return work


def levels(game: str, rows: Iterable[Row]) -> dict[int, str]:
    """The level of each deal that has a row for every member of ``game``'s family."""
    names = [member.who for member in family(game)]
    won: dict[int, dict[str, bool]] = defaultdict(dict)
    for row in rows:
        if row.who in names:
            won[row.deal][row.who] = row.won
    return {
        deal: rate([by_who[name] for name in names])
        for deal, by_who in sorted(won.items())
        if len(by_who) == len(names)
    }


def rated_prefix(rated: Mapping[int, str]) -> dict[int, str]:
    """The levels of the deals from the first rated one up to the first gap: what is
    shipped, so that "rated" is one range."""
    found: dict[int, str] = {}
    deal = min(rated, default=0)
    while deal in rated:
        found[deal] = rated[deal]
        deal += 1
    return found


def read_levels(path: str) -> tuple[str, dict[int, str], list[Row]]:
    """The game, the deals' levels and the family's rows of the results file ``path``."""
    results = read_results(path)
    try:
        names = {member.who for member in family(results.game)}
        rows = [row for row in results.rows() if row.who in names]
    finally:
        results.close()
    return results.game, levels(results.game, rows), rows


def summary(game: str, rated: Mapping[int, str], rows: Iterable[Row]) -> dict[str, Any]:
    """The ``squares difficulty --json`` object: the deals at each level and how often
    each member of the family won them."""
    wins: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        if row.deal in rated and row.won:
            wins[(rated[row.deal], row.who)] += 1
    counts = {level: sum(1 for found in rated.values() if found == level) for level in LEVELS}
    return {
        "game": game,
        "family": [member.who for member in family(game)],
        "deals": len(rated),
        "first_deal": min(rated, default=None),
        "last_deal": max(rated, default=None),
        "levels": [
            {
                "level": level,
                "deals": counts[level],
                "share": round(counts[level] / len(rated), 6) if rated else 0.0,
                "wins": {member.who: wins[(level, member.who)] for member in family(game)},
            }
            for level in LEVELS
        ],
    }
