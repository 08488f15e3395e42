"""One line a player understands for a suggested Union Square move: what it frees or builds.

The line is the move and what it does, each a whole message in the current language with
named placeholders, so that a translation can put the words in its own order.

Three forms: the notation form names tableau piles ``t1`` to ``t16``, as the text mode's
board labels them; the board-words form (``words=True``) names only cards, for a board that
highlights the hinted pile itself; and with ``numbered=True`` too, the words of a review,
whose text marks no pile, name each pile in words by its number (``pile 2``), never in
notation. ``named`` names a game's moves for a review in that last way.

>>> from squares.games.union_square import DEAL
>>> describe(Position(b"", b"", (b"",) * 16, (0, 0, 0, 0)), (DEAL,), "nothing")
'Deal: nothing on the table helps'
>>> here = Position(b"", b"", (bytes((30,)), b"", *(b"",) * 14), (0, 0, 0, 0))
>>> describe(here, (Move(0, 1),), "free")
'Move 5♥ from t1 to the empty t2: frees t1 for any card'
>>> describe(here, (Move(0, 1),), "free", words=True)
'Move the 5♥ to an empty pile: frees its pile for any card'
>>> describe(here, (Move(0, 1),), "free", words=True, numbered=True)
'Move the 5♥ from pile 1 to the empty pile 2: frees its pile for any card'
"""

from __future__ import annotations

from collections.abc import Sequence

from squares.ai.union_square.fast import CARDS, Position
from squares.games.union_square import Move
from squares.games.union_square.moves import FOUNDATION, STOCK, WASTE
from squares.i18n import N_, _

# What a plan's first move works towards, by the plan's purpose; {card} is the card the
# plan brings home ("dig", "home") or the top card of the waste ("place").
_GOALS = {
    # TRANSLATORS: what a move does; {card} is a card such as "5♥"
    "dig": N_("uncovers {card} for its foundation"),
    # TRANSLATORS: what a move does; {card} is a card such as "5♥"
    "home": N_("brings {card} to the top for its foundation"),
    "free": N_("works towards freeing a pile"),
    # TRANSLATORS: what a move does; {card} is the card on top of the waste, such as "5♥"
    "place": N_("makes room for {card} from the waste"),
    "endgame": N_("leads to the next card home"),
}


def _pretty(card: int) -> str:
    return CARDS[card].pretty


def _pile(index: int) -> str:
    """A tableau pile's name as the board and the moves write it: ``t3``."""
    return f"t{index + 1}"


def _deal(position: Position, purpose: str) -> str:
    """Why to deal from the stock now."""
    if position.waste and purpose in ("keep-free", "fits-nowhere"):
        card = _pretty(position.waste[-1])
        if purpose == "keep-free":
            # TRANSLATORS: {card} is the card on top of the waste, such as "5♥"
            text = _("Deal: {card} would take the last free pile; keep it free for what comes")
        else:
            # TRANSLATORS: {card} is the card on top of the waste, such as "5♥"
            text = _("Deal: {card} fits on no pile, and no pile can be freed")
        return text.format(card=card)
    return _("Deal: nothing on the table helps")


