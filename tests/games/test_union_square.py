"""Union Square, rule by rule, as /work/shared/rules/union-square.md states them.

Positions are built by hand with ``UnionSquareState`` (piles bottom to top). Most keep
a card in the stock, so that the game cannot be over and only the rule under test
decides whether a move is legal.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from squares.cards import Card, Suit, shuffled, union_square_deck
from squares.errors import BadNotation, CorruptSave, IllegalMoveError
from squares.games import Status, get_game
from squares.games.union_square import DEAL, Move, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION, STOCK, WASTE

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


# -- layout ------------------------------------------------------------------------------


def test_the_game_is_registered_as_union_square() -> None:
    assert isinstance(get_game("union-square"), UnionSquare)


def test_deal_uses_two_full_decks() -> None:
    state = GAME.new(12345)
    everything = state.stock + state.waste + sum(state.tableau, ()) + sum(state.foundations, ())
    assert len(everything) == 104
    assert Counter(everything) == Counter({Card(r, s): 2 for s in Suit for r in range(1, 14)})


def test_deal_puts_sixteen_face_up_cards_in_reading_order() -> None:
    order = shuffled(union_square_deck(), 7)
    state = GAME.new(7)
    assert state.tableau == tuple((card,) for card in order[:16])


def test_stock_holds_the_rest_and_deals_from_card_seventeen() -> None:
    order = shuffled(union_square_deck(), 7)
    state = GAME.new(7)
    assert state.stock == tuple(order[16:])
    assert len(state.stock) == 88
    assert play(state, "s").waste == (order[16],)
    assert play(state, *["s"] * 88).waste == tuple(order[16:])


def test_deal_follows_version_one_of_the_numbered_deal_algorithm() -> None:
    # Written out again from deals.md, independently of squares.cards.
    unshuffled = [f"{rank}{suit}" for _ in range(2) for suit in "CDHS" for rank in "A23456789TJQK"]
    for deal in (0, 1, 2**63 - 1):
        a = list(unshuffled)
        rng = random.Random(deal)
        for i in range(len(a) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            a[i], a[j] = a[j], a[i]
        state = GAME.new(deal)
        assert [str(pile[0]) for pile in state.tableau] == a[:16]
        assert [str(card) for card in state.stock] == a[16:]


def test_deal_one_is_pinned() -> None:
    # Computed once from deals.md; a change here means every deal changed for every player.
    state = GAME.new(1)
    assert " ".join(str(p[0]) for p in state.tableau) == (
        "6C AC 7D TD 4H JD 4C KS 7C AS QH 5S AS 9S 9C 9C"
    )
    assert " ".join(str(c) for c in state.stock) == (
        "QS 2D 3H JC AH AD JH TH 3D 9H 5C 4C KH 7C 9D 9S KH 2C KS 9H TS 7D "
        "9D 2D 2H 4H JD TC 6D 6C QC 4D 3H TS 8C 7S 6H 8D JH 8S QD JC 3S 5S "
        "5D 8C 3C 7S KC 4S TD 5C 2C QS 7H 3D 4D 6S QH 3S 2H 6H 8H 5D 5H 8H "
        "8S 7H 4S JS 5H 8D KC 2S AC 6D 2S AH 3C TC QD QC 6S JS KD KD TH AD"
    )


def test_waste_starts_empty() -> None:
    assert GAME.new(7).waste == ()


def test_foundations_start_empty() -> None:
    assert GAME.new(7).foundations == ((), (), (), ())


def test_a_new_deal_is_being_played_with_no_score() -> None:
    state = GAME.new(7)
    assert GAME.status(state) is Status.PLAYING
    assert GAME.score(state) == 0


# -- moves: the stock ----------------------------------------------------------------------


def test_stock_deals_one_card_to_the_waste() -> None:
    state = position(stock="7C 8D 9H", waste="2S")
    after = play(state, "s")
    assert after.stock == cards("8D 9H")
    assert after.waste == cards("2S 7C")
    assert (after.tableau, after.foundations) == (state.tableau, state.foundations)


def test_there_is_no_redeal() -> None:
    state = position(stock="", waste="7C 8D 9H", tableau={1: "AH"})
    assert "s" not in legal(state)
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        GAME.apply(state, DEAL)


# -- moves: what may move --------------------------------------------------------------------


def test_only_top_cards_move() -> None:
    state = position(waste="AH 5C", tableau={1: "AS 2S", 3: "3D"})
    assert not is_legal(state, "w-f")  # the Ace of hearts lies under the 5 of clubs
    assert not is_legal(state, "t1-f")  # the Ace of spades lies under the 2 of spades
    assert is_legal(state, "t1-t2")
    assert play(state, "t1-t2").tableau[:2] == (cards("AS"), cards("2S"))


def test_moves_take_one_card_at_a_time() -> None:
    state = position(tableau={1: "5H 6H 7H"})
    after = play(state, "t1-t2")
    assert after.tableau[0] == cards("5H 6H")
    assert after.tableau[1] == cards("7H")


# -- moves: to a tableau pile ----------------------------------------------------------------


def test_empty_pile_takes_any_card_from_waste_or_tableau() -> None:
    for card in sorted(set(union_square_deck())):
        state = position(waste=str(card), tableau={1: "5H 6H", 3: str(card)})
        assert is_legal(state, "w-t2"), card
        assert is_legal(state, "t3-t2"), card
        assert play(state, "w-t2").tableau[1] == (card,)
    assert is_legal(position(tableau={1: "5H 6H"}), "t1-t2")


@pytest.mark.parametrize("card", ["6H", "8H"])
def test_one_card_pile_takes_same_suit_one_above_or_below(card: str) -> None:
    state = position(waste=card, tableau={1: "7H"})
    assert is_legal(state, "w-t1")
    assert play(state, "w-t1").tableau[0] == cards(f"7H {card}")


@pytest.mark.parametrize("card", ["6D", "8S", "6C", "8D"])
def test_one_card_pile_refuses_other_suit(card: str) -> None:
    state = position(waste=card, tableau={1: "7H"})
    assert not is_legal(state, "w-t1")
    with pytest.raises(IllegalMoveError, match="same suit"):
        GAME.apply_text(state, "w-t1")


@pytest.mark.parametrize("card", ["7H", "5H", "9H", "AH", "KH"])
def test_one_card_pile_refuses_same_suit_not_one_rank_away(card: str) -> None:
    state = position(waste=card, tableau={1: "7H"})
    assert not is_legal(state, "w-t1")


def test_pile_of_two_continues_its_direction_up() -> None:
    assert is_legal(position(waste="8H", tableau={1: "6H 7H"}), "w-t1")
    assert not is_legal(position(waste="6H", tableau={1: "6H 7H"}), "w-t1")
    assert not is_legal(position(waste="8D", tableau={1: "6H 7H"}), "w-t1")
    with pytest.raises(IllegalMoveError, match="up"):
        GAME.apply_text(position(waste="6H", tableau={1: "6H 7H"}), "w-t1")


def test_pile_of_two_continues_its_direction_down() -> None:
    assert is_legal(position(waste="6H", tableau={1: "8H 7H"}), "w-t1")
    assert not is_legal(position(waste="8H", tableau={1: "8H 7H"}), "w-t1")
    assert not is_legal(position(waste="6C", tableau={1: "8H 7H"}), "w-t1")
    with pytest.raises(IllegalMoveError, match="down"):
        GAME.apply_text(position(waste="8H", tableau={1: "8H 7H"}), "w-t1")


def test_longer_pile_keeps_the_direction_of_its_top_two_cards() -> None:
    assert is_legal(position(waste="9C", tableau={1: "5C 6C 7C 8C"}), "w-t1")
    assert not is_legal(position(waste="7C", tableau={1: "5C 6C 7C 8C"}), "w-t1")
    assert is_legal(position(waste="2C", tableau={1: "5C 4C 3C"}), "w-t1")
    assert not is_legal(position(waste="4C", tableau={1: "5C 4C 3C"}), "w-t1")


def test_pile_shrunk_to_one_card_builds_either_way_again() -> None:
    shrunk = play(position(tableau={1: "6H 7H"}), "t1-t2")
    assert shrunk.tableau[0] == cards("6H")
    assert is_legal(replace(shrunk, waste=cards("5H")), "w-t1")
    assert is_legal(replace(shrunk, waste=cards("7H")), "w-t1")
    down_now = play(replace(shrunk, waste=cards("5H")), "w-t1")
    assert is_legal(replace(down_now, waste=cards("4H")), "w-t1")
    assert not is_legal(replace(down_now, waste=cards("6H")), "w-t1")


@pytest.mark.parametrize(
    ("pile", "card"),
    [("KH", "AH"), ("AH", "KH"), ("QH KH", "AH"), ("2H AH", "KH")],
)
def test_no_wrap_between_king_and_ace(pile: str, card: str) -> None:
    assert not is_legal(position(waste=card, tableau={1: pile}), "w-t1")


def test_foundation_does_not_wrap_from_king_to_ace() -> None:
    state = position(waste="AH", foundations={1: climb("H", 13)})  # A..K of hearts
    assert not is_legal(state, "w-f")


# -- moves: to a foundation -------------------------------------------------------------------


def test_foundation_builds_ace_to_king_then_king_down_to_ace() -> None:
    order = climb("H", 26)
    state = position(stock=order)
    for _ in range(26):
        state = play(state, "s", "w-f")
    assert state.foundations[0] == cards(order)
    assert [c.rank for c in state.foundations[0]] == [*range(1, 14), *range(13, 0, -1)]
    assert GAME.score(state) == 26


def test_foundation_takes_only_the_next_card_of_its_suit() -> None:
    started = {1: climb("H", 5)}  # A..5 of hearts: wants the 6
    assert is_legal(position(waste="6H", foundations=started), "w-f")
    for card in ("7H", "4H", "5H", "6D", "6S"):
        assert not is_legal(position(waste=card, foundations=started), "w-f"), card
    going_down = {1: climb("H", 15)}  # A..K, K, Q: wants the Jack
    assert is_legal(position(waste="JH", foundations=going_down), "w-f")
    assert not is_legal(position(waste="KH", foundations=going_down), "w-f")


def test_only_an_ace_starts_a_foundation() -> None:
    assert not is_legal(position(waste="2C"), "w-f")
    assert not is_legal(position(waste="KC"), "w-f")
    assert is_legal(position(waste="AC"), "w-f")


def test_ace_starts_leftmost_empty_foundation() -> None:
    assert play(position(waste="AH"), "w-f").foundations[0] == cards("AH")
    state = position(waste="AH", foundations={1: "AC 2C", 3: "AD"})
    after = play(state, "w-f")
    assert after.foundations == (cards("AC 2C"), cards("AH"), cards("AD"), ())


def test_second_ace_of_a_suit_never_starts_another_foundation() -> None:
    state = position(waste="AH", tableau={1: "AH"}, foundations={1: "AH 2H"})
    assert not is_legal(state, "w-f")
    assert not is_legal(state, "t1-f")
    with pytest.raises(IllegalMoveError, match="no foundation takes A♥"):
        GAME.apply_text(state, "w-f")


def test_second_ace_of_a_suit_ends_its_foundation() -> None:
    state = position(waste="AH", foundations={1: climb("H", 25)})
    after = play(state, "w-f")
    assert after.foundations[0] == cards(climb("H", 26))
    assert after.foundations[0][-1] == Card(1, Suit.HEARTS)


def test_foundation_cards_never_move() -> None:
    state = position(tableau={1: "3H"}, foundations={1: "AH 2H", 2: "AC"})
    assert not any(m.startswith("f") for m in legal(state))
    for text in ("f-t1", "f1-t2", "f-w"):
        with pytest.raises(BadNotation):
            GAME.parse_move(text)
    after = play(state, "t1-f")
    assert after.foundations[0] == cards("AH 2H 3H")
    assert GAME.score(after) == GAME.score(state) + 1


# -- score and end -------------------------------------------------------------------------


def test_score_is_cards_on_foundations() -> None:
    state = position(
        foundations={1: climb("H", 3), 2: climb("C", 13), 4: climb("S", 26)},
        tableau={1: "4H", 2: "5D"},
        waste="9C",
    )
    assert GAME.score(state) == 3 + 13 + 26
    assert GAME.view(state)["score"] == 42
    assert GAME.score(play(state, "t1-f")) == 43


def test_all_104_on_foundations_wins() -> None:
    full = {n: climb(suit, 26) for n, suit in enumerate("CDHS", start=1)}
    won = position(stock="", foundations=full)
    assert GAME.status(won) is Status.WON
    assert GAME.score(won) == 104
    assert GAME.legal_moves(won) == []
    almost = position(stock="", tableau={1: "AS"}, foundations={**full, 4: climb("S", 25)})
    assert GAME.status(almost) is Status.PLAYING
    assert GAME.status(play(almost, "t1-f")) is Status.WON


def _blocked(*, stock: str = "", last_pile: str = "QS") -> UnionSquareState:
    """Hearts wait for the 6, buried under 7 and 8 in t1; no pile takes the 8 or the 7.

    The only card movement left shuttles the 8 of diamonds between t2 and t3. With an
    empty pile (``last_pile=""``) the 8 and 7 of hearts can step aside instead.
    """
    singles = cards("2C 4C 6C 8C TC QC 2S 4S 6S 8S TS KD")
    tableau = {1: "6H 7H 8H", 2: "9D 8D", 3: "TD 9D", 16: last_pile}
    tableau.update({n: str(card) for n, card in enumerate(singles, start=4)})
    return position(stock=stock, tableau=tableau, foundations={1: climb("H", 5)})


def test_game_is_over_when_stock_empty_and_no_card_can_reach_a_foundation() -> None:
    state = _blocked()
    assert GAME.status(state) is Status.LOST
    assert GAME.legal_moves(state) == []
    assert GAME.view(state)["status"] == "lost"
    assert GAME.view(state)["legal"] == []
    assert GAME.score(state) == 5


def test_game_that_rearranging_can_still_feed_a_foundation_is_not_over() -> None:
    state = _blocked(last_pile="")
    assert GAME.status(state) is Status.PLAYING
    assert "t1-t16" in legal(state)
    state = play(state, "t1-t16", "t1-t16", "t1-f")
    assert GAME.score(state) == 6


def test_card_under_the_waste_top_is_reachable_by_rearranging() -> None:
    state = position(stock="", waste="AH 9C", tableau={1: "KD"})
    assert GAME.status(state) is Status.PLAYING
    assert GAME.score(play(state, "w-t2", "w-f")) == 1


def test_game_with_cards_in_stock_is_never_over() -> None:
    state = _blocked(stock="2D")
    assert GAME.status(state) is Status.PLAYING
    assert legal(state) == ["s", "t2-t3"]
    assert GAME.status(play(state, "s")) is Status.LOST  # the last card did not help


def test_no_move_accepted_once_over() -> None:
    state = _blocked()
    assert GAME.why_illegal(state, GAME.parse_move("t2-t3")) is not None
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.apply_text(state, "t2-t3")
    with pytest.raises(IllegalMoveError):
        GAME.apply_text(state, "s")


def test_move_from_pile_to_itself_is_not_a_move() -> None:
    with pytest.raises(BadNotation, match="itself"):
        GAME.parse_move("t3-t3")
    state = position(tableau={3: "7H"})
    assert all(m.source != m.target for m in GAME.legal_moves(state))
    for pile in ("7H", "6H 7H", "8H 7H"):
        with pytest.raises(IllegalMoveError):
            GAME.apply(position(tableau={3: pile}), Move(2, 2))
    with pytest.raises(BadNotation):
        GAME.parse_move("w-w")
    with pytest.raises(IllegalMoveError):  # the waste to itself, built without notation
        GAME.apply(position(waste="7H"), Move(WASTE, WASTE))


def test_checked_apply_accepts_exactly_the_listed_moves() -> None:
    """Whatever ``Move`` a caller builds, ``apply`` plays it only if it is listed as legal.

    In particular no move starts from a foundation or the stock's place as a pile, and no
    pile number outside t1..t16 stands for another pile.
    """
    # t14 and t2, t2 and t16 fit together: a wrong index would find a "legal" move.
    state = position(waste="5C", tableau={1: "AD", 2: "8H", 14: "9H", 16: "7H"})
    listed = GAME.legal_moves(state)
    places = [FOUNDATION, WASTE, STOCK, *range(18)]  # t1..t16 are 0..15
    wrongly_taken = []
    for move in (Move(source, target) for source in places for target in places):
        if move in listed:
            assert GAME.why_illegal(state, move) is None
            continue
        try:
            GAME.apply(state, move)
        except IllegalMoveError:
            continue
        except Exception as err:
            wrongly_taken.append(f"Move({move.source}, {move.target}): {type(err).__name__}")
        else:
            wrongly_taken.append(f"Move({move.source}, {move.target}): played as {move}")
    assert not wrongly_taken, f"{len(wrongly_taken)} unlisted moves not refused: {wrongly_taken}"


# -- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["s", "w-t3", "w-f", "t5-f", "t5-t9", "t16-t1", "t1-t16"])
def test_notation_round_trips(text: str) -> None:
    assert str(GAME.parse_move(text)) == text
    assert GAME.format_move(GAME.parse_move(text)) == text


def test_notation_names_the_piles() -> None:
    assert GAME.parse_move("t5-t9") == Move(4, 8)
    assert GAME.parse_move("s") == DEAL


@pytest.mark.parametrize(
    "text", ["x", "t17-t1", "t0-f", "w-w", "t3-t3", "", "f-t1", "s-t1", "t1-s", "t1", "w-t"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(BadNotation) as err:
        GAME.parse_move(text)
    assert repr(text) in str(err.value)


# -- illegal moves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "text", "why"),
    [
        (position(stock="", waste="9C", tableau={1: "AH"}), "s", "stock is empty"),
        (position(tableau={1: "7H"}), "w-t1", "waste is empty"),
        (position(tableau={1: "7H"}), "t5-f", "t5 is empty"),
        (position(waste="5C"), "w-f", "no foundation takes 5♣"),
        (position(waste="9C", tableau={1: "7H"}), "w-t1", "t1 holds one card, 7♥"),
        (position(tableau={1: "9C", 2: "6H 7H"}), "t1-t2", "t2 builds up in hearts"),
        (position(tableau={1: "9C", 2: "8H 7H"}), "t1-t2", "t2 builds down in hearts"),
    ],
)
def test_illegal_move_names_the_move_and_says_why(
    state: UnionSquareState, text: str, why: str
) -> None:
    before = replace(state)
    with pytest.raises(IllegalMoveError) as err:
        GAME.apply_text(state, text)
    assert err.value.move == text
    assert repr(text) in str(err.value)
    assert why in err.value.reason
    assert state == before


# -- what the player sees ---------------------------------------------------------------------


def test_player_view_matches_the_contract() -> None:
    state = play(GAME.new(7), "s", "s", "s")
    view = GAME.view(state)
    assert set(view) == {
        "game", "deal", "status", "score", "stock", "waste", "tableau", "foundations", "legal"
    }  # fmt: skip
    assert view["game"] == "union-square"
    assert view["deal"] == 7
    assert view["status"] == "playing"
    assert view["score"] == 0
    assert view["stock"] == 85
    assert view["waste"] == [str(c) for c in state.waste]
    assert view["tableau"] == [[str(c) for c in pile] for pile in state.tableau]
    assert len(view["tableau"]) == 16
    assert view["foundations"] == [[], [], [], []]
    assert view["legal"] == sorted(view["legal"])
    assert view["legal"] == legal(state)
    assert all(isinstance(m, str) for m in view["legal"])
    assert json.loads(json.dumps(view)) == view


def test_player_view_shows_whole_piles_bottom_to_top() -> None:
    state = position(tableau={1: "5H 6H 7H", 2: "9C 8C"}, foundations={2: "AD 2D"})
    view = GAME.view(state)
    assert view["tableau"][0] == ["5H", "6H", "7H"]  # the top two show the direction
    assert view["tableau"][1] == ["9C", "8C"]
    assert view["foundations"][1] == ["AD", "2D"]


def test_player_view_never_shows_the_order_of_the_stock() -> None:
    state = play(GAME.new(7), "s")
    shuffled_stock = replace(state, stock=tuple(reversed(state.stock)))
    assert GAME.view(state) == GAME.view(shuffled_stock)
    assert GAME.view(state)["stock"] == len(state.stock)


def test_player_view_can_show_a_resigned_game() -> None:
    view = GAME.view(GAME.new(7), Status.LOST)
    assert view["status"] == "lost"
    assert view["legal"] == []


# -- saves ----------------------------------------------------------------------------------------


def test_dump_and_load_round_trip() -> None:
    state = GAME.new(2**63 - 1)
    for text in ("s", "s", "s", "s", "s"):
        state = play(state, text)
        data = json.loads(json.dumps(GAME.dump(state)))
        assert GAME.load(data) == state
    mid = GAME.load(
        _save(
            waste=["AH", "9C"],
            tableau={1: ["5H", "6H", "7H"], 2: ["9D", "8D"]},
            foundations={2: climb("S", 20).split()},
        )
    )
    assert GAME.load(GAME.dump(mid)) == mid
    emptied = replace(mid, stock=())
    emptied = replace(emptied, waste=emptied.waste + mid.stock)
    assert GAME.load(GAME.dump(emptied)) == emptied


def test_dump_keeps_the_stock_order() -> None:
    state = GAME.new(7)
    assert GAME.dump(state)["stock"] == [str(c) for c in state.stock]
    assert GAME.dump(state)["format"] == 1
    assert GAME.dump(state)["game"] == "union-square"


def _save(
    *,
    waste: list[str] | None = None,
    tableau: dict[int, list[str]] | None = None,
    foundations: dict[int, list[str]] | None = None,
) -> dict[str, Any]:
    """A valid save with these piles; every other card of the two decks is in the stock."""
    piles = [list((tableau or {}).get(n, [])) for n in range(1, 17)]
    founded = [list((foundations or {}).get(n, [])) for n in range(1, 5)]
    placed = Counter(card for pile in [waste or [], *piles, *founded] for card in pile)
    stock = []
    for card in (str(c) for c in union_square_deck()):
        if placed[card]:
            placed[card] -= 1
        else:
            stock.append(card)
    return {
        "format": 1, "game": "union-square", "deal": 3, "stock": stock,
        "waste": list(waste or []), "tableau": piles, "foundations": founded,
    }  # fmt: skip


def test_save_helper_builds_a_loadable_save() -> None:
    data = _save(tableau={1: ["5H", "6H"]}, foundations={1: ["AC", "2C"]})
    state = GAME.load(data)
    assert state.tableau[0] == cards("5H 6H")
    assert len(state.stock) == 100


def _corrupt(key: str, value: Any, **piles: Any) -> dict[str, Any]:
    data = _save(**piles)
    data[key] = value
    return data


def _missing_card() -> dict[str, Any]:
    data = _save()
    data["stock"].pop()
    return data


def _third_copy() -> dict[str, Any]:
    data = _save()
    data["stock"].append("AH")
    return data


def _fifteen_piles() -> dict[str, Any]:
    data = _save()
    data["tableau"].pop()
    return data


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (_corrupt("format", 2), "format"),
        (_corrupt("format", None), "format"),
        (_corrupt("game", "foursquare"), "foursquare"),
        (_corrupt("deal", -1), "deal"),
        (_corrupt("deal", "7"), "deal"),
        (_fifteen_piles(), "16"),
        (_save(tableau={1: ["5H", "7H"]}), "t1"),
        (_save(tableau={2: ["5H", "6S"]}), "t2"),
        (_save(tableau={3: ["5H", "6H", "5H"]}), "t3"),
        (_save(foundations={1: ["AH", "3H"]}), "f1"),
        (_save(foundations={2: ["2H"]}), "f2"),
        (_save(foundations={1: ["AH", "2C"]}), "f1"),
        (_save(foundations={1: ["AH"], 3: ["AH", "2H"]}), "same suit"),
        (_missing_card(), "104"),
        (_third_copy(), "104"),
        (_corrupt("waste", ["1H"]), "1H"),
        (_corrupt("waste", ["AH", 5]), "card"),
        (_corrupt("stock", "AH"), "stock"),
        (_corrupt("tableau", None), "tableau"),
        ("not a save", "object"),
    ],
    ids=[
        "format-2", "no-format", "wrong-game", "negative-deal", "deal-as-text",
        "15-tableau-piles", "pile-skips-a-rank", "pile-changes-suit", "pile-turns-back",
        "foundation-skips-a-rank", "foundation-starts-without-ace", "foundation-mixes-suits",
        "two-foundations-one-suit", "card-missing", "third-copy", "bad-card-string",
        "card-not-a-string", "stock-not-a-list", "tableau-not-a-list", "not-an-object",
    ],
)  # fmt: skip
def test_load_rejects_a_corrupt_save(data: Any, why: str) -> None:
    with pytest.raises(CorruptSave, match=why):
        GAME.load(data)
