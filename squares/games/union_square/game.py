"""Union Square: the two-deck patience, as GNOME AisleRiot plays it.

>>> game = UnionSquare()
>>> state = game.new(7)
>>> len(state.stock), state.waste
(88, ())
>>> game.apply_text(state, "s").waste == state.stock[:1]
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar

from squares.cards import Card, check_deal_number, shuffled, union_square_deck
from squares.errors import BadNotation, CorruptSave
from squares.games.base import JSON, RESIGNED, Game, Status
from squares.games.info import EndReason, GameInfo, Key, Outcome
from squares.games.observations import UnionSquareObservation, as_multiset
from squares.games.union_square.moves import DEAL, FOUNDATION, STOCK, TABLEAU_SIZE, WASTE, Move
from squares.games.union_square.piles import (
    FOUNDATION_SIZE,
    Pile,
    foundation_for,
    foundation_next_rank,
    foundation_wants,
    pile_accepts,
    pile_direction,
    pile_takes,
)
from squares.games.union_square.stuck import is_stuck
from squares.games.views import UnionSquareView
from squares.i18n import N_, _, ngettext

FOUNDATIONS = 4
DECK_SIZE = 104


@dataclass(frozen=True, slots=True)
class UnionSquareState:
    """A position. ``stock[0]`` is the next card to deal; piles list cards bottom to top."""

    deal: int
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    tableau: tuple[Pile, ...]
    foundations: tuple[Pile, ...]

    @property
    def score(self) -> int:
        return sum(len(f) for f in self.foundations)


@lru_cache(maxsize=4096)
def _over(waste: Pile, tableau: tuple[Pile, ...], foundations: tuple[Pile, ...]) -> bool:
    return is_stuck(waste, tableau, foundations)


INFO = GameInfo(
    name="union-square",
    title=N_("Union Square"),
    summary=N_(
        "Two decks: build each suit's foundation from Ace up to King and back down to Ace, "
        "from the waste and a 4×4 tableau of piles that run up or down in one suit."
    ),
    score_range=(0, DECK_SIZE),
    score_meaning=N_("the cards on the foundations"),
    score_when="always",
    notation=N_("s deals; w-t3 waste to t3; w-f waste to its foundation; t5-f; t5-t9"),
    move_examples=("s", "w-t3", "w-f", "t5-f", "t5-t9"),
    keys=(
        Key(N_("Enter"), N_("pick up or put down a card, or send a focused card home")),
        Key(N_("Space"), N_("pick up the focused card")),
        Key("F", N_("send the focused card to its foundation")),
        Key("S", N_("deal from the stock")),
    ),
    end_reasons=(EndReason.WON, EndReason.NO_FOUNDATION_MOVE, EndReason.RESIGNED),
    ai_package="squares.ai.union_square",
)

_WON = Outcome(Status.WON, EndReason.WON)
_STUCK = Outcome(Status.LOST, EndReason.NO_FOUNDATION_MOVE)


def _outcome(state: UnionSquareState) -> Outcome | None:
    if state.stock:
        return None  # neither won (the stock's cards are not home) nor over (it can deal)
    if state.score == DECK_SIZE:
        return _WON
    if _over(state.waste, state.tableau, state.foundations):
        return _STUCK
    return None


# Every move there is, made once, and their order in ``legal_moves`` (that of their notation).
_MOVES = {
    (source, target): Move(source, target)
    for source in (WASTE, *range(TABLEAU_SIZE))
    for target in (FOUNDATION, *range(TABLEAU_SIZE))
    if source != target
}
_ORDER = {move: rank for rank, move in enumerate(sorted([DEAL, *_MOVES.values()], key=str))}


_RANKED = {key: (_ORDER[move], move) for key, move in _MOVES.items()}
_DEAL_RANKED = (_ORDER[DEAL], DEAL)
_RANKED_FROM: dict[int, dict[int, tuple[int, Move]]] = {}  # source -> target -> ranked move
for (_source, _target), _ranked in _RANKED.items():
    _RANKED_FROM.setdefault(_source, {})[_target] = _ranked


@cache
def _takes_one(top: Card) -> tuple[Card, ...]:
    return pile_takes((top,)) or ()


@cache
def _takes_two(below: Card, top: Card) -> tuple[Card, ...]:
    return pile_takes((below, top)) or ()


_Reading = tuple[list[tuple[int, Card]], list[int], dict[Card, list[int]]]
_last_read: tuple[tuple[Pile, ...] | None, _Reading] = (None, ([], [], {}))


def _read_tableau(tableau: tuple[Pile, ...]) -> _Reading:
    """The tableau's top cards by pile, its empty piles, and the piles that take each card
    on top. A deal leaves the tableau as it was: the last reading is then used again."""
    global _last_read
    last, reading = _last_read
    if last is tableau:
        return reading
    tops: list[tuple[int, Card]] = []
    empty: list[int] = []
    takers: dict[Card, list[int]] = {}  # card -> the piles that take it on top
    for target, pile in enumerate(tableau):
        if not pile:
            empty.append(target)
            continue
        top = pile[-1]
        tops.append((target, top))
        for card in _takes_one(top) if len(pile) == 1 else _takes_two(pile[-2], top):
            takers.setdefault(card, []).append(target)
    reading = (tops, empty, takers)
    _last_read = (tableau, reading)
    return reading


def _candidates(state: UnionSquareState) -> list[tuple[int, Move]]:
    """Every card movement the piles allow, each with its rank in ``legal_moves``' order."""
    ranked = [_DEAL_RANKED] if state.stock else []
    tops, empty, takers = _read_tableau(state.tableau)
    if state.waste:
        tops = [(WASTE, state.waste[-1]), *tops]
    wanted = foundation_wants(state.foundations)
    for source, card in tops:
        moves = _RANKED_FROM[source]
        if card in wanted:
            ranked.append(moves[FOUNDATION])
        # A pile never takes a copy of its own top card, and a source is not empty.
        if card in takers:
            ranked.extend(map(moves.__getitem__, takers[card]))
        if empty:
            ranked.extend(map(moves.__getitem__, empty))
    return ranked


