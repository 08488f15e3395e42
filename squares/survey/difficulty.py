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

A member plays a deal only when every weaker member has lost it: the level is known as
soon as one wins, so most deals take one game rather than one a member. (Results files
may hold more rows, from runs that played every member; they rate the same.)

>>> rate([False, True, True])
'medium'
>>> rate([False, False, False])
'expert'
>>> played([False, True], 3), played([False, False, False], 3), played([False], 3)
(True, True, False)
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
from squares.survey.batches import PLAYER
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


def played(wins: Sequence[bool], size: int) -> bool:
    """Whether the members weakest first, of whom ``wins`` says who won, have played
    enough of a deal to rate it: one of them won, or all ``size`` of them lost."""
    return any(wins) or len(wins) == size


def _outcomes(rows: Iterable[Row], names: Sequence[str]) -> dict[int, list[bool]]:
    """Per deal, whether each member (weakest first) won, as far as the rows go without
    a gap: the outcomes a rating reads."""
    won: dict[int, dict[str, bool]] = defaultdict(dict)
    for row in rows:
        if row.who in names:
            won[row.deal][row.who] = row.won
    found = {}
    for deal, by_who in sorted(won.items()):
        wins: list[bool] = []
        for name in names:
            if name not in by_who or played(wins, len(names)):
                break
            wins.append(by_who[name])
        found[deal] = wins
    return found


@dataclass(frozen=True, slots=True)
class _Batch:
    game: str
    members: tuple[Member, ...]
    deals: list[int]
    known: tuple[tuple[bool, ...], ...]  # per deal, the outcomes already in the file


def _play(batch: _Batch) -> list[Row]:
    rows = []
    for deal, known in zip(batch.deals, batch.known, strict=True):
        wins = list(known)
        while not played(wins, len(batch.members)):
            member = batch.members[len(wins)]
            game = play_deal(batch.game, member.player, deal, member.haste, deal)
            rows.append(
                Row(deal, member.who, PLAYER, "won" if game.won else "lost", game.score,
                    None, None, game.moves, round(game.seconds, 6))
            )  # fmt: skip
            wins.append(game.won)
    return rows


def measure(game: str, deals: range, path: str, where: Where, watch: Watch) -> Work:
    """The members of ``game``'s family on each deal of ``deals`` that the results file
    ``path`` (created if new) cannot rate yet, weakest first until one wins, the lowest
    deals first: a run stopped early leaves whole deals rated behind it. Its work is
    counted in deals."""
    members = family(game)
    names = [member.who for member in members]
    known = read_results(path) if results_exist(path) else None  # read-only until work
    outcomes: dict[int, list[bool]] = {}
    if known is not None:
        try:
            outcomes = _outcomes(known.rows(deals), names)
        finally:
            known.close()
        if known.game != game:
            open_results(path, game, None).close()  # refused: it says which game it holds
    todo = [deal for deal in deals if not played(outcomes.get(deal, []), len(names))]
    work = Work(len(todo), len(deals) - len(todo))
    if not todo:
        return work
    size = batch_size(len(todo), where.processes(), MOST_PER_BATCH)
    batches = []
    for i in range(0, len(todo), size):
        some = todo[i : i + size]
        batches.append(_Batch(game, members, some, tuple(tuple(outcomes.get(d, [])) for d in some)))
    with (
        closing(open_results(path, game, None)) as results,
        open_pool(where.count(len(batches)), where.scheduler) as pool,
        watch(work) as seen,
    ):
        for rows in pool.run(_play, batches):
            results.add(rows)
            seen(list({row.deal: row for row in rows}.values()))  # a deal's deciding game
    return work


def levels(game: str, rows: Iterable[Row]) -> dict[int, str]:
    """The level of each deal whose rows rate it: a member of ``game``'s family won it
    and every weaker one lost it, or every member lost it."""
    names = [member.who for member in family(game)]
    return {
        deal: rate(wins)  # a member won, or every one lost
        for deal, wins in _outcomes(rows, names).items()
        if played(wins, len(names))
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
    """The ``squares difficulty --json`` object: the deals at each level, and of them
    how many each member of the family played and won (a member plays a deal only when
    the weaker ones lost it, so stronger members play few easy deals)."""
    wins: dict[tuple[str, str], int] = defaultdict(int)
    games: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        if row.deal in rated:
            games[(rated[row.deal], row.who)] += 1
            wins[(rated[row.deal], row.who)] += row.won
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
                "played": {member.who: games[(level, member.who)] for member in family(game)},
                "wins": {member.who: wins[(level, member.who)] for member in family(game)},
            }
            for level in LEVELS
        ],
    }
