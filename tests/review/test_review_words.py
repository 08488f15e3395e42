"""A review names every move in the board's words, in the language it is read in: the card
and where it goes, never a cell (``-3,-3``) or a pile (``t4-t6``) of the notation."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from squares.ai import get_hindsight, get_player
from squares.games import GAMES
from squares.games.union_square import Move
from squares.games.union_square.moves import STOCK, WASTE
from squares.i18n import language
from squares.review import Review, review_game
from squares.review.replay import replay
from squares.review.words import lines, summary
from squares.store import SavedSession, open_db
from squares.store.db import Database
from tests.ai.foursquare_helpers import random_games
from tests.review.settled import settle_union_square

# A Foursquare cell (row,column) or a Union Square move or pile of the notation.
NOTATION = re.compile(r"-?\d+,-?\d+|\bt\d+\b|\b[wt]\d*-[tf]\d*\b")
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
CARD = re.compile(r"(?:10|[2-9A-Z])[♣♦♥♠]")


def dealing_first(saved: SavedSession) -> str | None:
    """Union Square's move that deals whenever it can, else sends a card home (a game
    that buries a card the win needed, so it has a critical move)."""
    legal = [str(m) for m in saved.game.legal_moves(saved.state)]
    return "s" if "s" in legal else next((m for m in legal if m.endswith("-f")), None)


def finished(db: Database, game: str, deal: int) -> SavedSession:
    """A game played to its end, or given up when it is stuck: ``greedy``'s placements in
    Foursquare, dealing first in Union Square."""
    saved = SavedSession.new(db, game, deal)
    player = get_player(game, "greedy")
    while not saved.over:
        move = (
            str(player.choose(saved.game.observe(saved.state)))
            if game == "foursquare"
            else dealing_first(saved)
        )
        if move is None:
            return saved.resign()
        saved.move(move)
    return saved


def moved_card(game: str, state: Any, move: str) -> str | None:
    """The card ``move`` moves, read from the rules engine's state (``None``: a deal)."""
    if game == "foursquare":
        return str(state.remaining[0].pretty)
    parsed = Move.parse(move)
    if parsed.source == STOCK:
        return None
    pile = state.waste if parsed.source == WASTE else state.tableau[parsed.source]
    return str(pile[-1].pretty)


def said(review: Review) -> list[str]:
    """Every piece of the review meant for people."""
    critical = review["critical"]
    words = [move["words"] for move in review["moves"]]
    if critical is not None:
        words += [critical["played_words"], critical["better_words"] or "", critical["reason"]]
    return words


@pytest.fixture(autouse=True)
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    settle_union_square(monkeypatch)


@pytest.fixture(scope="module", params=[("foursquare", 1), ("union-square", 0)], ids=["fs", "us"])
def reviewed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[SavedSession, Database]:
    """One finished game of each kind for the module's tests, which only read it: its
    review is worked out by the first of them and read back by the others."""
    db = open_db(tmp_path_factory.mktemp("reviewed") / "squares.db")
    return finished(db, *request.param), db


def test_every_move_of_the_review_names_the_card_it_moves_and_no_place_of_the_notation(
    reviewed: tuple[SavedSession, Database],
) -> None:
    saved, db = reviewed
    review = review_game(db, saved.id)
    game = GAMES[saved.game.name]
    state = game.new(saved.deal)
    for move, entry in zip(saved.moves, review["moves"], strict=True):
        assert entry["move"] == move  # the notation stays, for tools
        card = moved_card(game.name, state, move)
        assert card is None or CARD.findall(entry["words"])[0] == card, (move, entry["words"])
        state = game.apply_text(state, move)
    critical = review["critical"]
    assert critical is not None
    assert not [text for text in said(review) if NOTATION.search(text)]
    assert not [text for text in lines(review, saved.id) if NOTATION.search(text)]
    assert critical["played_words"] == review["moves"][critical["index"]]["words"]


def test_the_replay_names_the_games_moves_and_the_solvers_line_in_words(
    reviewed: tuple[SavedSession, Database],
) -> None:
    saved, db = reviewed
    review = review_game(db, saved.id)
    shown = replay(saved, review)
    assert shown["words"] == [move["words"] for move in review["moves"]]
    solver = shown["solver"]
    critical = review["critical"]
    assert solver is not None and critical is not None
    assert len(solver["words"]) == len(solver["moves"]) > 0
    assert solver["words"][0] == critical["better_words"]
    assert not [text for text in [*shown["words"], *solver["words"]] if NOTATION.search(text)]


def test_a_review_worked_out_in_english_is_read_in_german_in_german(
    reviewed: tuple[SavedSession, Database],
) -> None:
    saved, db = reviewed
    with language("en"):
        english = review_game(db, saved.id)
    with language("de"):
        german = review_game(db, saved.id)
        dealt = GAMES["union-square"].new(0).stock  # every card, in German corner letters
        corners = {card.pretty for card in dealt}
    assert db.query("SELECT count(*) FROM reviews")[0][0] == 1  # read, not worked out again
    kept = json.loads(db.query("SELECT review FROM reviews")[0][0])  # kept in no language
    assert "reason" not in kept["critical"] and "words" not in kept["moves"][0]
    for before, after in zip(said(english), said(german), strict=True):
        assert before != after or not before
        assert set(CARD.findall(after)) <= corners
    assert german["critical"] is not None and english["critical"] is not None
    assert german["critical"]["reason"] != english["critical"]["reason"]
    # the queen is D (Dame) in German, the jack B (Bube): no English letter is left
    assert not [text for text in said(german) if re.search(r"[QJ][♣♦♥♠]", text)]