# A move with the piles named as the board and the moves write them, by whether it takes
# the waste's card and where it goes.
_NOTATION = {
    # TRANSLATORS: {card} is a card such as "5♥"
    (True, "home"): N_("Move {card} from the waste to its foundation"),
    # TRANSLATORS: {card} is a card such as "5♥"; {pile} is the name of a pile of the
    # tableau, "t1" to "t16", as the board shows it
    (False, "home"): N_("Move {card} from {pile} to its foundation"),
    # TRANSLATORS: {card} and {top} are cards such as "5♥"; {target} is the name
    # of a pile of the tableau, "t1" to "t16", as the board shows it
    (True, "onto"): N_("Move {card} from the waste onto {top} on {target}"),
    # TRANSLATORS: {card} and {top} are cards such as "5♥"; {pile} and {target} are
    # names of piles of the tableau, "t1" to "t16", as the board shows them
    (False, "onto"): N_("Move {card} from {pile} onto {top} on {target}"),
    # TRANSLATORS: {card} is a card such as "5♥"; {target} is the name of a pile of
    # the tableau, "t1" to "t16", as the board shows it
    (True, "empty"): N_("Move {card} from the waste to the empty {target}"),
    # TRANSLATORS: {card} is a card such as "5♥"; {pile} and {target} are names of piles
    # of the tableau, "t1" to "t16", as the board shows them
    (False, "empty"): N_("Move {card} from {pile} to the empty {target}"),
}
# A move in the board's words, by whether it takes the waste's card and where it goes.
_HINT_WORDS = {
    # TRANSLATORS: a hint on a board that labels no pile; {card} is a card such as "5♥"
    (True, "home"): N_("Move the {card} from the waste to its foundation"),
    # TRANSLATORS: a hint on a board that labels no pile; {card} is a card such as "5♥"
    (False, "home"): N_("Move the {card} to its foundation"),
    # TRANSLATORS: a hint on a board that labels no pile; {card} and {top} are cards such
    # as "5♥"
    (True, "onto"): N_("Move the {card} from the waste onto the {top}"),
    # TRANSLATORS: a hint on a board that labels no pile; {card} and {top} are cards such
    # as "5♥"
    (False, "onto"): N_("Move the {card} onto the {top}"),
    # TRANSLATORS: a hint on a board that labels no pile (it highlights the one meant);
    # {card} is a card such as "5♥"
    (True, "empty"): N_("Move the {card} from the waste to an empty pile"),
    # TRANSLATORS: a hint on a board that labels no pile (it highlights the one meant);
    # {card} is a card such as "5♥"
    (False, "empty"): N_("Move the {card} to an empty pile"),
}
# A move of a finished game in words, by whether it takes the waste's card and where it
# goes: the piles of the tableau by their number, 1 to 16, left to right and top down.
_NAMED = {
    # TRANSLATORS: a move of a finished game; {card} is a card such as "5♥"
    (True, "home"): N_("the {card} from the waste to its foundation"),
    # TRANSLATORS: a move of a finished game; {card} is a card such as "5♥"; {pile} the
    # number of the pile of the tableau it leaves, 1 to 16
    (False, "home"): N_("the {card} from pile {pile} to its foundation"),
    # TRANSLATORS: a move of a finished game; {card} and {top} are cards such as "5♥";
    # {target} the number of the pile of the tableau {top} is on, 1 to 16
    (True, "onto"): N_("the {card} from the waste onto the {top} on pile {target}"),
    # TRANSLATORS: a move of a finished game; {card} and {top} are cards such as "5♥";
    # {pile} and {target} the numbers of the piles of the tableau it leaves and goes to
    (False, "onto"): N_("the {card} from pile {pile} onto the {top} on pile {target}"),
    # TRANSLATORS: a move of a finished game; {card} is a card such as "5♥"; {target} the
    # number of the empty pile of the tableau it goes to, 1 to 16
    (True, "empty"): N_("the {card} from the waste to the empty pile {target}"),
    # TRANSLATORS: a move of a finished game; {card} is a card such as "5♥"; {pile} and
    # {target} the numbers of the piles of the tableau it leaves and goes to (empty)
    (False, "empty"): N_("the {card} from pile {pile} to the empty pile {target}"),
}
# The same as the better move of a finished game, the move first, for a text that marks
# no pile: the review's.
_REVIEW_WORDS = {
    # TRANSLATORS: the better move of a finished game; {card} is a card such as "5♥"
    (True, "home"): N_("Move the {card} from the waste to its foundation"),
    # TRANSLATORS: the better move of a finished game; {card} is a card such as "5♥";
    # {pile} the number of the pile of the tableau it leaves, 1 to 16
    (False, "home"): N_("Move the {card} from pile {pile} to its foundation"),
    # TRANSLATORS: the better move of a finished game; {card} and {top} are cards such as
    # "5♥"; {target} the number of the pile of the tableau {top} is on, 1 to 16
    (True, "onto"): N_("Move the {card} from the waste onto the {top} on pile {target}"),
    # TRANSLATORS: the better move of a finished game; {card} and {top} are cards such as
    # "5♥"; {pile} and {target} the numbers of the piles it leaves and goes to, 1 to 16
    (False, "onto"): N_("Move the {card} from pile {pile} onto the {top} on pile {target}"),
    # TRANSLATORS: the better move of a finished game; {card} is a card such as "5♥";
    # {target} the number of the empty pile of the tableau it goes to, 1 to 16
    (True, "empty"): N_("Move the {card} from the waste to the empty pile {target}"),
    # TRANSLATORS: the better move of a finished game; {card} is a card such as "5♥";
    # {pile} and {target} the numbers of the piles it leaves and goes to (empty), 1 to 16
    (False, "empty"): N_("Move the {card} from pile {pile} to the empty pile {target}"),
}


def _where(position: Position, move: Move) -> tuple[bool, str, str]:
    """Whether ``move`` takes the waste's card; where it goes (``home``, ``onto`` a card,
    an ``empty`` pile); the card it covers (``""`` when none)."""
    waste = move.source == WASTE
    if move.target == FOUNDATION:
        return waste, "home", ""
    target = position.tableau[move.target]
    return (waste, "onto", _pretty(target[-1])) if target else (waste, "empty", "")


