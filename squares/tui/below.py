"""The helpers the terminal game shares with the other faces, called where they live now.

They are to move below the faces; this module is the one place that names them, so that
the move changes only these imports.
"""

from __future__ import annotations

from squares.cli.play import open_game, random_deal
from squares.cli.rules import rules_text
from squares.cli.tables import duration, moves

__all__ = ["duration", "moves", "open_game", "random_deal", "rules_text"]
