"""The review of a finished game, as data: what the deal allowed, what each move left
reachable, the move that lost the win and the one the solver would have made, and the
chance to win the player had before each move.

The review is JSON-ready (``Review``); ``FORMAT`` is its version, stored beside it.

>>> from squares.games import get_game
>>> game = get_game("foursquare")
>>> review = compute(game, 2, ["0,0", "0,0", "0,0", "0,0"], resigned=True)
>>> review["best_score"], review["best_proven"], review["score"]
(24, True, None)
>>> [move["move"] for move in review["moves"]]
['0,0', '0,0', '0,0', '0,0']
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from squares.ai import Hindsight, get_hindsight, get_solver
from squares.ai.deal_results import DealResult, best_known
from squares.difficulty import difficulty_sentence, level_of
from squares.errors import SessionError
from squares.games.base import Game, Status
from squares.i18n import N_, _
from squares.review.best import Best, at_least, best_along, lowered
from squares.review.chance import curve

FORMAT = 3
"""2: each estimate of the chance to win is within ±5 points (up to 400 playouts), not 16.
3: a move is critical only where the figures prove its drop; ``unsettled`` and the critical
move's ``best_before_proven`` added."""
NO_BETTER = N_("the solver found no better move within its budget")


class WinChance(TypedDict):
    value: float
    """The share of the playouts won."""
    low: float
    """The Wilson 95% interval's lower end."""
    high: float
    samples: int
    """How many random orders of the unseen cards were played out."""
    at: int
    """The index of the move before which the estimate was made (this move, or an earlier
    checkpoint's)."""


class ReviewedMove(TypedDict):
    index: int
    move: str
    """The move in notation (``-3,-3``, ``t4-t6``), for tools."""
    words: str
    """The move in words, in the language of the request, saying where it went (``the 5♥
    on the 9♣``, ``the 9♥ from pile 3 onto the 10♥ on pile 7``, ``a deal from the
    stock``)."""
    best_after: int | None
    """The best score still reachable after the move, seeing the whole deal; ``None``
    when no score is (in Foursquare: no win can be reached any more)."""
    best_proven: bool
    win_chance: WinChance
    """Before the move, as the player saw the game."""
    lost_win: bool
    """Whether a win was reachable before this move and is proven not to be after it."""


class Critical(TypedDict):
    index: int
    played: str
    played_words: str
    """``played`` in the board's words, in the language of the request."""
    better: str | None
    """The solver's move there (``None`` when it found none within its budget)."""
    better_words: str | None
    """``better`` in the board's words, in the language of the request."""
    line: list[str]
    """The solver's line from there, ``better`` first, reaching ``best_before``."""
    best_before: int | None
    best_before_proven: bool
    """Whether ``best_before`` is the best reachable then, proven; else it is a score the
    solver found (the best was at least that). ``best_after`` is always proven."""
    best_after: int | None
    reason: str
    """``better`` described as a hint describes a move, in the board's words and the
    language of the request (worked out again each time the review is read)."""
    lost_win: bool


class ChanceSettings(TypedDict):
    player: str
    """The player whose playouts estimate the chance to win."""
    samples: int
    """The most random orders of the unseen cards played out for an estimate (each move's
    ``win_chance`` says how many were)."""


class Review(TypedDict):
    format: int
    game: str
    deal: int
    status: str
    score: int | None
    best_score: int | None
    """The best score the deal allowed, from its start; ``None``: it allowed none."""
    best_proven: bool
    difficulty: str | None
    """The deal's level as the difficulty survey rated it: easy, medium, hard or expert;
    ``None``: not rated. Looked up each time the review is read, like the words."""
    difficulty_words: str
    """What the review says of that level, in the language of the request."""
    chance: ChanceSettings
    moves: list[ReviewedMove]
    critical: Critical | None
    """The first move that lost the win, or (when none did) the first that lowered the
    best score reachable, as the figures prove it (the figure after the move proven, and
    lower); ``None`` when no move is proven to have."""
    unsettled: bool
    """With no critical move, whether the game still ended below the best its start
    allowed: some move lowered the best score reachable, but the solver could not settle
    which within its budget (its figures along the game are found, not proven)."""


