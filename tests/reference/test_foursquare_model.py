"""Foursquare: a reference model written from its rules page agrees with the engine.

See ``tests/reference/common.py`` for how the models are written and compared.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from squares.ai import get_solver
from squares.games import Status
from tests.reference.common import FOURSQUARE, notation, rank

# ======================================================================================
# Foursquare, from its rules page
# ======================================================================================

Cell = tuple[int, int]
Pile = list[tuple[str, bool]]  # bottom to top: (card, face up)


class FoursquareModel:
    """Piles by cell; ``stock[0]`` is the card drawn (the one to place), the rest undrawn."""

    def __init__(self, stock: list[str], piles: dict[Cell, Pile] | None = None) -> None:
        self.stock = list(stock)
        self.piles: dict[Cell, Pile] = {cell: list(p) for cell, p in (piles or {}).items()}

    def copy(self) -> FoursquareModel:
        return FoursquareModel(self.stock, self.piles)

    def face_down_piles(self) -> int:
        """Piles whose top card is face down (buried cards do not count)."""
        return sum(1 for pile in self.piles.values() if not pile[-1][1])

    def status(self) -> Status:
        """End of the game, checked after the flips."""
        if self.face_down_piles() > 4:
            return Status.LOST
        if len(self.piles) == 16 and self.face_down_piles() == 0:
            return Status.WON
        if not self.stock:
            return Status.LOST
        return Status.PLAYING

    def score(self) -> int | None:
        """The cards still in the stock, for a win; no score otherwise."""
        return len(self.stock) if self.status() is Status.WON else None

    def fits(self, cell: Cell) -> bool:
        """Whether a pile at ``cell`` keeps the bounding box within 4 rows by 4 columns."""
        rows = [r for r, _ in self.piles] + [cell[0]]
        cols = [c for _, c in self.piles] + [cell[1]]
        return max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4

    def legal(self) -> set[str]:
        if self.status() is not Status.PLAYING:
            return set()
        if not self.piles:
            return {"0,0"}  # the first card starts the grid at row 0, column 0
        cells: set[Cell] = set()
        for (r, c), pile in self.piles.items():
            if len(pile) < 4:
                cells.add((r, c))
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near not in self.piles and self.fits(near):
                    cells.add(near)
        return {f"{r},{c}" for r, c in cells}

    def place(self, move: str) -> None:
        row, col = (int(part) for part in move.split(","))
        card = self.stock.pop(0)
        self.piles.setdefault((row, col), []).append((card, True))
        v = rank(card)
        row_others = [cell for cell in self.piles if cell[0] == row and cell != (row, col)]
        col_others = [cell for cell in self.piles if cell[1] == col and cell != (row, col)]
        for others in (row_others, col_others):
            # Only the face-up top cards of the other piles are compared.
            compared = [rank(self.piles[cell][-1][0]) for cell in others if self.piles[cell][-1][1]]
            none_face_up = not compared
            highest = bool(compared) and all(v > w for w in compared)
            lowest = bool(compared) and all(v < w for w in compared)
            if none_face_up or highest or lowest:
                for cell in others:  # toggle the top card of every other pile in the line
                    top, face_up = self.piles[cell][-1]
                    self.piles[cell][-1] = (top, not face_up)


def foursquare_model_of(state: Any) -> FoursquareModel:
    """The model's copy of an engine state, read from its save form."""
    saved = FOURSQUARE.dump(state)
    piles = {
        (p["row"], p["col"]): [(c["card"], c["face_up"]) for c in p["cards"]]
        for p in saved["piles"]
    }
    return FoursquareModel(saved["remaining"], piles)


