"""A review in words, in the current language: the lines every face shows.

>>> sparkline([0.0, 0.5, 1.0])
'▁▅█'
"""

from __future__ import annotations

from squares.games import GAMES
from squares.games.base import status_name
from squares.i18n import _, ngettext, number, percent
from squares.review.chance import Chance
from squares.review.report import Review
from squares.share import format_code
from squares.wording import title

BARS = "▁▂▃▄▅▆▇█"
WIDTH = 60  # marks per line of the curve


def sparkline(values: list[float]) -> str:
    """One mark a value from 0 to 1, lowest ``▁``, highest ``█``."""
    top = len(BARS) - 1
    return "".join(BARS[round(min(1.0, max(0.0, v)) * top)] for v in values)


def score_text(score: int | None) -> str:
    # TRANSLATORS: a score that does not exist (in Foursquare, a game that cannot be won)
    return _("none") if score is None else number(score)


def best_text(score: int | None, proven: bool) -> str:
    """A best score reachable as the solver knows it: the score where it is proven, else
    ``at least`` the score the solver found (the best may be higher)."""
    if proven:
        return score_text(score)
    # TRANSLATORS: {score} is a score the solver found; the best reachable may be higher
    return _("at least {score}").format(score=score_text(score))


def from_here_text(chance: Chance) -> str:
    """The chance to win from here, the player it assumes, its 95% interval and how many
    orders of the unseen cards were played out: ``Chance of winning from here if
    expectimax-2 plays on: 62% (57%–67%, 400 deals of the unseen cards)``."""
    low, high = chance.interval
    deals = ngettext(
        "{count} deal of the unseen cards", "{count} deals of the unseen cards", chance.samples
    ).format(count=number(chance.samples))
    # TRANSLATORS: {player} is an AI player's name ("expectimax-2"), the player that plays
    # the game on from here; {chance} is its chance to win from the position on the table,
    # {low} and {high} its 95% interval (all percentages); {deals} says over how many random
    # orders of the cards not seen yet it played the game out
    text = _("Chance of winning from here if {player} plays on: {chance} ({low}–{high}, {deals})")
    return text.format(
        player=chance.player,
        chance=percent(chance.value, 0),
        low=percent(low, 0),
        high=percent(high, 0),
        deals=deals,
    )


def summary(review: Review, game_id: int) -> list[str]:
    """The heading, the best score against the player's, and the critical move."""
    game = GAMES[review["game"]]
    lines = [
        # TRANSLATORS: {game} is a game's title, {code} its share code, {status} how it ended
        _("Review of game {id}: {game} ({code}), {status}").format(
            id=game_id,
            game=title(review["game"]),
            code=format_code(review["game"], review["deal"]),
            status=status_name(review["status"]),
        ),
        # TRANSLATORS: {meaning} says what a score is in this game
        _("Score: {meaning}").format(meaning=_(game.info.score_meaning)),
    ]
    proven = _("proven") if review["best_proven"] else _("not proven: the search ran out")
    # TRANSLATORS: {best} is the best score of the deal, seeing the whole deal; {how}
    # says whether it is proven; {score} the player's score
    lines.append(
        _("Best possible: {best} ({how}); yours: {score}").format(
            best=score_text(review["best_score"]), how=proven, score=score_text(review["score"])
        )
    )
    lines.append(review["difficulty_words"])
    critical = review["critical"]
    if critical is None:
        if review["unsettled"]:
            lines.append(
                # TRANSLATORS: said when the game ended below the best score the deal
                # allowed but no move is proven to have lowered it: the solver's scores
                # along the game were found, not proven, within its budget of positions
                _(
                    "The solver could not settle, within its budget, which move lowered "
                    "the best score reachable"
                )
            )
        elif review["score"] == review["best_score"]:
            lines.append(_("No move lowered the best score reachable: well played"))
        else:
            lines.append(
                _(
                    "No move lowered the best score reachable, "
                    "but the game ended before it was reached"
                )
            )
        return lines
    if critical["lost_win"]:
        # TRANSLATORS: {number} is a move's number in the game (1 for the first); {move}
        # the move in the board's words ("the 5♥ on the 9♣")
        text = _(
            "Move {number}, {move}, lost the win (best reachable before: {before}; after: {after})"
        )
    else:
        # TRANSLATORS: {number} is a move's number in the game (1 for the first); {move}
        # the move in the board's words; {before} and {after} the best score reachable
        # before and after it, found by a solver that knows the order of the cards to come
        text = _(
            "Move {number}, {move}, lowered the best score reachable (before: {before}; "
            "after: {after}): the solver sees the whole deal, the hint does not"
        )
    lines.append(
        text.format(
            number=critical["index"] + 1,
            move=critical["played_words"],
            before=best_text(critical["best_before"], critical["best_before_proven"]),
            after=score_text(critical["best_after"]),
        )
    )
    if critical["better_words"] is not None:
        # TRANSLATORS: {reason} is a hint's words for the solver's move, the move first
        # ("Move the 2♥ onto the 3♥: frees a pile for any card")
        lines.append(_("Better: {reason}").format(reason=critical["reason"]))
    return lines


def whole_deal_note() -> str:
    """Why a move the hint suggested can still lower the best score reachable: said with
    the review of a game in which hints were shown."""
    return _(
        "The best score reachable is a solver's, which sees the whole deal, the order of the "
        "cards still to come too; a hint sees only what you see, so a hinted move can lower it."
    )


def curve(review: Review) -> list[str]:
    """The chance to win before each move as a sparkline, with its first and last values."""
    moves = review["moves"]
    if not moves:
        return []
    chances = [m["win_chance"]["value"] for m in moves]
    # TRANSLATORS: {player} is an AI player's name ("expectimax-2"), the player that plays
    # the game on from each position; {samples} the most random orders of the unseen cards
    # it played out for an estimate
    lines = [
        _(
            "Chance to win before each move, as you saw the game, if {player} plays on (up to "
            "{samples} random orders of the unseen cards each):"
        ).format(player=review["chance"]["player"], samples=review["chance"]["samples"])
    ]
    for start in range(0, len(chances), WIDTH):
        lines.append(f"  {start + 1:>4} {sparkline(chances[start : start + WIDTH])}")
    first, last = moves[0]["win_chance"], moves[-1]["win_chance"]
    lines.append(
        # TRANSLATORS: {first} and {last} are percentages; {low} and {high} the ends of
        # their 95% intervals
        _("  first move {first} ({low}..{high}), last move {last} ({low2}..{high2})").format(
            first=percent(first["value"], 0),
            low=percent(first["low"], 0),
            high=percent(first["high"], 0),
            last=percent(last["value"], 0),
            low2=percent(last["low"], 0),
            high2=percent(last["high"], 0),
        )
    )
    return lines


def lines(review: Review, game_id: int) -> list[str]:
    """The whole text form."""
    return [*summary(review, game_id), *curve(review)]
