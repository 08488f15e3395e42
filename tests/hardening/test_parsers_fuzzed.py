"""Every parser of outside input, fed arbitrary text: a value or a ``SquaresError``, never
another exception (Hypothesis)."""

from __future__ import annotations

import contextlib
import io
import json
import string
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squares.cards import Card, parse_deal_number
from squares.cli.replay import replay_lines
from squares.errors import SquaresError
from squares.games import get_game
from squares.jsonin import load
from squares.share import parse_code
from squares.store.transfer import read_import

NUMBERISH = st.one_of(
    st.text(),
    st.text(alphabet=string.digits + " -+_,.:٠١٢٣٤٥٦٧٨٩０１２", max_size=60),
    st.integers(min_value=0, max_value=10**30).map(str),
    st.integers(min_value=4000, max_value=6000).map(lambda n: "9" * n),
)


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=6)


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    _nested,
    max_leaves=20,
)
FIELDS = st.sampled_from(
    ["kind", "format", "game", "deal", "moves", "position", "resigned", "status", "score",
     "clock_ms", "hints_used", "undo_used", "daily", "started_at", "finished_at", "code",
     "deal_algorithm", "id", "corrupt"]
)  # fmt: skip


def value_or_ours(parse: Any, *args: Any) -> None:
    with contextlib.suppress(SquaresError):
        parse(*args)


@given(NUMBERISH)
def test_deal_numbers(text: str) -> None:
    value_or_ours(parse_deal_number, text)


@given(st.one_of(st.text(), NUMBERISH.map(lambda n: f"foursquare:{n}")))
def test_share_codes(text: str) -> None:
    value_or_ours(parse_code, text)


@given(st.text(max_size=4))
def test_cards(text: str) -> None:
    value_or_ours(Card.parse, text)


@given(st.one_of(st.text(), st.tuples(NUMBERISH, NUMBERISH).map(",".join)))
def test_foursquare_notation(text: str) -> None:
    value_or_ours(get_game("foursquare").parse_move, text)


@given(st.one_of(st.text(), NUMBERISH.map(lambda n: f"t{n}-f"), NUMBERISH.map(lambda n: f"w-t{n}")))
def test_union_square_notation(text: str) -> None:
    value_or_ours(get_game("union-square").parse_move, text)


@given(st.one_of(st.text(), JSONISH.map(json.dumps), st.integers(1, 3000).map(lambda n: "[" * n)))
def test_json_text(text: str) -> None:
    value_or_ours(load, text)


def import_file(fields: dict[str, Any]) -> str:
    game = {"kind": "squares game", "format": 1, "game": "foursquare", "deal": 7, "moves": []}
    game.update(fields)
    return json.dumps(game)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.text(),
        JSONISH.map(json.dumps),
        st.dictionaries(FIELDS, JSONISH, max_size=6).map(import_file),
    )
)
def test_import_files(text: str) -> None:
    value_or_ours(read_import, text)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.text().map(lambda t: t.replace("\n", " ")),
            st.dictionaries(st.sampled_from(["game", "deal", "moves"]), JSONISH).map(json.dumps),
            st.fixed_dictionaries(
                {
                    "game": st.sampled_from(["foursquare", "union-square"]),
                    "deal": st.integers(-5, 2**64),
                    "moves": st.lists(st.text(max_size=8), max_size=4),
                }
            ).map(json.dumps),
        ),
        max_size=4,
    )
)
def test_jsonl_lines_each_get_an_answer(lines: list[str]) -> None:
    out = io.StringIO()
    code = replay_lines(iter(line + "\n" for line in lines), out)
    answers = out.getvalue().splitlines()
    assert code in (0, 2)
    assert len(answers) == sum(1 for line in lines if line.strip())
    assert all(isinstance(json.loads(a), dict) for a in answers)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          max_examples=60)  # fmt: skip
@given(
    st.one_of(
        st.dictionaries(st.sampled_from(["game", "deal", "daily", "extra"]), JSONISH),
        JSONISH,
    ),
    st.one_of(st.dictionaries(st.sampled_from(["move", "version"]), JSONISH), JSONISH),
    st.binary(max_size=40),
)
def test_json_api_requests(client: TestClient, body: Any, move: Any, raw: bytes) -> None:
    """Requests of any shape: only the declared answers, each ``{"detail": str}``."""
    answers = [
        client.post("/api/games", json=body),
        client.post("/api/games/1/moves", json=move),
        client.post("/api/games/1/hint", json=move),
        client.post("/api/games", content=raw, headers={"content-type": "application/json"}),
    ]
    for answer in answers:
        assert answer.status_code in (200, 201, 400, 404, 409, 410, 422), answer.text
        if answer.status_code >= 400:
            assert set(answer.json()) <= {"detail", "view"}
            assert isinstance(answer.json()["detail"], str)