def assert_foursquare_agrees(state: Any, model: FoursquareModel, where: str) -> None:
    """Everything the rules decide: each pile's cards and sides, the stock, legal placements,
    status and score, in the full state and in the player's view."""
    engine = foursquare_model_of(state)
    assert engine.piles == model.piles, f"{where}: piles differ"
    assert engine.stock == model.stock, f"{where}: stock differs"
    assert FOURSQUARE.status(state) is model.status(), f"{where}: status differs"
    assert FOURSQUARE.score(state) == model.score(), f"{where}: score differs"
    legal = model.legal()
    assert notation(FOURSQUARE.legal_moves(state)) == legal, f"{where}: legal placements differ"
    view = FOURSQUARE.view(state)
    shown = [
        {
            "row": r,
            "col": c,
            "height": len(pile),
            "face_up": pile[-1][1],
            "top": pile[-1][0] if pile[-1][1] else None,
            "full": len(pile) == 4,
        }
        for (r, c), pile in sorted(model.piles.items())
    ]
    assert view["piles"] == shown, f"{where}: the view shows other piles"
    assert view["face_down"] == model.face_down_piles(), f"{where}: another face-down count"
    for placement in view["placements"]:
        after = model.copy()
        after.place(placement["move"])
        placed = (placement["row"], placement["col"])
        turned = {
            cell
            for cell, pile in model.piles.items()
            if cell != placed and after.piles[cell][-1][1] != pile[-1][1]
        }
        assert {tuple(cell) for cell in placement["flips"]} == turned, where
        loses = after.status() is Status.LOST
        assert (placement["loses"] is not None) == loses, f"{where}: {placement['move']} loses?"
    assert set(view["legal"]) == legal, f"{where}: the view's legal placements differ"
    assert (view["status"], view["score"]) == (model.status().value, model.score()), where
    if model.status() is Status.PLAYING:
        assert view["current"] == model.stock[0], f"{where}: another card to place"
        assert view["stock"] == len(model.stock) - 1, f"{where}: another stock count"


def worth(model: FoursquareModel) -> tuple[int, int]:
    """Fewest face-down piles, then most piles: a one-move lookahead that sometimes wins."""
    return model.face_down_piles(), -len(model.piles)


def play_foursquare(deal: int, rng: random.Random, careful: bool, seen: Counter[str]) -> int:
    """One game, the engine and the model side by side; returns the steps compared.

    A careful player takes a placement that leaves the fewest face-down piles (so that wins
    come up too), and at every third card checks what each legal placement would do, not
    only the one it takes.
    """
    state = FOURSQUARE.new(deal)
    model = foursquare_model_of(state)
    assert model.piles == {} and len(model.stock) == 40
    assert_foursquare_agrees(state, model, f"deal {deal}, start")
    steps = 1
    while model.status() is Status.PLAYING:
        moves = sorted(model.legal())
        if careful:
            after = {move: model.copy() for move in moves}
            for move, nxt in after.items():
                nxt.place(move)
                if steps % 3 == 0:
                    placed = FOURSQUARE.parse_move(move)
                    engine = foursquare_model_of(FOURSQUARE.apply(state, placed))
                    assert engine.piles == nxt.piles, f"deal {deal}: {move} differs"
                    loses = nxt.status() is Status.LOST
                    assert FOURSQUARE.loses(state, placed) == loses, f"deal {deal}: {move}"
                    seen["placements compared"] += 1
            best = min(worth(m) for m in after.values())
            move = rng.choice([m for m in moves if worth(after[m]) == best])
        else:
            move = rng.choice(moves)
        state = FOURSQUARE.apply(state, FOURSQUARE.parse_move(move))
        model.place(move)
        steps += 1
        assert_foursquare_agrees(state, model, f"deal {deal}, after {move}")
    if model.status() is Status.WON:
        seen["won"] += 1
    elif model.face_down_piles() > 4:
        seen["lost, five face down"] += 1
    else:
        seen["lost, stock empty"] += 1
    return steps


@pytest.mark.long
def test_foursquare_engine_matches_the_model_over_1000_random_deals() -> None:
    rng = random.Random(20240611)
    seen: Counter[str] = Counter()
    steps = 0
    for deal in range(1000):
        steps += play_foursquare(deal, rng, careful=deal % 20 == 0, seen=seen)
    # The comparison reached every way a game ends.
    assert seen["won"] and seen["lost, five face down"] and seen["lost, stock empty"], seen
    assert steps > 10_000


# -- hand-made Foursquare positions ----------------------------------------------------

FOURSQUARE_DECK = [r + s for s in "CDHS" for r in "A23456789T"]


def foursquare_position(layout: dict[Cell, str], hand: str) -> tuple[Any, FoursquareModel]:
    """The engine's state and the model for ``layout`` (``{(row, col): "4S ~TC"}``: bottom
    to top, ``~`` marks a face-down card) with ``hand`` to place; the other cards follow in
    the stock in deck order."""
    piles = {
        cell: [(word.lstrip("~"), not word.startswith("~")) for word in spec.split()]
        for cell, spec in layout.items()
    }
    used = [card for pile in piles.values() for card, _ in pile] + [hand]
    assert len(used) == len(set(used)), "a card is used twice"
    stock = [hand] + [card for card in FOURSQUARE_DECK if card not in used]
    saved = {
        "format": 1,
        "game": "foursquare",
        "deal": 0,
        "piles": [
            {"row": r, "col": c, "cards": [{"card": x, "face_up": up} for x, up in pile]}
            for (r, c), pile in sorted(piles.items())
        ],
        "remaining": stock,
    }
    return FOURSQUARE.load(saved), FoursquareModel(stock, piles)