def _status(state: UnionSquareState) -> Status:
    ended = _outcome(state)
    return Status.PLAYING if ended is None else ended.status


def _source_card(state: UnionSquareState, source: int) -> Card | None:
    pile = state.waste if source == WASTE else state.tableau[source]
    return pile[-1] if pile else None


def _mechanics(state: UnionSquareState, move: Move) -> str | None:
    """Why the move is impossible as a card movement (ignoring whether the game is over)."""
    if move is not DEAL and _MOVES.get((move.source, move.target)) is not move:
        malformed = move.malformed  # a move not among those made once, so maybe none
        if malformed is not None:
            return malformed
    if move.is_deal:
        return None if state.stock else _("the stock is empty (there is one pass only)")
    card = _source_card(state, move.source)
    if card is None:
        if move.source == WASTE:
            return _("the waste is empty")
        return _("{pile} is empty").format(pile=f"t{move.source + 1}")
    if move.target == FOUNDATION:
        if foundation_for(state.foundations, card) is None:
            return _("no foundation takes {card} now").format(card=card.pretty)
        return None
    pile = state.tableau[move.target]
    if pile_accepts(pile, card):
        return None
    name, top = f"t{move.target + 1}", pile[-1]
    if len(pile) == 1:
        return _(
            "{pile} holds one card, {card}: it takes the same suit one rank above or below"
        ).format(pile=name, card=top.pretty)
    if pile_direction(pile) == "up":
        builds = _("{pile} builds up in {suit} from {card}")
    else:
        builds = _("{pile} builds down in {suit} from {card}")
    return builds.format(pile=name, suit=top.suit.plural, card=top.pretty)


