"""The rules of each game as the player reads them (``squares rules GAME``)."""

from __future__ import annotations

from importlib.resources import files


def rules_text(game: str) -> str:
    return files("squares").joinpath("rules", f"{game}.txt").read_text(encoding="utf-8").rstrip()
