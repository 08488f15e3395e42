"""From stored notation back to a game in play, checked against what was stored.

A saved game is its deal plus its moves; the position is never stored, only a digest of
it. Replaying the moves must lead to the stored status, score and digest, or the row is
corrupt, and ``CorruptSave`` says which move or which field.

>>> session = replay("foursquare", 7, ["0,0", "0,1", "1,1"], position=2)
>>> session.moves, session.can_redo
(['0,0', '0,1'], True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from squares.cards import DEAL_ALGORITHM, MAX_DEAL, shown
from squares.errors import CorruptSave, SquaresError
from squares.games import get_game
from squares.games.base import Game, status_name
from squares.i18n import _
from squares.session import Session


def digest(game: Game[Any, Any], state: Any) -> str:
    """A short fingerprint of a whole position (stock order included, so never shown)."""
    text = json.dumps(game.dump(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def replay(
    game_name: str,
    deal: object,
    moves: Sequence[str],
    position: int,
    resigned: bool = False,
    deal_algorithm: object = DEAL_ALGORITHM,
) -> Session[Any, Any]:
    """The session after playing ``moves`` on the deal and stepping back to ``position``.

    Raises ``CorruptSave`` naming the first move that cannot be played, or the field that
    makes no sense (an unknown game, a deal from another shuffle, a position past the end).
    """
    try:
        game = get_game(game_name)
    except SquaresError as err:
        raise CorruptSave(str(err)) from None
    if deal_algorithm != DEAL_ALGORITHM:
        raise CorruptSave(
            _(
                "the deal was shuffled by deal algorithm {found}; this "
                "version of Squares deals with algorithm {algorithm}"
            ).format(found=shown(deal_algorithm), algorithm=DEAL_ALGORITHM)
        )
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal <= MAX_DEAL:
        raise CorruptSave(
            _("bad deal number {deal}: expected an integer from 0 to {max}").format(
                deal=shown(deal), max=MAX_DEAL
            )
        )
    if (
        isinstance(position, bool)
        or not isinstance(position, int)
        or not 0 <= position <= len(moves)
    ):
        raise CorruptSave(
            _("bad position {position}: expected 0 to {count}, the number of moves stored").format(
                position=shown(position), count=len(moves)
            )
        )
    try:
        return Session.rebuild(game, deal, moves, position, resigned)
    except SquaresError as err:
        raise CorruptSave(str(err)) from None


def check(session: Session[Any, Any], status: object, score: object, stored_digest: object) -> None:
    """Raise ``CorruptSave`` unless the replayed session matches what was stored."""
    if status != str(session.status):
        raise CorruptSave(
            _("the moves lead to a game that is {status}, but it was saved as {saved}").format(
                status=status_name(session.status), saved=shown(status)
            )
        )
    if score != session.score:
        raise CorruptSave(
            _("the moves lead to score {score}, but it was saved with score {saved}").format(
                score=session.score, saved=shown(score)
            )
        )
    if stored_digest is not None and stored_digest != digest(session.game, session.state):
        raise CorruptSave(_("the moves do not lead to the position that was saved"))
