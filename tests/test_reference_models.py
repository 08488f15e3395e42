"""Two independent reference models of the rules, compared with the engine.

Each model is its game's rules page turned into the plainest Python that works: a dict of
piles, lists of cards, no search tricks and nothing taken from the engine's code. The engine
is driven and read only through its public API (``get_game``, ``new``, ``legal_moves``,
``apply``, ``status``, ``score``, ``view``, ``dump``/``load`` and move notation), so the two
can only agree by both reading the rules the same way.

Random games compare them at every step (legal moves, every pile's cards and sides, status,
score); hand-made positions cover the words of the rules that random play rarely reaches.
A model's starting position is read from the engine's ``new(deal)``: the deal algorithm is
tested elsewhere.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from squares.games import Status, get_game

FOURSQUARE = get_game("foursquare")
UNION_SQUARE = get_game("union-square")

RANKS = "A23456789TJQK"
RANK_OF = {letter: i + 1 for i, letter in enumerate(RANKS)}


def rank(card: str) -> int:
    """``"TD"`` → 10: Ace is 1, King 13."""
    return RANK_OF[card[0]]


def suit(card: str) -> str:
    return card[1]


def notation(engine_moves: list[Any]) -> set[str]:
    """The engine's legal moves in notation, each listed once."""
    texts = [str(move) for move in engine_moves]
    assert len(texts) == len(set(texts)), f"a legal move is listed twice: {texts}"
    return set(texts)


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
        }
        for (r, c), pile in sorted(model.piles.items())
    ]
    assert view["piles"] == shown, f"{where}: the view shows other piles"
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


# ======================================================================================
# Union Square, from its rules page
# ======================================================================================

FOUNDATION_LADDER = [*range(1, 14), *range(13, 0, -1)]  # A up to K, a second K down to A


class UnionSquareModel:
    """Stock (``stock[0]`` deals next), waste, 16 tableau piles and 4 foundations, each a
    list of cards bottom to top."""

    def __init__(
        self,
        stock: list[str],
        waste: list[str],
        tableau: list[list[str]],
        foundations: list[list[str]],
    ) -> None:
        self.stock = list(stock)
        self.waste = list(waste)
        self.tableau = [list(p) for p in tableau]
        self.foundations = [list(f) for f in foundations]

    def copy(self) -> UnionSquareModel:
        return UnionSquareModel(self.stock, self.waste, self.tableau, self.foundations)

    def score(self) -> int:
        return sum(len(f) for f in self.foundations)

    def foundation_for(self, card: str) -> int | None:
        """The foundation that takes ``card`` now, if any."""
        for i, foundation in enumerate(self.foundations):
            if foundation and suit(foundation[0]) == suit(card):  # this suit's foundation
                n = len(foundation)
                return i if n < 26 and rank(card) == FOUNDATION_LADDER[n] else None
        if rank(card) == 1:  # no foundation holds the suit: an Ace starts the leftmost empty
            return next(i for i, f in enumerate(self.foundations) if not f)
        return None

    @staticmethod
    def wanted(pile: list[str]) -> set[str] | None:
        """The cards a tableau pile takes; ``None`` for an empty pile, which takes any."""
        if not pile:
            return None
        top = pile[-1]
        # One card: the same suit one rank above or below. Two or more: the same suit,
        # continuing the direction (+1 up, -1 down) set by the top two cards.
        steps = {-1, +1} if len(pile) == 1 else {rank(top) - rank(pile[-2])}
        ranks = {rank(top) + step for step in steps}
        return {RANKS[r - 1] + suit(top) for r in ranks if 1 <= r <= 13}  # no wrapping

    def sources(self) -> list[tuple[str, list[str]]]:
        """Where a card may come from: the top of the waste and of each tableau pile."""
        named = [("w", self.waste)] + [(f"t{i + 1}", p) for i, p in enumerate(self.tableau)]
        return [(name, pile) for name, pile in named if pile]

    def legal(self) -> set[str]:
        moves = {"s"} if self.stock else set()
        wants = [self.wanted(pile) for pile in self.tableau]
        for name, pile in self.sources():
            card = pile[-1]
            if self.foundation_for(card) is not None:
                moves.add(f"{name}-f")
            for j, takes in enumerate(wants):
                if f"t{j + 1}" != name and (takes is None or card in takes):
                    moves.add(f"{name}-t{j + 1}")
        return moves

    def apply(self, move: str) -> None:
        if move == "s":
            self.waste.append(self.stock.pop(0))  # one pass: nothing ever returns
            return
        source, target = move.split("-")
        pile = self.waste if source == "w" else self.tableau[int(source[1:]) - 1]
        card = pile[-1]
        if target == "f":
            index = self.foundation_for(card)
            assert index is not None
            self.foundations[index].append(pile.pop())
        else:
            self.tableau[int(target[1:]) - 1].append(pile.pop())

    def foundation_reachable(self, limit: int = 400) -> bool | None:
        """With the stock empty: can some sequence of moves put a card on a foundation?

        A plain search over the rearrangements (piles compared as a multiset, since which
        slot holds a pile changes no move); ``None`` when it gives up after ``limit``
        positions.
        """
        assert not self.stock

        def key(m: UnionSquareModel) -> tuple[Any, ...]:
            return tuple(m.waste), tuple(sorted(tuple(p) for p in m.tableau))

        seen = {key(self)}
        todo = [self]
        while todo:
            here = todo.pop()
            for move in here.legal():
                if move.endswith("-f"):
                    return True
                there = here.copy()
                there.apply(move)
                k = key(there)
                if k not in seen:
                    if len(seen) >= limit:
                        return None
                    seen.add(k)
                    todo.append(there)
        return False


def union_square_model_of(state: Any) -> UnionSquareModel:
    saved = UNION_SQUARE.dump(state)
    return UnionSquareModel(saved["stock"], saved["waste"], saved["tableau"], saved["foundations"])


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
