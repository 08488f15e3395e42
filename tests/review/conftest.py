"""Cheap reviews for the tests: few playouts, the same node budgets as always."""

from __future__ import annotations

import pytest

from squares.ai import get_hindsight
from squares.games import GAMES


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.setattr(type(get_hindsight(name)), "samples", 2)


@pytest.fixture(autouse=True)
def cheap_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    hindsight = get_hindsight("union-square")
    monkeypatch.setattr(type(hindsight), "solve_nodes", 2_000)
