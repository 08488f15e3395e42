"""The compiled Union Square kernel against the rules engine (random games, games
Hypothesis makes up, and once as plain Python), and the compiled search over a suit's
layouts against the rules engine's pile rule (legal, shortest steps to the goal)."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import numpy
import numpy.typing
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squares.ai.compiled import plain
from squares.ai.union_square import class_search, kernel, layers, paths, realization
from squares.ai.union_square.fast import CARDS, Position
from squares.ai.union_square.rigid import fewest
from squares.ai.union_square.solver import WholeDealSolver
from squares.games.union_square import DEAL, Move, UnionSquare, UnionSquareState
from squares.games.union_square.moves import FOUNDATION, WASTE
from squares.games.union_square.piles import pile_accepts
from tests.ai.test_union_square_fast import random_line

GAME = UnionSquare()


def _moves_the_kernel_allows(array: numpy.typing.NDArray[numpy.int16]) -> set[Move]:
    """The card movements ``kernel.wanted`` and ``kernel.takes`` allow (and the deal):
    each top card home when its foundation wants it, onto a pile that takes it, or onto
    an empty pile."""
    heights = [int(array[kernel.HEIGHTS + pile]) for pile in range(16)]
    tops = {pile: kernel.top(array, pile) for pile in range(16) if heights[pile]}
    if array[kernel.WASTE_LEN]:
        tops[WASTE] = int(array[kernel.WASTE + array[kernel.WASTE_LEN] - 1])
    allowed = {DEAL} if array[kernel.DEALT] < array[kernel.STOCK_LEN] else set()
    for source, card in tops.items():
        if kernel.wanted(array, card // 13) == card:
            allowed.add(Move(source, FOUNDATION))
        for target in range(16):
            if target != source and (not heights[target] or kernel.takes(array, target, card)):
                allowed.add(Move(source, target))
    return allowed


def _agrees_on_every_move(state: UnionSquareState) -> int:
    """Assert the moves the kernel allows and every position it plays to equal the
    engine's."""
    array = kernel.of_position(Position.of(state))
    assert kernel.to_position(array) == Position.of(state)
    moves = GAME.candidate_moves(state)
    assert _moves_the_kernel_allows(array) == set(moves)
    assert kernel.score(array) == GAME.score(state)
    for move in moves:
        child = array.copy()
        kernel.play(child, kernel.code(move.source, move.target))
        assert kernel.to_position(child) == Position.of(GAME.play(state, move))
    return len(moves)


def test_kernel_moves_and_positions_equal_the_rules_engine_on_random_games() -> None:
    rng = random.Random(3)
    checked = sum(_agrees_on_every_move(s) for deal in range(4) for s in random_line(deal, rng))
    assert checked > 2000


@settings(max_examples=60)
@given(deal=st.integers(0, 10**6), choices=st.lists(st.integers(0, 10**6), max_size=150))
def test_kernel_agrees_with_rules_engine_on_every_move_of_made_up_games(
    deal: int, choices: list[int]
) -> None:
    state = GAME.new(deal)
    for choice in choices:
        _agrees_on_every_move(state)
        legal = GAME.legal_moves(state)
        if not legal:
            break
        state = GAME.play(state, legal[choice % len(legal)])


def _layouts_of_random_games(count: int) -> list[tuple[layers.Layout, int | None]]:
    """One suit's layouts (and the waste's card when of that suit) met in random games."""
    rng = random.Random(17)
    found = []
    for deal in range(count):
        for state in random_line(deal, rng)[::7]:
            position = Position.of(state)
            suit = rng.randrange(4)
            card = position.waste[-1] if position.waste else None
            found.append((layers.suit_layout(position, suit), card))
    return found


def _takes(pile: bytes, card: int) -> bool:
    return pile_accepts(tuple(CARDS[c] for c in pile), CARDS[card])


def _position(layout: layers.Layout, budget: int, card: int | None) -> Position:
    """A tableau of ``budget`` piles, the layout's and empty ones, the waiting card on
    the waste."""
    tableau = (*layout, *(b"",) * (budget - len(layout)))
    return Position(b"", b"" if card is None else bytes((card,)), tableau, (0, 0, 0, 0))


def _replayed(
    layout: layers.Layout, budget: int, card: int | None, moves: list[Move]
) -> tuple[layers.Layout, bool]:
    """The layout the moves lead to, and whether the waiting card was placed; asserts each
    move is one the rules engine allows (``pile_accepts``) within ``budget`` piles."""
    position = _position(layout, budget, card)
    for move in moves:
        source = position.waste if move.source == WASTE else position.tableau[move.source]
        assert _takes(position.tableau[move.target], source[-1])
        position = position.play(move)
    return tuple(sorted(pile for pile in position.tableau if pile)), not position.waste


