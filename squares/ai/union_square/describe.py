"""One line a player understands for a suggested Union Square move: what it frees or builds.

>>> from squares.games.union_square import DEAL
>>> describe(Position(b"", b"", (b"",) * 16, (0, 0, 0, 0)), (DEAL,), "nothing")
'Deal: nothing on the table helps'
"""

from __future__ import annotations

from collections.abc import Sequence

from squares.ai.union_square.fast import CARDS, Position
from squares.games.union_square import Move
from squares.games.union_square.moves import FOUNDATION, STOCK, WASTE

_DEAL_REASONS = {
    "nothing": "nothing on the table helps",
    "keep-free": "{waste} would take the last free pile; keep it free for what comes",
    "fits-nowhere": "{waste} fits on no pile, and no pile can be freed",
}

_PLAN_REASONS = {
    "dig": "uncovers {card} for its foundation",
    "home": "brings {card} to the top for its foundation",
    "free": "works towards freeing a pile",
    "place": "makes room for {waste} from the waste",
    "endgame": "leads to the next card home",
}


def _pretty(card: int) -> str:
    return CARDS[card].pretty


def _where(position: Position, index: int) -> str:
    return "the waste" if index == WASTE else f"t{index + 1}"


def describe(position: Position, moves: Sequence[Move], purpose: str) -> str:
    """The reason for the first of ``moves``, a plan made for ``purpose``."""
    move = moves[0]
    if move.source == STOCK:
        reason = _DEAL_REASONS.get(purpose, _DEAL_REASONS["nothing"])
        if "{waste}" in reason:
            if not position.waste:
                reason = _DEAL_REASONS["nothing"]
            reason = reason.format(waste=_pretty(position.waste[-1]) if position.waste else "")
        return "Deal: " + reason
    source = position.waste if move.source == WASTE else position.tableau[move.source]
    card = source[-1]
    what = f"{_pretty(card)} from {_where(position, move.source)}"
    after = position.play(move)
    frees = move.source >= 0 and not after.tableau[move.source]
    if move.target == FOUNDATION:
        text = f"Move {what} to its foundation"
        if frees:
            return text + f": frees t{move.source + 1} for any card"
        if move.source >= 0:
            return text + f": uncovers {_pretty(after.tableau[move.source][-1])}"
        return text
    target = position.tableau[move.target]
    onto = (
        f"onto {_pretty(target[-1])} on t{move.target + 1}"
        if target
        else (f"to the empty t{move.target + 1}")
    )
    text = f"Move {what} {onto}"
    if frees:
        return text + f": frees t{move.source + 1} for any card"
    goal = "" if move.source == WASTE else _goal(position, moves, purpose)
    if goal:
        return f"{text}: {goal}"
    if move.source == WASTE:
        return text + ": keeps the waste short, so the cards under it stay reachable"
    return text + f": builds {CARDS[card].suit.plural}"


def _goal(position: Position, moves: Sequence[Move], purpose: str) -> str:
    template = _PLAN_REASONS.get(purpose)
    if template is None:
        return ""
    last = moves[-1]
    home = ""
    if last.target == FOUNDATION:
        end = position
        for move in moves[:-1]:
            end = end.play(move)
        pile = end.waste if last.source == WASTE else end.tableau[last.source]
        home = _pretty(pile[-1]) if pile else ""
    waste = _pretty(position.waste[-1]) if position.waste else ""
    if ("{card}" in template and not home) or ("{waste}" in template and not waste):
        return ""
    return template.format(card=home, waste=waste)
