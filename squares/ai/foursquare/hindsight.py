"""Foursquare's part of the after-game review (``squares.ai.hindsight``).

A score is the cards left in the stock at a win; a position from which no win can be
reached any more has no score (``None``). The chance to win is what ``expectimax-2``, the
strongest player fast enough, wins on the compiled board over up to 400 random orders of
the unseen cards, fewer where the interval is narrow sooner (``squares.review.chance``);
docs/odds.md gives its figures.

>>> import random
>>> from squares.games.foursquare import Foursquare
>>> state = Foursquare().new(7)
>>> sampled = HINDSIGHT.sample(state, random.Random(1))
>>> sampled.remaining[0] == state.remaining[0], sorted(sampled.remaining) == sorted(state.remaining)
(True, True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from squares.ai.foursquare.board import is_lost, is_won, moves, play, to_cell
from squares.ai.foursquare.hints import explain, named
from squares.ai.foursquare.observation import Observation
from squares.ai.foursquare.players import Expectimax2Player, FoursquarePlayer
from squares.ai.hindsight import Hindsight
from squares.games.foursquare import Foursquare, FoursquareState, Placement

_GAME = Foursquare()


class FoursquareHindsight(Hindsight[FoursquareState, Placement]):
    solve_nodes: ClassVar[int] = 300_000
    chance_player: ClassVar[str] = Expectimax2Player.name
    samples: ClassVar[int] = 400
    live_samples: ClassVar[int] = 400

    def __init__(self) -> None:
        self._player: FoursquarePlayer = Expectimax2Player()

    def wins(self, value: int | None) -> bool:
        return value is not None

    def sample(self, state: FoursquareState, rng: random.Random) -> FoursquareState:
        if not state.remaining:
            return state
        unseen = sorted(state.remaining[1:])  # which cards, not their order
        rng.shuffle(unseen)
        return FoursquareState(state.deal, state.grid, (state.remaining[0], *unseen))

    def playout(self, state: FoursquareState) -> bool:
        seen = Observation.of(_GAME.observe(state))
        board, counts = seen.board, list(seen.counts)
        cards = state.remaining
        for i, card in enumerate(cards):
            if i:
                counts[card.rank] -= 1
            # What the player would see with this card in hand: the cards after it as a
            # sorted multiset (the grid's own cards are not needed by ``decide``).
            now = Observation((), card, tuple(sorted(cards[i + 1 :])), board, (0, 0), tuple(counts))
            board = play(board, self._player.decide(now), card.rank)
            if is_lost(board):
                return False
            if is_won(board):
                return True
        return False

    def reason(self, state: FoursquareState, line: list[str]) -> str:
        seen = Observation.of(_GAME.observe(state))
        wanted = _GAME.parse_move(line[0])
        move = next(m for m in moves(seen.board) if Placement(*to_cell(m, seen.origin)) == wanted)
        return explain(seen, move, words=True, beside=True)

    def named(self, state: FoursquareState, move: str) -> str:
        placement = _GAME.parse_move(move)
        return named(Observation.of(_GAME.observe(state)), (placement.row, placement.col))

    def unseen_key(self, state: FoursquareState) -> str:
        return " ".join(str(card) for card in sorted(state.remaining[1:]))

    def seen_key(self, state: FoursquareState) -> str:
        piles = ";".join(
            f"{row},{col}:" + " ".join(f"{card}{'^' if up else 'v'}" for card, up in pile)
            for (row, col), pile in state.grid
        )
        hand = str(state.remaining[0]) if state.remaining else "-"
        return f"{piles}|{hand}|{self.unseen_key(state)}"


HINDSIGHT = FoursquareHindsight()
