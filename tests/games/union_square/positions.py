"""Positions for the Union Square tests.

Positions are built by hand with ``UnionSquareState`` (piles bottom to top). Most keep
a card in the stock, so that the game cannot be over and only the rule under test
decides whether a move is legal.
"""

from __future__ import annotations

from squares.cards import Card, Suit
from squares.games.union_square import UnionSquare, UnionSquareState

GAME = UnionSquare()
KEEP_PLAYING = "QS"  # one card left in the stock: the game cannot be over yet


def cards(text: str) -> tuple[Card, ...]:
    """``"5H 6H"`` → the two cards, bottom to top."""
    return tuple(Card.parse(word) for word in text.split())


def climb(suit: str, count: int) -> str:
    """The first ``count`` cards of a foundation of ``suit``: A up to K, then K down to A."""
    ranks = [*range(1, 14), *range(13, 0, -1)][:count]
    return " ".join(str(Card(rank, Suit(suit))) for rank in ranks)


def position(
    *,
    stock: str = KEEP_PLAYING,
    waste: str = "",
    tableau: dict[int, str] | None = None,
    foundations: dict[int, str] | None = None,
    deal: int = 0,
) -> UnionSquareState:
    """A position; ``tableau={1: "5H 6H"}`` puts those cards on t1, ``foundations`` alike."""
    piles = [cards((tableau or {}).get(n, "")) for n in range(1, 17)]
    founded = [cards((foundations or {}).get(n, "")) for n in range(1, 5)]
    return UnionSquareState(deal, cards(stock), cards(waste), tuple(piles), tuple(founded))


def legal(state: UnionSquareState) -> list[str]:
    return [str(m) for m in GAME.legal_moves(state)]


def play(state: UnionSquareState, *moves: str) -> UnionSquareState:
    for text in moves:
        state = GAME.apply_text(state, text)
    return state


def is_legal(state: UnionSquareState, text: str) -> bool:
    """Whether the checked tier and the list of legal moves agree that ``text`` is legal."""
    listed = text in legal(state)
    checked = GAME.why_illegal(state, GAME.parse_move(text)) is None
    assert listed == checked, f"legal_moves and why_illegal disagree on {text}"
    return listed