def every_placement(layout: dict[Cell, str], hand: str) -> dict[Cell, FoursquareModel]:
    """Compare the position and each legal placement from it; the model after each."""
    state, model = foursquare_position(layout, hand)
    assert_foursquare_agrees(state, model, "the position")
    after: dict[Cell, FoursquareModel] = {}
    for move in sorted(model.legal()):
        row, col = (int(part) for part in move.split(","))
        after[(row, col)] = nxt = model.copy()
        nxt.place(move)
        assert_foursquare_agrees(
            FOURSQUARE.apply(state, FOURSQUARE.parse_move(move)), nxt, f"after {move}"
        )
    return after


def face_down(model: FoursquareModel) -> set[Cell]:
    return {cell for cell, pile in model.piles.items() if not pile[-1][1]}


def test_foursquare_designers_worked_example() -> None:
    # Columns A-D are 0-3, rows 1-3 are 0-2; B2 is a pile whose top is face down.
    a1, b1, c1, d1 = (0, 0), (0, 1), (0, 2), (0, 3)
    a2, b2, c2, d2 = (1, 0), (1, 1), (1, 2), (1, 3)
    a3, b3, c3, d3 = (2, 0), (2, 1), (2, 2), (2, 3)
    layout = {a1: "9S", b1: "4S TC", b2: "7H ~8D", c2: "6C", d2: "4H", c3: "3S", d3: "2H"}
    after = every_placement(layout, "6D")
    assert face_down(after[b3]) == {b1, c3, d3}  # row: highest; column: lowest of the 10
    assert face_down(after[b1]) == {a1}  # B2 comes up: no face-up card compared in column B
    assert face_down(after[b2]) == {b1}  # row 2 ties the 6♣: no row flip
    assert a3 not in after and (1, 4) not in after  # A3: no neighbour; E2 would be 5 wide
    assert {a2, c1, b3} <= set(after)
    assert face_down(after[d1]) == {a1, b1, b2, d2, d3}
    assert after[d1].status() is Status.LOST


def test_foursquare_row_check_ties_ignore_a_face_down_pile_in_between() -> None:
    layout = {(0, 0): "5C", (0, 1): "~9C", (0, 2): "3C"}
    # A 5 ties the 5♣: nothing flips, the face-down 9 stays down.
    assert face_down(every_placement(layout, "5D")[(0, 3)]) == {(0, 1)}
    # A 7 is above the 5 and the 3 (the hidden 9 is not compared): all three toggle.
    assert face_down(every_placement(layout, "7D")[(0, 3)]) == {(0, 0), (0, 2)}
    # A 4 is between: nothing flips.
    assert face_down(every_placement(layout, "4D")[(0, 3)]) == {(0, 1)}


def test_foursquare_line_with_no_face_up_top_card_flips() -> None:
    layout = {(0, 0): "~2C", (1, 0): "~3C", (1, 1): "9C"}
    after = every_placement(layout, "TD")
    # Column 0 shows no face-up top card: both come up. Row 2 has no other pile.
    assert face_down(after[(2, 0)]) == set()
    # On 1,1: row 1 shows nothing face up (the 3♣ is down), so it comes up; column 1 has
    # no other pile at all.
    assert face_down(after[(1, 1)]) == {(0, 0)}


def test_foursquare_piles_across_an_empty_cell_are_one_line() -> None:
    layout = {(0, 0): "4C", (1, 0): "5C", (1, 1): "6C", (1, 2): "7C", (0, 2): "8C"}
    after = every_placement(layout, "9D")
    assert face_down(after[(0, 0)]) == {(0, 2), (1, 0)}  # 0,1 is empty, yet 0,2 flips


def test_foursquare_placed_card_never_flips_and_covers_a_face_down_card() -> None:
    layout = {(0, 0): "~AC", (0, 1): "~2C", (1, 0): "~3C", (1, 1): "~4C"}
    after = every_placement(layout, "5D")
    # On 0,0: row 0 and column 0 show nothing face up, so 0,1 and 1,0 come up; the 5♦ is
    # face up over the still face-down A♣, which no longer counts.
    assert after[(0, 0)].piles[(0, 0)] == [("AC", False), ("5D", True)]
    assert face_down(after[(0, 0)]) == {(1, 1)}


