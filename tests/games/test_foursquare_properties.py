"""Foursquare invariants over random games (Hypothesis).

A game is a deal number and a sequence of choices among the legal placements, played
to the end. Half of the games choose only among the placements a one-move lookahead
likes best, so that full grids and wins come up too, not only early losses.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from squares.cards import MAX_DEAL, Card, foursquare_deck
from squares.games.base import Status
from squares.games.foursquare import Foursquare, FoursquareState, Placement

GAME = Foursquare()
DECK = Counter(foursquare_deck())

SETTINGS = settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])


def lookahead_value(state: FoursquareState) -> int:
    status = GAME.status(state)
    if status is not Status.PLAYING:
        return -1000 if status is Status.WON else 1000
    return 10 * state.face_down_count - len(state.grid)


@st.composite
def games(draw: st.DrawFn) -> list[tuple[FoursquareState, Placement | None]]:
    """Every state of one game, each with the move played from it (``None`` at the end)."""
    deal = draw(st.integers(0, MAX_DEAL), label="deal")
    careful = draw(st.booleans(), label="careful")
    state = GAME.new(deal)
    line: list[tuple[FoursquareState, Placement | None]] = []
    while GAME.status(state) is Status.PLAYING:
        options = GAME.legal_moves(state)
        if careful:
            values = {move: lookahead_value(GAME.play(state, move)) for move in options}
            options = [move for move in options if values[move] == min(values.values())]
        move = draw(st.sampled_from(options))
        line.append((state, move))
        state = GAME.apply(state, move)
    line.append((state, None))
    event(f"game {GAME.status(state)}")
    return line


def states(line: list[tuple[FoursquareState, Placement | None]]) -> list[FoursquareState]:
    return [state for state, _ in line]


def strings_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


@SETTINGS
@given(games())
def test_every_card_is_exactly_once_somewhere(line: list[tuple[FoursquareState, Any]]) -> None:
    for state in states(line):
        placed = [card for _, pile in state.grid for card, _ in pile]
        assert Counter(placed) + Counter(state.remaining) == DECK
        assert len(placed) + len(state.remaining) == 40


@SETTINGS
@given(games())
def test_piles_hold_at_most_four_cards_in_at_most_4_by_4(
    line: list[tuple[FoursquareState, Any]],
) -> None:
    for state in states(line):
        assert all(1 <= len(pile) <= 4 for _, pile in state.grid)
        if state.grid:
            rows = [r for (r, _), _ in state.grid]
            cols = [c for (_, c), _ in state.grid]
            assert max(rows) - min(rows) < 4
            assert max(cols) - min(cols) < 4
            assert (0, 0) in state.piles
        assert len(state.grid) <= 16


@SETTINGS
@given(games())
def test_placement_adds_the_card_face_up_and_flips_only_its_lines(
    line: list[tuple[FoursquareState, Placement | None]],
) -> None:
    for (before, move), (after, _) in pairwise(line):
        assert move is not None
        cell = (move.row, move.col)
        flipped = set(GAME.flips(before, move))
        assert all((r == move.row) != (c == move.col) for r, c in flipped)
        assert after.piles[cell] == (*before.piles.get(cell, ()), (before.remaining[0], True))
        assert after.remaining == before.remaining[1:]
        for other, pile in before.piles.items():
            if other == cell:
                continue
            if other in flipped:
                assert after.piles[other][:-1] == pile[:-1]
                assert after.piles[other][-1] == (pile[-1][0], not pile[-1][1])
            else:
                assert after.piles[other] == pile
        assert set(after.piles) == set(before.piles) | {cell}


@SETTINGS
@given(games())
def test_no_pile_or_legal_cell_lies_beyond_the_views_reach_of_the_first_card(
    line: list[tuple[FoursquareState, Any]],
) -> None:
    for state in states(line):
        view = GAME.view(state)
        cells = [(p["row"], p["col"]) for p in view["piles"]]
        cells += [(p["row"], p["col"]) for p in view["placements"]]
        assert all(max(abs(r), abs(c)) <= view["reach"] for r, c in cells)
    # and the reach is no wider than the rules allow: a line of four from the first card
    assert GAME.view(GAME.new(0))["reach"] == 3


@SETTINGS
@given(games())
def test_a_legal_move_exists_exactly_while_playing(
    line: list[tuple[FoursquareState, Placement | None]],
) -> None:
    for state, _ in line:
        moves = GAME.legal_moves(state)
        assert bool(moves) == (GAME.status(state) is Status.PLAYING)
        assert moves == sorted(moves, key=lambda m: (m.row, m.col))
        assert all(GAME.why_illegal(state, m) is None for m in moves)


@SETTINGS
@given(games())
def test_move_notation_round_trips(line: list[tuple[FoursquareState, Any]]) -> None:
    for state in states(line):
        for move in GAME.legal_moves(state):
            assert Placement.parse(str(move)) == move
            assert GAME.parse_move(GAME.format_move(move)) == move


@SETTINGS
@given(games())
def test_dump_then_load_is_the_identity(line: list[tuple[FoursquareState, Any]]) -> None:
    for state in states(line):
        data = GAME.dump(state)
        assert GAME.load(json.loads(json.dumps(data))) == state
        assert GAME.dump(GAME.load(data)) == data


@SETTINGS
@given(games(), st.randoms(use_true_random=False))
def test_view_never_shows_the_stock_order(
    line: list[tuple[FoursquareState, Any]], rng: Any
) -> None:
    for state in states(line):
        stock = list(state.remaining[1:])
        rng.shuffle(stock)
        reordered = replace(state, remaining=(*state.remaining[:1], *stock))
        view = GAME.view(state)
        assert GAME.view(reordered) == view
        shown = set(strings_in(view))
        assert not shown & {str(card) for card in stock}


@SETTINGS
@given(games())
def test_view_shows_only_face_up_tops(line: list[tuple[FoursquareState, Any]]) -> None:
    for state in states(line):
        view = GAME.view(state)
        face_up_tops = {str(pile[-1][0]) for _, pile in state.grid if pile[-1][1]}
        in_hand = {str(state.remaining[0])} if view["current"] else set()
        cards_shown = {s for s in strings_in(view) if _is_card(s)}
        assert cards_shown == face_up_tops | in_hand
        assert [(p["row"], p["col"]) for p in view["piles"]] == [cell for cell, _ in state.grid]


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return text.upper() == text


@SETTINGS
@given(games())
def test_status_and_score_agree(line: list[tuple[FoursquareState, Any]]) -> None:
    for state in states(line):
        status, score, view = GAME.status(state), GAME.score(state), GAME.view(state)
        assert view["status"] == str(status)
        assert (score is not None) == (status is Status.WON)
        assert view["score"] == score
        if status is Status.WON:
            assert score == view["stock"] == len(state.remaining)
            assert len(state.grid) == 16 and state.face_down_count == 0
        if status is Status.PLAYING:
            assert view["current"] == str(state.remaining[0])
            assert view["stock"] == len(state.remaining) - 1
        else:
            assert view["current"] is None
            assert view["legal"] == []