def _meets(goal: paths.Goal, layout: layers.Layout, placed: bool) -> bool:
    """Whether a layout (with the waiting card placed or not) meets ``goal``, by its kind."""
    if goal.kind == paths.EQUAL:
        return layout == goal.want
    if goal.kind == paths.PLACED_WITHIN:
        return placed and len(layout) <= goal.arg
    if goal.kind == paths.FEWER_THAN:
        return len(layout) < goal.arg
    if goal.kind == paths.SHOWS:
        return any(pile[-1] == goal.arg for pile in layout)
    return placed


def _fewest_steps(
    layout: layers.Layout, budget: int, goal: paths.Goal, card: int | None
) -> int | None:
    """The fewest moves to a layout meeting ``goal``, breadth first over the layouts the
    rules engine's pile rule reaches (None: none does)."""
    frontier = [(layout, card is None)]
    seen = set(frontier)
    for steps in range(60):
        if any(_meets(goal, *node) for node in frontier):
            return steps
        following = []
        for piles, placed in frontier:
            tops: list[tuple[bytes | None, int]] = [(pile, pile[-1]) for pile in set(piles)]
            if not placed and card is not None:
                tops.append((None, card))
            for source, moving in tops:
                rest = list(piles)
                if source is not None:
                    rest.remove(source)
                    rest += [source[:-1]] if len(source) > 1 else []
                onto = [
                    p for p in set(rest) if pile_accepts(tuple(CARDS[c] for c in p), CARDS[moving])
                ]
                children = []
                for target in onto:
                    others = list(rest)
                    others.remove(target)
                    children.append((*others, target + bytes((moving,))))
                if len(rest) < budget:
                    children.append((*rest, bytes((moving,))))
                for child in children:
                    node = (tuple(sorted(child)), placed or source is None)
                    if node not in seen:
                        seen.add(node)
                        following.append(node)
        frontier = following
    return None


def _shortest_and_legal(
    layout: layers.Layout, budget: int, goal: paths.Goal, card: int | None = None
) -> None:
    """The suit search's moves are legal, meet the goal and are as few as can be; it finds
    none only where no layout in reach meets the goal."""
    suit = layout[0][0] // 13
    moves = realization.suit_moves(_position(layout, budget, card), suit, budget, goal, card)
    fewest = _fewest_steps(layout, budget, goal, card)
    if moves is None:
        assert fewest is None
        return
    assert _meets(goal, *_replayed(layout, budget, card, moves))
    assert len(moves) == fewest


def test_suit_paths_are_shortest_legal_steps_to_the_goal_on_layouts_of_real_games() -> None:
    """Every goal the solver and the players use, on layouts of real games."""
    checked = 0
    for layout, card in _layouts_of_random_games(3):
        if not layout:
            continue
        suit = layout[0][0] // 13
        cards = bytes(sorted(b"".join(layout)))
        goals = [
            paths.Goal(paths.FEWER_THAN, len(layout)),
            paths.Goal(paths.SHOWS, suit * 13 + 6),
            paths.Goal(paths.EQUAL, want=fewest(cards)[-1]),
            paths.Goal(paths.EQUAL, want=tuple(sorted(layers.layers(cards)))),
        ]
        for budget in (len(layout), min(16, len(layout) + 1)):
            for goal in goals:
                _shortest_and_legal(layout, budget, goal)
                checked += 1
            if card is not None and card // 13 == suit:
                for goal in (
                    paths.Goal(paths.PLACED),
                    paths.Goal(paths.PLACED_WITHIN, len(layout)),
                ):
                    _shortest_and_legal(layout, budget, goal, card)
    assert checked > 100


def _row(layout: layers.Layout) -> numpy.typing.NDArray[numpy.int16]:
    """A layout of clubs as the suit search's row: the number of piles, then their codes
    (``paths.code_of``: bottom rank, length, step), sorted."""
    codes = sorted(plain(paths.code_of)(p[0], len(p), p[-1] - p[0]) for p in layout)
    padding = [0] * (paths.WIDTH - 1 - len(codes))
    return numpy.array([len(codes), *codes, *padding], dtype=numpy.int16)


def test_a_suit_search_larger_than_its_first_tables_still_answers() -> None:
    """Tables for a few layouts: the search starts again in larger ones, with the same
    steps as when they were large enough."""
    layout = (bytes([2, 1, 0]), bytes([5, 4]), bytes([3]))
    row, want = _row(layout), _row((bytes(range(6)),))
    small = paths.search_in(row, 4, -1, paths.EQUAL, 0, want, paths.work(2))
    large = paths.search_in(row, 4, -1, paths.EQUAL, 0, want, paths.work(1 << 14))
    assert small[0] == large[0] == paths.FOUND
    assert len(small[1]) == 6
    assert small[1].tolist() == large[1].tolist() and small[2].tolist() == large[2].tolist()