def test_foursquare_more_than_four_face_down_piles_lose_at_once() -> None:
    down = {(0, c): "~" + "A234"[c] + "C" for c in range(4)}  # four face-down piles
    layout = {**down, (1, 0): "5C", (1, 1): "6C", (2, 1): "9C"}
    after = every_placement(layout, "5D")
    # On 1,0: the 6♣ goes down, the A♣ comes up (nothing face up above it): still four.
    assert face_down(after[(1, 0)]) == {(0, 1), (0, 2), (0, 3), (1, 1)}
    assert after[(1, 0)].status() is Status.PLAYING  # four is not more than four
    # On 2,0: the 9♣ goes down, the column ties the 5♣: five face down, lost at once.
    assert face_down(after[(2, 0)]) == {*down, (2, 1)}
    assert after[(2, 0)].status() is Status.LOST and after[(2, 0)].stock
    assert after[(2, 0)].score() is None and after[(2, 0)].legal() == set()


def test_foursquare_grid_never_exceeds_four_by_four() -> None:
    layout = {(0, 0): "AC", (0, 1): "2C", (0, 2): "3C", (0, 3): "4C"}
    legal = set(every_placement(layout, "5D"))
    assert (0, -1) not in legal and (0, 4) not in legal
    assert {(-1, 0), (1, 3), (0, 0)} <= legal
    column = {(0, 0): "AC", (1, 0): "2C", (2, 0): "3C", (-1, 0): "4C"}
    assert not {(-2, 0), (3, 0)} & set(every_placement(column, "5D"))


def test_foursquare_a_pile_of_four_cards_takes_no_more() -> None:
    layout = {(0, 0): "AC AD AH AS", (0, 1): "2C 2D 2H"}
    legal = set(every_placement(layout, "5D"))
    assert (0, 0) not in legal and (0, 1) in legal  # whatever their tops show


def test_foursquare_win_scores_the_cards_left_in_the_stock() -> None:
    pool = iter(card for card in FOURSQUARE_DECK if card[0] != "5")
    layout = {(r, c): next(pool) for r in range(4) for c in range(4) if (r, c) != (3, 3)}
    layout[(3, 0)], layout[(0, 3)] = "5C", "5D"  # the 5♥ at 3,3 ties in its row and column
    after = every_placement(layout, "5H")
    assert after[(3, 3)].status() is Status.WON
    assert after[(3, 3)].score() == 24  # 16 cards placed, 24 never drawn
    assert after[(2, 3)].status() is Status.PLAYING  # on a pile: 15 piles, not a win


def test_foursquare_win_with_the_last_card_scores_zero_else_an_empty_stock_loses() -> None:
    hand = "5H"
    others = [card for card in FOURSQUARE_DECK if card not in (hand, "5C", "5D", "TS")]
    cells = [(r, c) for r in range(4) for c in range(4)]
    tops = {(3, 0): "5C", (0, 3): "5D", (3, 3): "~TS"}  # the pile at 3,3 shows its back
    for cell in cells:
        if cell not in tops:
            tops[cell] = others.pop()
    piles = {cell: [tops[cell]] for cell in cells}
    for i, card in enumerate(others):  # the other 23 cards lie buried, face down
        piles[cells[i % 16]].insert(0, "~" + card)
    layout = {cell: " ".join(pile) for cell, pile in piles.items()}
    assert sum(len(pile) for pile in piles.values()) == 39
    after = every_placement(layout, hand)
    assert after[(3, 3)].status() is Status.WON and after[(3, 3)].score() == 0
    lost = [cell for cell, m in after.items() if m.status() is Status.LOST]
    assert lost and all(not m.stock for m in after.values())


# -- the solver's lines, played in the model ----------------------------------------------


@pytest.mark.parametrize("deal", [0, 7, 30, 55, 4757, 100002])
def test_foursquare_solver_lines_are_legal_and_score_as_the_solver_says_in_the_model(
    deal: int,
) -> None:
    """Every placement of the solver's line is legal in the model when it is made, and
    the line ends in a win that keeps as many cards in the stock as the solver's best."""
    state = FOURSQUARE.new(deal)
    solution = get_solver("foursquare").solve(state, max_nodes=300_000)
    model = foursquare_model_of(state)
    for move in solution.line:
        assert move in model.legal(), (deal, move)
        model.place(move)
    assert model.status() is Status.WON and model.score() == solution.best_score, deal