class UnionSquare(Game[UnionSquareState, Move]):
    info: ClassVar[GameInfo] = INFO
    name: ClassVar[str] = INFO.name
    title: ClassVar[str] = INFO.title

    def new(self, deal: int) -> UnionSquareState:
        cards = shuffled(union_square_deck(), check_deal_number(deal))
        tableau = tuple((card,) for card in cards[:TABLEAU_SIZE])
        return UnionSquareState(deal, tuple(cards[TABLEAU_SIZE:]), (), tableau, ((),) * FOUNDATIONS)

    # -- rules -------------------------------------------------------------------------
    def outcome(self, state: UnionSquareState) -> Outcome | None:
        return _outcome(state)

    def status(self, state: UnionSquareState) -> Status:
        return _status(state)

    def score(self, state: UnionSquareState) -> int:
        """One point per card on the foundations (0..104)."""
        return state.score

    def observe(self, state: UnionSquareState) -> UnionSquareObservation:
        unseen = as_multiset(state.stock)
        return UnionSquareObservation(
            unseen, state.waste, state.tableau, state.foundations, _status(state)
        )

    def candidate_moves(self, state: UnionSquareState) -> list[Move]:
        """Every card movement the piles allow, whether or not the game is over."""
        return [move for _, move in _candidates(state)]

    def legal_moves(self, state: UnionSquareState) -> list[Move]:
        if _status(state) is not Status.PLAYING:
            return []
        ranked = _candidates(state)
        ranked.sort()
        return [move for _, move in ranked]

    def why_illegal(self, state: UnionSquareState, move: Move) -> str | None:
        reason = _mechanics(state, move)
        if reason is not None:
            return reason
        if move.target == FOUNDATION:
            return None  # a card can reach a foundation, so the game is not over
        status = _status(state)
        if status is Status.LOST:
            return _(
                "the game is over: no sequence of moves can bring another card to a foundation"
            )
        return None

    def play(self, state: UnionSquareState, move: Move) -> UnionSquareState:
        stock, waste = state.stock, state.waste
        if move.source == STOCK:
            return UnionSquareState(
                state.deal, stock[1:], (*waste, stock[0]), state.tableau, state.foundations
            )
        tableau, foundations = list(state.tableau), state.foundations
        if move.source == WASTE:
            card, waste = waste[-1], waste[:-1]
        else:
            card = tableau[move.source][-1]
            tableau[move.source] = tableau[move.source][:-1]
        if move.target == FOUNDATION:
            index = foundation_for(foundations, card)
            if index is None:
                raise ValueError(f"play() was given an illegal move {move}")
            homes = list(foundations)
            homes[index] = (*homes[index], card)
            foundations = tuple(homes)
        else:
            tableau[move.target] = (*tableau[move.target], card)
        return UnionSquareState(state.deal, stock, waste, tuple(tableau), foundations)

    # -- notation and JSON ---------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def deal_of(self, state: UnionSquareState) -> int:
        return state.deal

    def view(self, state: UnionSquareState, resigned: bool = False) -> UnionSquareView:
        ended = RESIGNED if resigned else _outcome(state)
        return {
            "game": "union-square",
            "deal": state.deal,
            "status": Status.PLAYING if ended is None else ended.status,
            "end": None if ended is None else ended.reason,
            "score": state.score,
            "stock": len(state.stock),
            "waste": _names(state.waste),
            "tableau": [_names(p) for p in state.tableau],
            "directions": [pile_direction(p) for p in state.tableau],
            "foundations": [_names(f) for f in state.foundations],
            "homes": _homes(state) if ended is None else {},
            "legal": [str(m) for m in self.legal_moves(state)] if ended is None else [],
        }

    def dump_fields(self, state: UnionSquareState) -> JSON:
        return {
            "stock": _names(state.stock),
            "waste": _names(state.waste),
            "tableau": [_names(p) for p in state.tableau],
            "foundations": [_names(f) for f in state.foundations],
        }

    def load_fields(self, deal: int, data: JSON) -> UnionSquareState:
        tableau = _load_piles(data, "tableau", TABLEAU_SIZE)
        foundations = _load_piles(data, "foundations", FOUNDATIONS)
        state = UnionSquareState(
            deal,
            _load_cards(data.get("stock"), "stock"),
            _load_cards(data.get("waste"), "waste"),
            tableau,
            foundations,
        )
        for index, pile in enumerate(tableau):
            if any(not pile_accepts(pile[:k], pile[k]) for k in range(1, len(pile))):
                raise CorruptSave(
                    _("{pile} is not a same-suit run going up or down").format(pile=f"t{index + 1}")
                )
        suits = [f[0].suit for f in foundations if f]
        if len(suits) != len(set(suits)):
            raise CorruptSave(_("two foundations hold the same suit"))
        for index, pile in enumerate(foundations):
            expected = [Card(foundation_next_rank(k) or 0, pile[0].suit) for k in range(len(pile))]
            if len(pile) > FOUNDATION_SIZE or list(pile) != expected:
                raise CorruptSave(
                    _("{pile} is not built A up to K, then K down to A, in one suit").format(
                        pile=f"f{index + 1}"
                    )
                )
        everything = state.stock + state.waste + sum(tableau, ()) + sum(foundations, ())
        if Counter(everything) != Counter(union_square_deck()):
            raise CorruptSave(_("the save does not hold the two decks' 104 cards exactly"))
        return state


def _homes(state: UnionSquareState) -> dict[str, int]:
    sources = [("w", state.waste)] + [(f"t{i + 1}", p) for i, p in enumerate(state.tableau)]
    homes = {name: foundation_for(state.foundations, pile[-1]) for name, pile in sources if pile}
    return {name: index for name, index in homes.items() if index is not None}


def _names(cards: Pile) -> list[str]:
    return [str(c) for c in cards]


def _load_cards(data: Any, where: str) -> Pile:
    if not isinstance(data, list):
        raise CorruptSave(_("'{field}' must be a list of cards").format(field=where))
    try:
        return tuple(Card.parse(text) for text in data)
    except BadNotation as err:
        raise CorruptSave(_("in '{field}': {problem}").format(field=where, problem=err)) from None


def _load_piles(data: JSON, key: str, count: int) -> tuple[Pile, ...]:
    piles = data.get(key)
    if not isinstance(piles, list) or len(piles) != count:
        raise CorruptSave(
            ngettext(
                "'{field}' must be a list of {count} pile",
                "'{field}' must be a list of {count} piles",
                count,
            ).format(field=key, count=count)
        )
    return tuple(_load_cards(pile, f"{key}[{i}]") for i, pile in enumerate(piles))