def test_a_suit_search_for_a_card_of_another_suit_is_refused() -> None:
    with pytest.raises(ValueError, match="suit"):
        here = _position((bytes([0, 1]),), 2, 20)
        realization.suit_moves(here, 0, 2, paths.Goal(paths.PLACED), 20)


@st.composite
def suit_layouts(draw: st.DrawFn) -> layers.Layout:
    """A layout of one suit's runs, at most two copies of any card."""
    suit = draw(st.integers(0, 3))
    held = [0] * 13
    piles = []
    for _ in range(draw(st.integers(1, 5))):
        low = draw(st.integers(0, 12))
        high = draw(st.integers(low, min(12, low + 4)))
        if any(held[rank] == 2 for rank in range(low, high + 1)):
            continue
        for rank in range(low, high + 1):
            held[rank] += 1
        run = bytes(13 * suit + rank for rank in range(low, high + 1))
        piles.append(run[::-1] if draw(st.booleans()) else run)
    return tuple(sorted(piles)) or (bytes((13 * suit,)),)


@settings(max_examples=80)
@given(
    layout=suit_layouts(), spare=st.integers(0, 1), rank=st.integers(0, 12), kind=st.integers(0, 4)
)
def test_suit_paths_are_shortest_legal_steps_to_the_goal_on_made_up_layouts(
    layout: layers.Layout, spare: int, rank: int, kind: int
) -> None:
    suit = layout[0][0] // 13
    card = 13 * suit + rank
    goal = paths.Goal(kind, len(layout), tuple(sorted(layers.layers(b"".join(layout)))))
    if kind == paths.SHOWS:
        goal = paths.Goal(kind, card)
    waiting = card if kind in (1, 4) else None
    _shortest_and_legal(layout, len(layout) + spare, goal, waiting)


@pytest.mark.long
def test_solver_answers_are_the_same_with_its_searches_as_plain_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Verdict, best score, positions and the whole line, with the compiled searches (the
    layers, the runs over classes) and with the same sources as plain Python."""
    deals = (2, 6)
    solver = WholeDealSolver()
    compiled = [solver.solve(GAME.new(deal), max_nodes=20_000) for deal in deals]
    monkeypatch.setattr(class_search, "search", plain(class_search.search))
    monkeypatch.setattr(layers, "runs", plain(layers.runs))
    layers._layers.cache_clear()
    before = [solver.solve(GAME.new(deal), max_nodes=20_000) for deal in deals]
    layers._layers.cache_clear()
    for new, old in zip(compiled, before, strict=True):
        assert (new.verdict, new.best_score, new.nodes, new.line) == (
            old.verdict,
            old.best_score,
            old.nodes,
            old.line,
        )


_PURE = """
import random, sys
sys.modules["numba"] = None  # as on a machine without numba: the kernels run as Python
from squares.ai.union_square import kernel, layers
from squares.ai.union_square.solver import WholeDealSolver
from squares.games.union_square import UnionSquare
from tests.ai.test_union_square_kernel import _agrees_on_every_move
from tests.ai.test_union_square_fast import random_line
assert not kernel.COMPILED
game = UnionSquare()
checked = sum(_agrees_on_every_move(s) for s in random_line(1, random.Random(2), 120))
solution = WholeDealSolver().solve(game.new(6), max_nodes=2_000)
state = game.new(6)
for text in solution.line:
    state = game.apply_text(state, text)
assert state.score == solution.best_score == 104, solution
print(checked)
"""


def test_without_numba_the_kernels_run_as_python_with_the_same_answers() -> None:
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_PURE)], capture_output=True, text=True, check=True
    )
    assert int(out.stdout) > 200


def test_warm_up_runs_in_a_daemon_thread_and_leaves_the_searches_compiled() -> None:
    from squares.ai import warm_up
    from squares.ai.union_square.layers import runs

    thread = warm_up("union-square")
    assert thread is not None and thread.daemon
    thread.join()
    if kernel.COMPILED:  # numba holds the machine code of what ran: nothing left to compile
        # Only the searches called from Python: a compiled callee loaded from numba's cache
        # (kernel.play, say) lives inside its caller's machine code and lists no signature.
        assert realization.suit_moves_row.signatures  # type: ignore[attr-defined]
        assert runs.signatures  # type: ignore[attr-defined]
        assert class_search.search.signatures  # type: ignore[attr-defined]
