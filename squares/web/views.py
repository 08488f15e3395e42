"""What the page receives: the player view of a saved game, and nothing hidden.

The engine's player view (which already says what each placement flips and whether it
loses, which way each pile runs, why the game ended), plus what the page needs around
it: the game's id and version, its share code, its clock, and whether undo and redo
are open. Every added fact follows from what the player can see; the stock's order
never appears.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, cast

from pydantic import Field
from typing_extensions import TypedDict

from squares.ai import get_hindsight, player_names
from squares.cards import MAX_DEAL
from squares.difficulty import deal_facts, level_of
from squares.games import GAMES
from squares.games.info import GameDescription
from squares.games.views import FoursquareView, UnionSquareView
from squares.store.saved import SavedFields, SavedSession
from squares.store.stats import GameStats


class WebFields(SavedFields):
    share: str
    """The share code of the deal: ``foursquare:7``."""
    deal_text: str
    """The deal number in decimal digits: exact for any reader (a JavaScript number holds
    integers exactly only up to 2**53, and deals go to 2**63 - 1)."""
    seconds: float
    """Time played, in seconds (the clock runs only while the game is open and on)."""
    moves: int
    can_undo: bool
    can_redo: bool
    resigned: bool
    hints_used: bool
    deal_best: str | None
    """Once the game is over, the deal's difficulty and what the package's deal results
    say it allowed, as sentences ("Difficulty: hard. ... The best score this deal allowed
    is 24."); ``None`` while the game is on."""
    difficulty: str | None
    """The deal's level as the difficulty survey rated it: easy, medium, hard or expert;
    ``None``: not rated."""
    move_words: dict[str, str]
    """Each legal move named in the board's words and the request's language, as the
    review names moves: ``{"-1,0": "the 7♥ on the empty cell above the 5♣"}``. The page
    says with them where a move goes (the board shows no notation)."""


class FoursquareWebView(FoursquareView, WebFields):
    pass


class UnionSquareWebView(UnionSquareView, WebFields):
    pass


WebView = Annotated[FoursquareWebView | UnionSquareWebView, Field(discriminator="game")]


class Suggestion(TypedDict):
    move: str
    reason: str
    """Why, in the words of the board and the request's language."""


class HintAnswer(TypedDict):
    hint: Suggestion
    view: WebView


class ChanceFromHere(TypedDict):
    """The chance of winning from the position on the table (``squares.review.chance``)."""

    value: float
    """From 0 to 1: the share of the orders of the unseen cards ``player`` won."""
    low: float
    high: float
    """The share's 95% interval (Wilson)."""
    wins: int
    samples: int
    """How many orders of the unseen cards were played out (fewer where the interval is
    narrow sooner)."""
    player: str
    """The player that played the game on from the position, the chance it assumes."""
    text: str
    """All of it in a sentence, in the request's language."""


class ChanceAnswer(TypedDict):
    chance: ChanceFromHere
    view: WebView


class WebGameDescription(GameDescription):
    players: list[str]
    """The names of the game's players, strongest (the one that gives hints) first."""
    max_deal: str
    """The largest deal number, in decimal digits (deals go from 0 to it)."""


class GamesInfo(TypedDict):
    games: list[WebGameDescription]


class JsCatalog(TypedDict):
    """The page script's messages in one language (``GET /api/i18n``)."""

    lang: str
    plural: str
    """The language's plural rule, a C expression in ``n`` giving the form's index."""
    messages: dict[str, str | list[str]]


@dataclass(frozen=True)
class GameStatistics(GameStats):
    """One game's record (``squares stats --json``, the store's ``GameStats``) and its last
    games: the body of ``GET /api/stats`` for each game, declared for the schema."""

    best_game: int | None
    """The id of the first game to reach the best score."""
    daily_streak: int
    """Days in a row, up to today, with this game's daily deal won."""
    daily_today: str | None
    """Today's daily deal of this game: won, playing, lost, or None if not dealt."""
    last: list[dict[str, Any]]


def describe_games() -> GamesInfo:
    """Every game's description in the current language, as the page reads it."""
    return {
        "games": [
            {**game.info.describe(), "players": player_names(name), "max_deal": str(MAX_DEAL)}
            for name, game in GAMES.items()
        ]
    }


def move_words(saved: SavedSession, legal: list[str]) -> dict[str, str]:
    """The moves ``legal`` of ``saved``'s position, each named in the board's words."""
    hindsight = get_hindsight(saved.game.name)
    return {move: hindsight.named(saved.session.state, move) for move in legal}


def web_view(saved: SavedSession) -> WebView:
    view = saved.view()
    extra: WebFields = {
        "id": saved.id,
        "version": saved.version,
        "share": saved.code,
        "deal_text": str(saved.deal),
        "seconds": round(saved.clock_ms / 1000, 1),
        "moves": len(saved.moves),
        "can_undo": saved.can_undo,
        "can_redo": saved.can_redo,
        "resigned": saved.resigned,
        "hints_used": saved.hints_used,
        "deal_best": deal_facts(saved.game.name, saved.deal) if saved.over else None,
        "difficulty": level_of(saved.game.name, saved.deal),
        "move_words": move_words(saved, view["legal"]),
    }
    return cast(WebView, {**view, **extra})