def _numbers(move: Move) -> dict[str, int | str]:
    """The piles of the tableau ``move`` leaves and goes to, by their number (1 to 16)."""
    return {"pile": move.source + 1, "target": move.target + 1}


def named(position: Position, move: Move) -> str:
    """``move`` named in words, as a review lists a game's moves: the card, the pile it
    leaves and where it goes, a pile of the tableau by its number (``the 9♥ from pile 3
    onto the 10♥ on pile 7``), never in notation.

    >>> here = Position(b"", b"", (bytes((30,)), b"", *(b"",) * 14), (0, 0, 0, 0))
    >>> named(here, Move(0, 1)), named(here, Move.parse("s"))
    ('the 5♥ from pile 1 to the empty pile 2', 'a deal from the stock')
    """
    if move.source == STOCK:
        # TRANSLATORS: a move of a finished game: a card dealt from the stock to the waste
        return _("a deal from the stock")
    waste, where, top = _where(position, move)
    card = _pretty((position.waste if waste else position.tableau[move.source])[-1])
    return _(_NAMED[waste, where]).format(card=card, top=top, **_numbers(move))


def _action(position: Position, move: Move, card: str, words: bool, numbered: bool) -> str:
    """``Move 5♥ from t3 onto 6♥ on t7``: the card, where it comes from and where it goes;
    with ``words``, ``Move the 5♥ onto the 6♥`` (no pile named), and with ``numbered`` too,
    the piles by their number (``... onto the 6♥ on pile 7``)."""
    waste, where, top = _where(position, move)
    if words:
        table, names = (_REVIEW_WORDS if numbered else _HINT_WORDS), _numbers(move)
    else:
        table, names = _NOTATION, {"pile": _pile(move.source), "target": _pile(move.target)}
    return _(table[waste, where]).format(card=card, top=top, **names)


def _effect(position: Position, moves: Sequence[Move], purpose: str, words: bool) -> str:
    """What the first of ``moves`` does: frees a pile, uncovers a card, or a plan's goal."""
    move = moves[0]
    after = position.play(move)
    if move.source >= 0 and not after.tableau[move.source]:
        if words:
            # TRANSLATORS: what a move does: the pile the card leaves is empty after it
            return _("frees its pile for any card")
        # TRANSLATORS: what a move does; {pile} is the name of a pile of the tableau,
        # "t1" to "t16", as the board shows it
        return _("frees {pile} for any card").format(pile=_pile(move.source))
    if move.target == FOUNDATION:
        if move.source >= 0:
            # TRANSLATORS: what a move does; {card} is the card it leaves on top, such as "5♥"
            return _("uncovers {card}").format(card=_pretty(after.tableau[move.source][-1]))
        return ""
    if move.source == WASTE:
        return _("keeps the waste short, so the cards under it stay reachable")
    goal = _goal(position, moves, purpose)
    if goal:
        return goal
    source = position.tableau[move.source]
    # TRANSLATORS: what a move does; {suit} is a suit's name on its own, such as "hearts"
    return _("builds {suit}").format(suit=CARDS[source[-1]].suit.plural)


def describe(
    position: Position,
    moves: Sequence[Move],
    purpose: str,
    *,
    words: bool = False,
    numbered: bool = False,
) -> str:
    """The reason for the first of ``moves``, a plan made for ``purpose``; with ``words``,
    in the board's words (no pile named), and with ``numbered`` too the piles by their
    number, for a text that marks no pile (a review's)."""
    move = moves[0]
    if move.source == STOCK:
        return _deal(position, purpose)
    source = position.waste if move.source == WASTE else position.tableau[move.source]
    card = _pretty(source[-1])
    action = _action(position, move, card, words, numbered)
    effect = _effect(position, moves, purpose, words)
    if not effect:
        return action
    # TRANSLATORS: a hint: {action} is the move ("Move 5♥ from t3 to its foundation",
    # "Place 8♠ at 0,1 on 5♣"), {effect} what it does ("frees t3 for any card", "flips A♥
    # face down")
    return _("{action}: {effect}").format(action=action, effect=effect)


def _goal(position: Position, moves: Sequence[Move], purpose: str) -> str:
    """What the plan the move starts is for, or ``""`` when that cannot be said."""
    template = _GOALS.get(purpose)
    if template is None:
        return ""
    card = ""
    if purpose == "place":
        card = _pretty(position.waste[-1]) if position.waste else ""
    elif purpose in ("dig", "home"):
        last = moves[-1]
        if last.target == FOUNDATION:
            end = position
            for move in moves[:-1]:
                end = end.play(move)
            pile = end.waste if last.source == WASTE else end.tableau[last.source]
            card = _pretty(pile[-1]) if pile else ""
    else:
        return _(template)
    return _(template).format(card=card) if card else ""