def _lost_win(hindsight: Hindsight[Any, Any], bests: list[Best], index: int) -> bool:
    """Whether move ``index`` took the last win out of reach: a win was found before it
    (a found win is a real one) and the figure after it is proven not to be one."""
    before, after = bests[index], bests[index + 1]
    return hindsight.wins(before.value) and after.proven and not hindsight.wins(after.value)


def _critical(
    bests: list[Best],
    states: list[Any],
    moves: list[str],
    hindsight: Hindsight[Any, Any],
) -> Critical | None:
    drops = [i for i in range(len(moves)) if lowered(bests[i], bests[i + 1])]
    lost = [i for i in range(len(moves)) if _lost_win(hindsight, bests, i)]
    if not (lost or drops):
        return None
    index = (lost or drops)[0]
    line = list(bests[index].line)
    return Critical(
        index=index,
        played=moves[index],
        played_words=hindsight.named(states[index], moves[index]),
        better=line[0] if line else None,
        better_words=hindsight.named(states[index], line[0]) if line else None,
        line=line,
        best_before=bests[index].value,
        best_before_proven=bests[index].proven,
        best_after=bests[index + 1].value,
        reason=hindsight.reason(states[index], line) if line else _(NO_BETTER),
        lost_win=bool(lost),
    )


def _deal_best(found: Best, known: DealResult | None) -> Best:
    """The solver's figure for the deal's start, or the shipped one where that is proven
    or higher."""
    if known is None or found.proven:
        return found
    higher = known.score is not None and (found.value is None or found.value < known.score)
    return Best(known.score, known.proven, found.line) if known.proven or higher else found


def compute(game: Game[Any, Any], deal: int, moves: list[str], *, resigned: bool) -> Review:
    """The review of the game ``moves`` play on ``deal``; it must be over (a win, a loss,
    or ``resigned``): ``SessionError`` otherwise."""
    known = best_known(game.name, deal)
    return compute_from(game, game.new(deal), moves, resigned=resigned, known=known)


def compute_from(
    game: Game[Any, Any],
    start: Any,
    moves: list[str],
    *,
    resigned: bool,
    known: DealResult | None = None,
) -> Review:
    """The review of the game ``moves`` play from the position ``start`` (every move
    checked by the rules engine); ``SessionError`` if that game is not over. ``known`` is
    the deal's verdict from a larger search (``squares.ai.deal_results``), if there is one:
    the best score the deal allowed is then taken from it where it says more."""
    states = [start]
    for move in moves:
        states.append(game.apply_text(states[-1], move))
    status = game.status(states[-1])
    if status is Status.PLAYING and not resigned:
        raise SessionError(_("the game is not over: only a finished game has a review"))
    hindsight = get_hindsight(game.name)
    bests = best_along(game, get_solver(game.name), hindsight, states, moves)
    chances = curve(game, hindsight, states)
    reviewed: list[ReviewedMove] = []
    for i, (move, chance) in enumerate(zip(moves, chances, strict=True)):
        low, high = chance.interval
        reviewed.append(
            ReviewedMove(
                index=i,
                move=move,
                words=hindsight.named(states[i], move),
                best_after=bests[i + 1].value,
                best_proven=bests[i + 1].proven,
                win_chance=WinChance(
                    value=round(chance.value, 4), low=round(low, 4), high=round(high, 4),
                    samples=chance.samples, at=chance.at,
                ),
                lost_win=_lost_win(hindsight, bests, i),
            )
        )  # fmt: skip
    deal_best = _deal_best(bests[0], known)
    deal = game.deal_of(start)
    critical = _critical(bests, states, moves, hindsight)
    return Review(
        format=FORMAT,
        game=game.name,
        deal=deal,
        status=str(Status.LOST if status is Status.PLAYING else status),
        score=game.score(states[-1]),
        best_score=deal_best.value,
        best_proven=deal_best.proven,
        difficulty=level_of(game.name, deal),
        difficulty_words=difficulty_sentence(game.name, deal),
        chance=ChanceSettings(player=hindsight.chance_player, samples=hindsight.samples),
        moves=reviewed,
        critical=critical,
        unsettled=critical is None and not at_least(bests[-1].value, deal_best.value),
    )