def test_two_placements_onto_empty_cells_read_apart_when_a_face_up_card_is_beside_them() -> None:
    # the words name no cell: an empty one is named by the face-up card beside it
    game, hindsight = GAMES["foursquare"], get_hindsight("foursquare")
    bare = re.compile(r"on an empty cell|a face-down pile\b")
    for states in random_games(range(8)):
        for state in states[:-1]:
            grid = dict(state.grid)
            named = [hindsight.named(state, str(m)) for m in game.legal_moves(state)]
            apart = [text for text in named if not bare.search(text)]
            assert len(set(apart)) == len(apart), apart
            for move, text in zip(game.legal_moves(state), named, strict=True):
                around = [grid.get((move.row + r, move.col + c)) for r, c in STEPS]
                if move not in grid and any(pile and pile[-1][1] for pile in around):
                    assert not bare.search(text), (move, text)


SIDES = {(0, 1): "left of", (0, -1): "right of", (1, 0): "above", (-1, 0): "below"}


def test_a_foursquare_placement_in_a_review_says_where_it_went() -> None:
    # the first card starts the grid; any later cell lies beside a pile (rules: a new pile
    # is orthogonally adjacent), so it is named by the face-up card, or the face-down
    # pile, beside it; a face-down pile by the face-up card beside it
    game, hindsight = GAMES["foursquare"], get_hindsight("foursquare")
    for states in random_games(range(8)):
        first = states[0]
        move = game.legal_moves(first)[0]
        card = first.remaining[0].pretty
        assert hindsight.named(first, str(move)) == f"the {card} to start the grid"
        for state in states[1:-1]:
            grid = dict(state.grid)
            for move in game.legal_moves(state):
                text = hindsight.named(state, str(move))
                assert "on an empty cell" not in text, (move, text)
                pile = grid.get((move.row, move.col))
                beside = {
                    side: grid.get((move.row + r, move.col + c)) for (r, c), side in SIDES.items()
                }
                up = [
                    f"{side} the {p[-1][0].pretty}" for side, p in beside.items() if p and p[-1][1]
                ]
                if pile and not pile[-1][1] and up:
                    assert text.startswith(
                        f"the {state.remaining[0].pretty} on the face-down pile "
                    )
                    assert any(text.endswith(words) for words in up), (move, text)
                elif not pile and not up:
                    assert re.search(
                        r"on the empty cell (left of|right of|above|below) a face-down", text
                    )


def test_a_union_square_move_in_a_review_names_its_piles_by_number() -> None:
    game, hindsight = GAMES["union-square"], get_hindsight("union-square")
    for deal in range(3):
        state = game.new(deal)
        for step in range(60):
            legal = game.legal_moves(state)
            if not legal:
                break
            for move in legal:
                text = hindsight.named(state, str(move))
                assert not NOTATION.search(text) and "a pile" not in text, text
                if move.source == STOCK:
                    assert text == "a deal from the stock"
                    continue
                came = "from the waste" if move.source == WASTE else f"from pile {move.source + 1} "
                assert came in text, (move, text)
                went = "to its foundation" if move.target < 0 else f"pile {move.target + 1}"
                assert text.endswith(went), (move, text)
            state = game.apply(state, legal[(deal + step) % len(legal)])


def test_union_square_piles_are_numbered_in_the_words_of_each_language() -> None:
    hindsight = get_hindsight("union-square")
    state = GAMES["union-square"].new(0)
    move = next(m for m in GAMES["union-square"].legal_moves(state) if m.source >= 0)
    pile = move.source + 1
    said = {}
    for code, word in [
        ("de", f"Stapel {pile}"),
        ("fr", f"pile {pile}"),
        ("bg", f"купчина {pile}"),
        ("uz", f"{pile}-uyum"),
        ("te", f"{pile}వ కుప్ప"),
    ]:
        with language(code):
            said[code] = hindsight.named(state, str(move))
        assert word in said[code], said[code]


def test_the_better_move_of_a_review_says_where_it_goes(
    reviewed: tuple[SavedSession, Database],
) -> None:
    saved, db = reviewed
    review = review_game(db, saved.id)
    critical = review["critical"]
    assert critical is not None and critical["better_words"] is not None
    for text in (critical["better_words"], critical["reason"], critical["played_words"]):
        assert not re.search(r"an empty (cell|pile)|from a pile", text), text
    better = next(line for line in lines(review, saved.id) if line.startswith("Better: "))
    assert better.startswith(f"Better: {critical['reason']}")
    if saved.game.name == "union-square":
        assert re.search(r"pile \d+|the waste|its foundation", critical["reason"]), critical


def test_a_move_that_lowered_the_best_score_says_the_solver_saw_the_whole_deal(
    reviewed: tuple[SavedSession, Database],
) -> None:
    # fair words: the best reachable is a solver's that knows the order of the cards to
    # come; a hint does not, so the move is not said to have "cost points"
    saved, db = reviewed
    review = copy.deepcopy(review_game(db, saved.id))
    critical = review["critical"]
    assert critical is not None
    critical["lost_win"] = False  # a won game that could have scored more
    said = summary(review, saved.id)
    assert any(
        line.startswith(f"Move {critical['index'] + 1}, {critical['played_words']}, lowered ")
        and line.endswith("the solver sees the whole deal, the hint does not")
        for line in said
    ), said
    assert not [line for line in said if "cost points" in line]
    with language("de"):
        german = summary(review, saved.id)
    assert any("der Löser sieht das ganze Spiel, der Tipp nicht" in line for line in german)
