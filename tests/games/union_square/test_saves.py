"""Union Square rules: saves: the full state as JSON, validated on load."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from squares.cards import union_square_deck
from squares.errors import CorruptSave
from tests.games.union_square.positions import (
    GAME,
    cards,
    climb,
    play,
)

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
