"""A finished game's moves named in the board's words, in the current language.

The review and the replay keep their moves in notation (``-3,-3``, ``t4-t6``: what tools
read); the words beside them (``the 5♥ on the 9♣``) are made each time they are read, so a
review worked out in one language is read in another in that one.

>>> from squares.games import get_game
>>> along(get_game("foursquare"), get_game("foursquare").new(7), ["0,0", "0,1"])
['the A♥ to start the grid', 'the 8♠ on the empty cell right of the A♥']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from squares.ai import get_hindsight
from squares.difficulty import difficulty_sentence, level_of
from squares.errors import BadNotation, IllegalMoveError
from squares.games.base import Game
from squares.i18n import _
from squares.review.report import NO_BETTER, Review


def played(game: Game[Any, Any], start: Any, moves: list[str]) -> Iterator[tuple[Any, str, Any]]:
    """``(before, move, after)`` for each of ``moves`` played from ``start``, through the
    rules: it stops at the first move they refuse."""
    state = start
    for move in moves:
        try:
            after = game.apply_text(state, move)
        except (IllegalMoveError, BadNotation):
            return
        yield state, move, after
        state = after


def along(game: Game[Any, Any], start: Any, moves: list[str]) -> list[str]:
    """Each of ``moves`` named as it is played from ``start``, as far as they replay."""
    hindsight = get_hindsight(game.name)
    return [hindsight.named(before, move) for before, move, _after in played(game, start, moves)]


WORDS = ("words", "played_words", "better_words", "reason")
"""The fields of a review (of its moves and its critical move) that are words of a language."""
LOOKED_UP = ("difficulty", "difficulty_words")
"""The fields of a review that the shipped deal levels give: looked up on reading, so a
review kept before a deal was rated says its level once it is."""


def language_free(review: Review) -> dict[str, Any]:
    """``review`` without its words and its deal's level, as it is kept: they are made
    again on reading."""
    kept: dict[str, Any] = {k: v for k, v in review.items() if k not in LOOKED_UP}
    kept["moves"] = [{k: v for k, v in m.items() if k not in WORDS} for m in review["moves"]]
    critical = review["critical"]
    kept["critical"] = (
        None if critical is None else {k: v for k, v in critical.items() if k not in WORDS}
    )
    return kept


def worded(game: Game[Any, Any], deal: int, moves: list[str], review: Review) -> Review:
    """``review`` of the game ``moves`` play on ``deal`` with its words made now: each
    move's ``words``, the critical move's ``played_words``, ``better_words`` and
    ``reason``, and the deal's ``difficulty`` with its ``difficulty_words``."""
    states = [game.new(deal)]
    for move in moves:
        states.append(game.apply_text(states[-1], move))
    hindsight = get_hindsight(game.name)
    for reviewed in review["moves"]:
        index = reviewed["index"]
        reviewed["words"] = hindsight.named(states[index], moves[index])
    critical = review["critical"]
    if critical is not None:
        before = states[critical["index"]]
        critical["played_words"] = hindsight.named(before, critical["played"])
        better = critical["better"]
        critical["better_words"] = None if better is None else hindsight.named(before, better)
        line = critical["line"]
        critical["reason"] = hindsight.reason(before, line) if line else _(NO_BETTER)
    review["difficulty"] = level_of(game.name, deal)
    review["difficulty_words"] = difficulty_sentence(game.name, deal)
    return review
