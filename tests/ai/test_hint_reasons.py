"""Hint reasons are whole messages of the current language: no English word gets past the
catalog, every count has its plural forms, and every message is one Babel extracts."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from squares import i18n
from squares.ai import get_player
from squares.ai.foursquare.board import moves as placements
from squares.ai.foursquare.board import to_cell
from squares.ai.foursquare.hints import explain, listed, named
from squares.ai.foursquare.observation import Observation
from squares.ai.union_square.classes import ordered_moves
from squares.ai.union_square.describe import describe
from squares.ai.union_square.describe import named as named_move
from squares.ai.union_square.fast import Position
from squares.ai.union_square.players import Keeper
from squares.games.base import Status
from squares.games.union_square import DEAL, Move, UnionSquare
from squares.games.union_square.moves import FOUNDATION, WASTE
from squares.i18n import language
from tests.ai.foursquare_helpers import GAME, position, random_games

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = ("squares/ai/foursquare/hints.py", "squares/ai/union_square/describe.py")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
PURPOSES = ("nothing", "keep-free", "fits-nowhere", "dig", "home", "free", "place", "endgame")
US = UnionSquare()

# What a reason may hold besides the words of its messages: cards, cells (row,column),
# tableau piles (t3) and counts.
VALUES = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]|-?\d+,-?\d+|t\d+|\d+")


class Skeleton(gettext.NullTranslations):
    """A stand-in catalog that keeps only a message's placeholders: ``«{card}|{cell}»``.

    What it makes of a reason holds no word of English, only the values put in; it
    notes the messages it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return "«" + "|".join(f"{{{name}}}" for name in PLACEHOLDER.findall(message)) + "»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        return "«" + "|".join(f"{{{name}}}" for name in PLACEHOLDER.findall(msgid2)) + "»"


@pytest.fixture
def skeleton_german(monkeypatch: pytest.MonkeyPatch) -> Iterator[Skeleton]:
    catalog = Skeleton()
    english = i18n.translations
    monkeypatch.setattr(
        i18n, "translations", lambda lang: catalog if lang == "de" else english(lang)
    )
    yield catalog


