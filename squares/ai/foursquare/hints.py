"""The one line that goes with a suggested placement: what it flips, what it leaves.

Cards turned face down are named (the player sees them now); piles turned face up are
named by where they are, as the player sees a card back there. Every part of the line is
a whole message in the current language, with named placeholders, so that a translation
can put the words in its own order.

Two forms: the notation form names cells as ``row,column``, as the text mode's board
writes them; the board-words form (``words=True``) names only cards, for a board that
shows no coordinates and marks the cell itself.

>>> from squares.games.foursquare import Foursquare
>>> from squares.ai.foursquare.observation import Observation
>>> game = Foursquare()
>>> state = game.apply_text(game.new(7), "0,0")  # A♥ starts the grid; 8♠ is in hand
>>> explain(Observation.of(game.observe(state)), 1)
'Place 8♠ at 0,1 (a new pile): flips A♥ face down; leaves 1 pile face down'
>>> explain(Observation.of(game.observe(state)), 1, words=True)
'Place the 8♠ on the highlighted empty cell: flips A♥ face down; leaves 1 pile face down'
>>> listed(["10♣", "3♠", "2♥"])
'10♣, 3♠ and 2♥'
"""

from __future__ import annotations

from squares.ai.foursquare.board import (
    BIT,
    face_down,
    indices,
    is_lost,
    is_won,
    moves,
    next_origin,
    play,
    shift,
    to_cell,
    turned,
)
from squares.ai.foursquare.observation import Observation
from squares.i18n import N_, _, ngettext


