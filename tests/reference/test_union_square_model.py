"""Union Square: a reference model written from its rules page agrees with the engine.

See ``tests/reference/common.py`` for how the models are written and compared.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from squares.ai import get_solver
from squares.games import Status
from tests.reference.common import RANKS, UNION_SQUARE, notation, rank
from tests.reference.union_square_model import (
    FOUNDATION_LADDER,
    UnionSquareModel,
    union_square_model_of,
)


def assert_union_square_agrees(
    state: Any, model: UnionSquareModel, where: str, *, view: bool = True, search: bool = False
) -> tuple[Status, set[str]]:
    """Every card in place, score, status and (while the game is on) the legal moves; with
    ``view``, the player's view too; with ``search``, whether the game is over, wherever the
    model's plain search settles it. Returns the status and the model's legal moves."""
    engine = union_square_model_of(state)
    for part in ("stock", "waste", "tableau", "foundations"):
        assert getattr(engine, part) == getattr(model, part), f"{where}: {part} differs"
    status = UNION_SQUARE.status(state)
    assert UNION_SQUARE.score(state) == model.score(), f"{where}: score differs"
    if model.score() == 104:
        assert status is Status.WON, f"{where}: all 104 on the foundations, yet {status}"
    elif model.stock:
        assert status is Status.PLAYING, f"{where}: over with cards in the stock"
    else:
        assert status in (Status.PLAYING, Status.LOST), f"{where}: {status}"
    engine_legal = notation(UNION_SQUARE.legal_moves(state))
    model_legal = model.legal()
    if status is Status.PLAYING:
        assert engine_legal == model_legal, (
            f"{where}: engine only {sorted(engine_legal - model_legal)}, "
            f"model only {sorted(model_legal - engine_legal)}"
        )
    else:
        assert engine_legal == set(), f"{where}: moves after the end"
        to_foundation = {m for m in model_legal if m.endswith("-f")}
        assert not to_foundation, f"{where}: over, yet {to_foundation} go to a foundation"
    if search:
        assert_over_agrees(status, model, where)
    if view:
        shown = UNION_SQUARE.view(state)
        assert shown["stock"] == len(model.stock), f"{where}: the view's stock count"
        assert (shown["waste"], shown["tableau"], shown["foundations"]) == (
            model.waste,
            model.tableau,
            model.foundations,
        ), f"{where}: the view shows other cards"
        runs = [
            None if len(p) < 2 else "up" if rank(p[-1]) > rank(p[-2]) else "down"
            for p in model.tableau
        ]
        assert shown["directions"] == runs, f"{where}: the view's pile directions"
        assert (shown["status"], shown["score"]) == (status.value, model.score()), where
        assert set(shown["legal"]) == engine_legal, f"{where}: the view's legal moves"
    return status, model_legal


def assert_over_agrees(status: Status, model: UnionSquareModel, where: str) -> bool | None:
    """With the stock empty, the engine calls the game over exactly when the model's search
    finds no way to a foundation (where the search settles it: the answer, else ``None``)."""
    if model.stock or status is Status.WON:
        return None
    reachable = model.foundation_reachable()
    if reachable is not None:
        assert (status is Status.PLAYING) == reachable, (
            f"{where}: engine says {status}, model finds a foundation "
            f"{'reachable' if reachable else 'unreachable'}"
        )
    return reachable


def choose(model: UnionSquareModel, legal: set[str], builds: int, rng: random.Random) -> str:
    """A player who prefers the foundations, then the waste's card onto the tableau, then
    dealing, and rearranges the tableau a little (at most one move between deals)."""
    moves = sorted(legal)
    to_foundation = [m for m in moves if m.endswith("-f")]
    to_tableau = [m for m in moves if m != "s" and not m.endswith("-f")]
    onto_cards = [m for m in to_tableau if model.tableau[int(m.split("-t")[1]) - 1]]
    from_waste = [m for m in to_tableau if m.startswith("w")]
    if to_foundation and rng.random() < 0.95:
        return rng.choice(to_foundation)
    waste_onto_cards = [m for m in from_waste if m in onto_cards]
    if waste_onto_cards and rng.random() < 0.9:
        return rng.choice(waste_onto_cards)
    if from_waste and rng.random() < 0.45:
        return rng.choice(from_waste)
    if to_tableau and (not model.stock or (builds < 1 and rng.random() < 0.3)):
        return rng.choice(onto_cards if onto_cards and rng.random() < 0.8 else to_tableau)
    if model.stock:
        return "s"
    return rng.choice(to_foundation) if to_foundation else ""


def note(model: UnionSquareModel, move: str, seen: Counter[str]) -> None:
    """Count the rarer rules a move exercises."""
    if move == "s":
        return
    source, target = move.split("-")
    card = (model.waste if source == "w" else model.tableau[int(source[1:]) - 1])[-1]
    if target == "f":
        index = model.foundation_for(card)
        assert index is not None
        height = len(model.foundations[index])
        seen["king on king" if height == 13 else "down a foundation" if height > 13 else "up"] += 1
    else:
        height = len(model.tableau[int(target[1:]) - 1])
        seen[["into an empty pile", "onto one card", "along a run"][min(height, 2)]] += 1


def play_union_square(deal: int, rng: random.Random, seen: Counter[str]) -> int:
    """One game, the engine and the model side by side, until it ends or, once the stock is
    empty, a few more moves were tried; returns the steps compared."""
    state = UNION_SQUARE.new(deal)
    model = union_square_model_of(state)
    assert model.waste == [] and len(model.stock) == 88
    assert all(len(p) == 1 for p in model.tableau) and model.score() == 0
    status, legal = assert_union_square_agrees(state, model, f"deal {deal}, start")
    steps, builds, after_stock = 1, 0, 0
    while status is Status.PLAYING and after_stock < 6:
        move = choose(model, legal, builds, rng)
        if not move:
            break
        if move == "s":
            builds = 0
        elif move.startswith("t") and not move.endswith("-f"):
            builds += 1
        after_stock += not model.stock
        note(model, move, seen)
        state = UNION_SQUARE.apply(state, UNION_SQUARE.parse_move(move))
        model.apply(move)
        steps += 1
        status, legal = assert_union_square_agrees(
            state, model, f"deal {deal}, after {move}", view=steps % 16 == 0
        )
    # The end: the view, and whether the game is over, checked by the model's own search.
    status, _ = assert_union_square_agrees(state, model, f"deal {deal}, end")
    seen[f"search says {assert_over_agrees(status, model, f'deal {deal}, end')}"] += 1
    seen[f"ends {status.value}" if status is not Status.PLAYING else "stopped"] += 1
    return steps


@pytest.mark.long
def test_union_square_engine_matches_the_model_over_200_random_games() -> None:
    rng = random.Random(20240612)
    seen: Counter[str] = Counter()
    steps = sum(play_union_square(deal, rng, seen) for deal in range(200))
    for rule in ("king on king", "down a foundation", "into an empty pile", "onto one card"):
        assert seen[rule], f"no random game exercised {rule}: {seen}"
    assert seen["along a run"] and seen["ends lost"], seen
    # The model's own search settled both ways: over (no foundation reachable) and not.
    assert seen["search says False"] and seen["search says True"], seen
    assert steps > 20_000


# -- hand-made Union Square positions --------------------------------------------------

UNION_SQUARE_DECKS = [r + s for _ in range(2) for s in "CDHS" for r in RANKS]


def cards(text: str) -> list[str]:
    return text.split()


def climb(suit_letter: str, count: int) -> str:
    """The first ``count`` cards of a foundation of that suit."""
    return " ".join(RANKS[r - 1] + suit_letter for r in FOUNDATION_LADDER[:count])


def union_square_position(
    *,
    waste: str = "",
    tableau: dict[int, str] | None = None,
    foundations: dict[int, str] | None = None,
    stock: str | None = None,
) -> tuple[Any, UnionSquareModel]:
    """The engine's state and the model. The cards not named fill the stock in deck order;
    when ``stock`` is given (``""`` for none) they lie under the named waste cards instead."""
    piles = [cards((tableau or {}).get(n, "")) for n in range(1, 17)]
    founded = [cards((foundations or {}).get(n, "")) for n in range(1, 5)]
    on_table = [*(c for p in piles for c in p), *(c for f in founded for c in f)]
    named = Counter([*cards(waste), *cards(stock or ""), *on_table])
    assert not named - Counter(UNION_SQUARE_DECKS), "more copies of a card than two decks hold"
    rest = sorted((Counter(UNION_SQUARE_DECKS) - named).elements(), key=UNION_SQUARE_DECKS.index)
    if stock is None:
        model = UnionSquareModel(rest, cards(waste), piles, founded)
    else:
        model = UnionSquareModel(cards(stock), rest + cards(waste), piles, founded)
    saved = {
        "format": 1,
        "game": "union-square",
        "deal": 0,
        "stock": model.stock,
        "waste": model.waste,
        "tableau": model.tableau,
        "foundations": model.foundations,
    }
    return UNION_SQUARE.load(saved), model


def every_move(state: Any, model: UnionSquareModel) -> dict[str, UnionSquareModel]:
    """Compare the position and each legal move from it; the model after each."""
    assert_union_square_agrees(state, model, "the position", search=True)
    after = {}
    for move in sorted(model.legal()):
        after[move] = nxt = model.copy()
        nxt.apply(move)
        assert_union_square_agrees(
            UNION_SQUARE.apply(state, UNION_SQUARE.parse_move(move)),
            nxt,
            f"after {move}",
            search=True,
        )
    return after


def test_union_square_second_ace_ends_its_suit_never_starts_another() -> None:
    state, model = union_square_position(waste="AS", foundations={1: "AS"})
    assert "w-f" not in every_move(state, model)  # three empty foundations, still no
    state, model = union_square_position(waste="AS", foundations={2: climb("S", 25)})
    after = every_move(state, model)
    assert after["w-f"].foundations[1] == cards(climb("S", 26))


def test_union_square_king_on_king_turns_the_foundation_down() -> None:
    state, model = union_square_position(
        waste="KH", tableau={1: "QH", 2: "KS"}, foundations={1: climb("H", 13)}
    )
    after = every_move(state, model)
    assert "t1-f" not in after  # the Q waits for the second King
    assert "w-f" in after and "t2-f" not in after  # a King of another suit does not turn it
    turned = after["w-f"]
    state = UNION_SQUARE.apply(state, UNION_SQUARE.parse_move("w-f"))
    assert "t1-f" in every_move(state, turned)


def test_union_square_direction_resets_when_a_pile_shrinks_to_one_card() -> None:
    state, model = union_square_position(tableau={1: "5H 6H", 2: "5H", 3: "7H", 5: "4H"})
    after = every_move(state, model)
    assert "t3-t1" in after and "t2-t1" not in after  # built up: the 7♥, never back down
    state = UNION_SQUARE.apply(state, UNION_SQUARE.parse_move("t1-t4"))  # the 6♥ leaves
    again = every_move(state, after["t1-t4"])
    assert "t5-t1" in again and "t4-t1" in again  # one card again: either way
    state = UNION_SQUARE.apply(state, UNION_SQUARE.parse_move("t5-t1"))
    down = every_move(state, again["t5-t1"])
    assert "t2-t1" not in down  # now built down: the other 5♥ does not fit


def test_union_square_one_card_pile_takes_same_suit_either_way() -> None:
    state, model = union_square_position(tableau={1: "8D", 2: "7D", 3: "9D", 4: "9C", 5: "7S"})
    after = every_move(state, model)
    assert {"t2-t1", "t3-t1"} <= set(after)
    assert "t4-t1" not in after and "t5-t1" not in after


def test_union_square_empty_pile_takes_any_card_from_another_pile() -> None:
    state, model = union_square_position(waste="KD", tableau={1: "9C 8C", 3: "2S"})
    after = every_move(state, model)
    for source in ("w", "t1", "t3"):
        assert f"{source}-t2" in after
    assert after["t1-t2"].tableau[:2] == [["9C"], ["8C"]]


def test_union_square_ace_goes_to_the_leftmost_empty_foundation() -> None:
    state, model = union_square_position(waste="AH", foundations={1: "AC", 3: "AD 2D"})
    after = every_move(state, model)
    assert after["w-f"].foundations == [["AC"], ["AH"], ["AD", "2D"], []]


def test_union_square_only_top_cards_move_and_foundations_keep_theirs() -> None:
    # The 3♣ under the 4♣ could go to the foundation, but only the 4♣ moves; nothing
    # ever leaves a foundation (the 2♣ on f1 would fit t2's 3♣).
    state, model = union_square_position(
        tableau={1: "3C 4C", 2: "3C"}, foundations={1: "AC 2C"}, waste="QS"
    )
    after = every_move(state, model)
    assert "t2-f" in after and "t1-f" not in after
    assert not any(move.startswith("f") for move in notation(UNION_SQUARE.legal_moves(state)))


def stuck_tableau() -> dict[int, str]:
    """16 single cards, no two of one suit a rank apart: nothing builds."""
    singles = [rank_letter + suit_letter for rank_letter in "KJ97" for suit_letter in "CDHS"]
    return {n: card for n, card in enumerate(singles, start=1)}


def test_union_square_over_exactly_when_no_foundation_can_be_reached() -> None:
    tableau = stuck_tableau()
    state, model = union_square_position(waste="4C", tableau=tableau, stock="")
    every_move(state, model)
    assert model.legal() == set() and UNION_SQUARE.status(state) is Status.LOST
    # A foundation two moves away: 3♣ onto the 4♣ (built down) frees the 2♣ for A♣.
    tableau.update({1: "2C 3C", 2: "5C 4C"})
    state, model = union_square_position(
        waste="9C", tableau=tableau, foundations={1: "AC"}, stock=""
    )
    assert not any(m.endswith("-f") for m in model.legal())
    assert model.foundation_reachable() is True
    every_move(state, model)
    assert UNION_SQUARE.status(state) is Status.PLAYING


def test_union_square_deals_one_pass_from_the_stock() -> None:
    state, model = union_square_position(tableau=stuck_tableau(), stock="QS 2D")
    after = every_move(state, model)
    assert after["s"].waste[-1] == "QS" and after["s"].stock == ["2D"]
    state = UNION_SQUARE.apply_text(UNION_SQUARE.apply_text(state, "s"), "s")
    last = model.copy()
    last.apply("s")
    last.apply("s")
    assert "s" not in every_move(state, last)  # no redeal: the waste stays where it is


# -- the solver's lines, played in the model ----------------------------------------------


@pytest.mark.parametrize("deal", [0, 1, 2, 3, 437, 1999, 54321])
def test_union_square_solver_lines_are_legal_wins_in_the_model(deal: int) -> None:
    """Every move of a winning line (found over classes and realized as real moves) is
    legal in the model when it is played, and the line ends with all 104 cards home."""
    state = UNION_SQUARE.new(deal)
    solution = get_solver("union-square").solve(state, max_nodes=100_000)
    model = union_square_model_of(state)
    for move in solution.line:
        assert move in model.legal(), (deal, move)
        model.apply(move)
    assert solution.best_score == model.score() == 104, deal