def extracted(sources: tuple[str, ...] = SOURCES) -> dict[str, list[str]]:
    """The messages (the singular of a plural) of the hint modules, and their comments."""
    found: dict[str, list[str]] = {}
    for source in sources:
        for _line, message, comments, _context in extract_from_file(
            "python", str(ROOT / source), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            text = message[0] if isinstance(message, tuple) else message
            found.setdefault(text, []).extend(comments)
    return found


def foursquare_reasons(words: bool = False) -> Iterator[str]:
    """The reason of every placement along some played deals (wins and losses included),
    and of a placement that turns only face-down piles face up; in the board's words
    with ``words``."""
    seens = [
        Observation.of(GAME.observe(state))
        for states in random_games(range(12))
        for state in (*states[:-2:3], states[-2])
    ]
    # the 5♠ at 0,2 turns up 9♠ and 4♣; at 1,0 it turns 6♥ down and 9♠ up
    layout = {(0, 0): "~9S", (0, 1): "~4C", (1, 1): "6H"}
    seens.append(Observation.of(GAME.observe(position(layout, "5S"))))
    for seen in seens:
        for move in placements(seen.board):
            yield explain(seen, move, words=words)
            if words:  # the same move as a review names it and gives its reason
                yield named(seen, to_cell(move, seen.origin))
                yield explain(seen, move, words=True, beside=True)


def union_square_positions() -> Iterator[Position]:
    player = Keeper()
    for deal in range(3):
        state = US.new(deal)
        for count in range(300):
            if US.status(state) is not Status.PLAYING:
                break
            if count % 6 == 0:
                yield Position.of(state)
            state = US.apply(state, player.choose(US.observe(state)))


def union_square_reasons(words: bool = False) -> Iterator[str]:
    """The reason of every move from some positions, as the first move of every plan; in
    the board's words with ``words``."""
    for here in union_square_positions():
        for move in (*ordered_moves(here), DEAL):
            for purpose in PURPOSES:
                yield describe(here, (move,), purpose, words=words)
            if words:  # the same move as a review names it, and as its better move
                yield named_move(here, move)
                yield describe(here, (move,), "", words=True, numbered=True)
        for first in ordered_moves(here):  # a plan that ends with a card going home
            after = here.play(first)
            for last in ordered_moves(after):
                if last.target == FOUNDATION:
                    yield describe(here, (first, last), "dig", words=words)
                    yield describe(here, (first, last), "home", words=words)
    # the waste's card to an empty pile; a card from a pile to an empty one (the waste holds
    # the 5♣, t1 the 5♥ under the 8♦, the other piles are empty)
    empty = Position(b"", bytes((4,)), (bytes((30, 20)), b"", *(b"",) * 14), (0, 0, 0, 0))
    yield describe(empty, (Move(WASTE, 1),), "place", words=words)
    yield describe(empty, (Move(0, 1),), "free", words=words)
    if words:
        yield named_move(empty, Move(WASTE, 1))
        yield named_move(empty, Move(0, 1))
        yield describe(empty, (Move(WASTE, 1),), "", words=True, numbered=True)
        yield describe(empty, (Move(0, 1),), "", words=True, numbered=True)


def test_listed_joins_with_messages() -> None:
    assert [listed(["A♥"]), listed(["A♥", "2♥"]), listed(["A♥", "2♥", "3♥", "4♥"])] == [
        "A♥",
        "A♥ and 2♥",
        "A♥, 2♥, 3♥ and 4♥",
    ]


def test_every_reason_is_made_of_messages_of_the_catalog(skeleton_german: Skeleton) -> None:
    english = next(foursquare_reasons())
    with language("de"):
        reasons = [*foursquare_reasons(), *union_square_reasons()]
        reasons += [*foursquare_reasons(words=True), *union_square_reasons(words=True)]
    assert english.startswith("Place ")
    # a word outside the values, or two messages put side by side by the code, is English
    escaped = {
        reason for reason in reasons if VALUES.sub("", reason).strip("«»|") or "»«" in reason
    }
    assert not escaped, sorted(escaped)[:5]
    assert all(reason.startswith("«") and reason.endswith("»") for reason in reasons)


def test_every_message_of_the_hints_is_used_and_extracted(skeleton_german: Skeleton) -> None:
    with language("de"):
        for words in (False, True):
            list(foursquare_reasons(words))
            list(union_square_reasons(words))
    messages = set(extracted())
    hint_messages = {m for m in skeleton_german.asked if m in messages}
    assert hint_messages == messages  # every message of the two modules comes up
    # the rest are the cards' own words (the corner letters, the suits' names)
    assert skeleton_german.asked - messages <= set(extracted(("squares/cards.py",)))


def test_a_placeholder_that_is_not_a_count_is_explained_to_translators() -> None:
    unexplained = [
        text
        for text, comments in extracted().items()
        if set(PLACEHOLDER.findall(text)) - {"count"}
        and not any(comment.startswith("TRANSLATORS:") for comment in comments)
    ]
    assert unexplained == []


def test_a_players_hint_speaks_the_language_of_the_request(skeleton_german: Skeleton) -> None:
    state = GAME.apply_text(GAME.new(7), "0,0")
    player = get_player("foursquare", "greedy")
    english = player.hint(GAME.observe(state)).reason
    with language("de"):
        german = player.hint(GAME.observe(state)).reason
    assert english == "Place 8♠ at 0,1 (a new pile): flips A♥ face down; leaves 1 pile face down"
    assert german == "«««8♠|0,1»|«A♥»»|«1»»"
    # the language was only for that block
    assert player.hint(GAME.observe(state)).reason == english


def test_every_count_is_a_plural_message() -> None:
    singular_only = []
    for source in SOURCES:
        for _line, message, _comments, _context in extract_from_file(
            "python", str(ROOT / source), keywords=KEYWORDS
        ):
            if isinstance(message, str) and "{count}" in message:
                singular_only.append(message)
    assert singular_only == []


def test_a_hint_in_the_boards_words_names_no_cell_and_no_pile() -> None:
    """The page and the terminal's Foursquare grid show no coordinates and no pile names:
    their hints name cards only, and the board highlights the place meant."""
    notation = re.compile(r"-?\d+,-?\d+|\bt\d+\b")
    words = [*foursquare_reasons(words=True), *union_square_reasons(words=True)]
    named = [reason for reason in words if notation.search(reason)]
    assert not named, named[:5]
    assert any(reason.startswith("Place the ") for reason in words)
    assert any(reason.startswith("Move the ") for reason in words)
    # the notation form, for the boards that label their places, still names them
    assert any(notation.search(reason) for reason in foursquare_reasons())
    assert any(notation.search(reason) for reason in union_square_reasons())


def test_a_players_hint_carries_both_forms_of_its_reason() -> None:
    state = GAME.apply_text(GAME.new(7), "0,0")
    hint = get_player("foursquare", "greedy").hint(GAME.observe(state))
    assert hint.move == "0,1"
    assert hint.reason.startswith("Place 8♠ at 0,1")
    assert hint.words.startswith("Place the 8♠ on the highlighted empty cell")
    us = get_player("union-square").hint(US.observe(US.new(0)))
    assert (us.move, us.reason) == ("t3-t5", "Move 2♥ from t3 onto 3♥ on t5: frees t3 for any card")
    assert us.words == "Move the 2♥ onto the 3♥: frees its pile for any card"