def _cell(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def listed(items: list[str]) -> str:
    """``10♣, 3♠ and 2♥``: the words between the items are messages too."""
    text = items[-1]
    if len(items) > 1:
        # TRANSLATORS: the last two items of a list, such as cards ("3♠ and 2♥") or
        # face-down piles ("the face-down pile at 1,1 and the face-down pile at 2,3")
        text = _("{first} and {last}").format(first=items[-2], last=text)
    for item in reversed(items[:-2]):
        # TRANSLATORS: an item of a list before the rest of it: "10♣, 3♠ and 2♥" is
        # "10♣" and the rest "3♠ and 2♥"
        text = _("{first}, {rest}").format(first=item, rest=text)
    return text


# A placement in the board's words, by what the cell holds: nothing, a face-up card (the
# {top}), a face-down one.
_HINT_WORDS = {
    # TRANSLATORS: a hint on a board that shows no coordinates; {card} is the card in hand,
    # such as "8♠"; the board highlights the empty cell it goes to
    "empty": N_("Place the {card} on the highlighted empty cell"),
    # TRANSLATORS: a hint on a board that shows no coordinates; {card} is the card in hand,
    # such as "8♠"; {top} is the face-up card it covers
    "up": N_("Place the {card} on the {top}"),
    # TRANSLATORS: a hint on a board that shows no coordinates; {card} is the card in hand,
    # such as "8♠"; the board highlights the pile, whose top card is face down
    "down": N_("Place the {card} on the highlighted face-down pile"),
}
_NAMED = {
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed, {top} the face-up card it covered
    "up": N_("the {card} on the {top}"),
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed on a pile whose top card was face down
    "down": N_("the {card} on a face-down pile"),
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed on an empty cell, {top} the face-up card right of that cell
    "left": N_("the {card} on the empty cell left of the {top}"),
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed on an empty cell, {top} the face-up card left of that cell
    "right": N_("the {card} on the empty cell right of the {top}"),
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed on an empty cell, {top} the face-up card below that cell
    "above": N_("the {card} on the empty cell above the {top}"),
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed on an empty cell, {top} the face-up card above that cell
    "below": N_("the {card} on the empty cell below the {top}"),
    # TRANSLATORS: a move of a finished game: {card} is the first card of the game, which
    # starts the grid (any cell will do)
    "first": N_("the {card} to start the grid"),
    # TRANSLATORS: a move of a finished game, named on a board that shows no coordinates;
    # {card} is the card placed on a face-down pile, {top} the face-up card right of it
    "down-left": N_("the {card} on the face-down pile left of the {top}"),
    # TRANSLATORS: as above; {top} is the face-up card left of the face-down pile
    "down-right": N_("the {card} on the face-down pile right of the {top}"),
    # TRANSLATORS: as above; {top} is the face-up card below the face-down pile
    "down-above": N_("the {card} on the face-down pile above the {top}"),
    # TRANSLATORS: as above; {top} is the face-up card above the face-down pile
    "down-below": N_("the {card} on the face-down pile below the {top}"),
    # TRANSLATORS: a move of a finished game; {card} is the card placed on an empty cell
    # that has no face-up card beside it, but a face-down pile right of it
    "left-down": N_("the {card} on the empty cell left of a face-down pile"),
    # TRANSLATORS: as above, with a face-down pile left of the empty cell
    "right-down": N_("the {card} on the empty cell right of a face-down pile"),
    # TRANSLATORS: as above, with a face-down pile below the empty cell
    "above-down": N_("the {card} on the empty cell above a face-down pile"),
    # TRANSLATORS: as above, with a face-down pile above the empty cell
    "below-down": N_("the {card} on the empty cell below a face-down pile"),
}
# The same, as the reason of a better move in a review, whose text marks no cell: an empty
# cell named by a face-up card beside it, as ``_NAMED`` names it.
_REASON_WORDS = {
    "up": _HINT_WORDS["up"],
    # TRANSLATORS: the better move of a finished game, said on a board that shows no
    # coordinates; {card} is the card to place on a pile whose top card is face down
    "down": N_("Place the {card} on a face-down pile"),
    # TRANSLATORS: the better move of a finished game; {card} is the card to place on an
    # empty cell, {top} the face-up card right of that cell
    "left": N_("Place the {card} on the empty cell left of the {top}"),
    # TRANSLATORS: the better move of a finished game; {card} is the card to place on an
    # empty cell, {top} the face-up card left of that cell
    "right": N_("Place the {card} on the empty cell right of the {top}"),
    # TRANSLATORS: the better move of a finished game; {card} is the card to place on an
    # empty cell, {top} the face-up card below that cell
    "above": N_("Place the {card} on the empty cell above the {top}"),
    # TRANSLATORS: the better move of a finished game; {card} is the card to place on an
    # empty cell, {top} the face-up card above that cell
    "below": N_("Place the {card} on the empty cell below the {top}"),
    # TRANSLATORS: the better move of a finished game: {card} is its first card, which
    # starts the grid (any cell will do)
    "first": N_("Place the {card} to start the grid"),
    # TRANSLATORS: the better move of a finished game; {card} is the card to place on a
    # face-down pile, {top} the face-up card right of that pile
    "down-left": N_("Place the {card} on the face-down pile left of the {top}"),
    # TRANSLATORS: as above; {top} is the face-up card left of the face-down pile
    "down-right": N_("Place the {card} on the face-down pile right of the {top}"),
    # TRANSLATORS: as above; {top} is the face-up card below the face-down pile
    "down-above": N_("Place the {card} on the face-down pile above the {top}"),
    # TRANSLATORS: as above; {top} is the face-up card above the face-down pile
    "down-below": N_("Place the {card} on the face-down pile below the {top}"),
    # TRANSLATORS: the better move of a finished game; {card} is the card to place on an
    # empty cell that has no face-up card beside it, but a face-down pile right of it
    "left-down": N_("Place the {card} on the empty cell left of a face-down pile"),
    # TRANSLATORS: as above, with a face-down pile left of the empty cell
    "right-down": N_("Place the {card} on the empty cell right of a face-down pile"),
    # TRANSLATORS: as above, with a face-down pile below the empty cell
    "above-down": N_("Place the {card} on the empty cell above a face-down pile"),
    # TRANSLATORS: as above, with a face-down pile above the empty cell
    "below-down": N_("Place the {card} on the empty cell below a face-down pile"),
}
# From an empty cell to a neighbour (row, column), and where the cell lies from it: an
# empty cell is named by a face-up card beside it, so two of them never read the same.
_BESIDE = (((0, 1), "left"), ((0, -1), "right"), ((1, 0), "above"), ((-1, 0), "below"))


def _covers(seen: Observation, cell: tuple[int, int]) -> tuple[str, str]:
    """What ``cell`` holds (``empty``, a face-``up`` card, a face-``down`` one) and its
    face-up top card (``""`` when none)."""
    pile = dict(seen.grid).get(cell)
    if not pile:
        return "empty", ""
    return ("up", pile[-1][0].pretty) if pile[-1][1] else ("down", "")


def _placement_words(seen: Observation, cell: tuple[int, int], beside: bool) -> str:
    """``Place the 7♥ on the 5♣``: the card in hand and what it covers, no coordinates;
    with ``beside``, an empty cell named by a face-up card beside it."""
    if beside:
        covers, top = _beside(seen, cell)
        return _(_REASON_WORDS[covers]).format(card=seen.hand.pretty, top=top)
    covers, top = _covers(seen, cell)
    return _(_HINT_WORDS[covers]).format(card=seen.hand.pretty, top=top)


def _beside(seen: Observation, cell: tuple[int, int]) -> tuple[str, str]:
    """What ``cell`` holds, as ``_covers`` says, but an empty cell or a face-down pile as
    where it lies from a face-up card beside it (``left`` of the {top}, ``down-left``),
    else an empty cell as where it lies from a face-down pile (``left-down``); the
    first card of the game ``first``."""
    covers, top = _covers(seen, cell)
    grid = dict(seen.grid)
    if not grid:
        return "first", ""
    if covers == "up":
        return covers, top
    beside = [
        (side, grid.get((cell[0] + down, cell[1] + right))) for (down, right), side in _BESIDE
    ]
    prefix = "" if covers == "empty" else "down-"
    for side, pile in beside:
        if pile and pile[-1][1]:
            return prefix + side, pile[-1][0].pretty
    # an empty cell always lies beside a pile (rules: a new pile is orthogonally adjacent)
    for side, pile in beside if covers == "empty" else ():
        if pile:
            return f"{side}-down", ""
    return covers, top


def named(seen: Observation, cell: tuple[int, int]) -> str:
    """The placement at ``cell`` named in the board's words, as a review lists a game's
    moves: ``the 7♥ on the 5♣``, ``the 8♠ on the empty cell left of the 9♣``, ``the 8♠ on
    the face-down pile above the 9♣``, ``the 8♠ on the empty cell right of a face-down
    pile`` (none of them face up), ``the A♥ to start the grid`` (the first card).

    >>> from squares.games.foursquare import Foursquare
    >>> game = Foursquare()
    >>> named(Observation.of(game.observe(game.new(7))), (0, 0))
    'the A♥ to start the grid'
    >>> named(Observation.of(game.observe(game.apply_text(game.new(7), "0,0"))), (1, 0))
    'the 8♠ on the empty cell below the A♥'
    """
    covers, top = _beside(seen, cell)
    return _(_NAMED[covers]).format(card=seen.hand.pretty, top=top)


def _placement(seen: Observation, cell: tuple[int, int], words: bool, beside: bool) -> str:
    """``Place 7♥ at 0,2 on 5♣``: the card in hand, where it goes and what it covers."""
    if words:
        return _placement_words(seen, cell, beside)
    card, at = seen.hand.pretty, _cell(cell)
    pile = dict(seen.grid).get(cell)
    if not pile:
        # TRANSLATORS: {card} is a card such as "8♠"; {cell} is where it goes, as
        # "row,column" ("0,1"); nothing is there yet
        return _("Place {card} at {cell} (a new pile)").format(card=card, cell=at)
    if pile[-1][1]:
        # TRANSLATORS: {card} is a card such as "8♠"; {cell} is where it goes, as
        # "row,column" ("0,1"); {top} is the face-up card it covers there
        return _("Place {card} at {cell} on {top}").format(
            card=card, cell=at, top=pile[-1][0].pretty
        )
    # TRANSLATORS: {card} is a card such as "8♠"; {cell} is where it goes, as
    # "row,column" ("0,1"), where the top card of the pile is face down
    return _("Place {card} at {cell} on the face-down pile there").format(card=card, cell=at)


def _flips_words(downs: list[str], ups: int) -> str:
    """What the placement turns over, the piles turned face up only counted (the board marks
    them)."""
    if downs and ups:
        # TRANSLATORS: {cards} is a list of cards ("10♣, 3♠ and 2♥"); {count} is the number
        # of face-down piles the placement turns face up (the board marks them)
        text = ngettext(
            "flips {cards} face down and {count} face-down pile face up",
            "flips {cards} face down and {count} face-down piles face up",
            ups,
        )
        return text.format(cards=listed(downs), count=ups)
    if ups:
        # TRANSLATORS: {count} is the number of face-down piles the placement turns face up
        # (the board marks them)
        return ngettext(
            "flips {count} face-down pile face up", "flips {count} face-down piles face up", ups
        ).format(count=ups)
    return _flips(downs, [])


def _flips(downs: list[str], ups: list[str]) -> str:
    """What the placement turns over: the cards turned face down, the piles turned face up."""
    if downs and ups:
        # TRANSLATORS: {cards} is a list of cards ("10♣, 3♠ and 2♥"); {piles} is a list
        # of "the face-down pile at {cell}"
        text = _("flips {cards} face down and {piles} face up")
        return text.format(cards=listed(downs), piles=listed(ups))
    if downs:
        # TRANSLATORS: {cards} is a list of cards ("10♣, 3♠ and 2♥")
        return _("flips {cards} face down").format(cards=listed(downs))
    if ups:
        # TRANSLATORS: {piles} is a list of "the face-down pile at {cell}"
        return _("flips {piles} face up").format(piles=listed(ups))
    return _("flips nothing")


def _loses(seen: Observation, left: int, too_many_down: bool) -> str:
    """Why the placement loses (``left`` face down, too many of them or not), and
    whether every other placement would lose too."""
    forced = all(seen.loses(other) for other in moves(seen.board))
    if too_many_down:
        if forced:
            # TRANSLATORS: {count} is the number of face-down piles the placement leaves,
            # more than the four the game allows, so the game is lost; and every other
            # placement would lose as well
            return ngettext(
                "{count} pile face down: this loses (so does every placement)",
                "{count} piles face down: this loses (so does every placement)",
                left,
            ).format(count=left)
        # TRANSLATORS: {count} is the number of face-down piles the placement leaves, more
        # than the four the game allows, so the game is lost
        return ngettext(
            "{count} pile face down: this loses", "{count} piles face down: this loses", left
        ).format(count=left)
    if forced:
        # TRANSLATORS: the card placed is the last one and the grid is not won, so the game
        # is lost; and every other placement would lose as well
        return _("it is the last card: this loses (so does every placement)")
    # TRANSLATORS: the card placed is the last one and the grid is not won, so the game is lost
    return _("it is the last card: this loses")


def explain(seen: Observation, move: int, *, words: bool = False, beside: bool = False) -> str:
    """``Place 7♥ at 0,2 on 5♣: flips 3♣ face down and the face-down pile at 1,2 face up;
    leaves 2 piles face down`` (or how it wins, or that it loses); with ``words``, in the
    board's words: ``Place the 7♥ on the 5♣: flips 3♣ face down and 1 face-down pile face
    up; ...``, and with ``beside`` too an empty cell named by a face-up card beside it (for
    a text that marks no cell)."""
    hand = seen.hand
    cell = to_cell(move, seen.origin)
    piles = dict(seen.grid)
    before = shift(seen.board, move)[0]
    after = play(seen.board, move, hand.rank)
    origin = next_origin(seen.origin, move)
    downs: list[str] = []
    ups: list[str] = []
    for i in indices(turned(seen.board, move, hand.rank)):
        there = to_cell(i, origin)
        if before[1] & BIT[i]:
            downs.append(piles[there][-1][0].pretty)
        else:
            # TRANSLATORS: a face-down pile that the placement turns face up; {cell} is
            # where it is, as "row,column" ("1,1")
            ups.append(_("the face-down pile at {cell}").format(cell=_cell(there)))
    # TRANSLATORS: a hint: {action} is the move ("Place 8♠ at 0,1 on 5♣", "Move 5♥ from t3
    # to its foundation"), {effect} what it does ("flips A♥ face down", "frees t3 for any card")
    effect = _flips_words(downs, len(ups)) if words else _flips(downs, ups)
    placement = _placement(seen, cell, words, beside)
    action = _("{action}: {effect}").format(action=placement, effect=effect)
    left = face_down(after)
    if is_won(after):
        # TRANSLATORS: {action} is a placement and what it flips ("Place 5♥ at 3,3 (a new
        # pile): flips nothing"); {count} is the number of cards still in the stock
        return ngettext(
            "{action}, and wins with {count} card left in the stock",
            "{action}, and wins with {count} cards left in the stock",
            seen.left,
        ).format(action=action, count=seen.left)
    too_many_down = is_lost(after)
    if too_many_down or not seen.unseen:
        result = _loses(seen, left, too_many_down)
    elif left:
        # TRANSLATORS: {count} is the number of face-down piles after the placement
        result = ngettext(
            "leaves {count} pile face down", "leaves {count} piles face down", left
        ).format(count=left)
    else:
        result = _("leaves no pile face down")
    # TRANSLATORS: a hint: {action} is a placement and what it flips ("Place 8♠ at 0,1 (a new
    # pile): flips A♥ face down"), {result} how the grid is left ("leaves 1 pile face down")
    return _("{action}; {result}").format(action=action, result=result)
