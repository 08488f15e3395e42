"""Both boards as the terminal shows them, at 80×24 and 120×40, in English and Telugu:
Textual's SVG export compared with the files in ``tests/tui/snapshots``.

After a deliberate change of the look, write the files again with
``SQUARES_SNAPSHOTS=update pytest tests/tui/test_snapshots.py`` and look at them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.pilot import Pilot

from squares.i18n import language
from squares.tui.app import SquaresApp
from tests.tui.drive import database, new_app, play

SNAPSHOTS = Path(__file__).parent / "snapshots"
POSITIONS = {"foursquare": ["0,0", "0,1", "1,1", "1,0", "0,2"], "union-square": ["s", "t10-f"]}
DEALS = {"foursquare": 7, "union-square": 13}


def screenshot(db_path: Path, game: str, size: tuple[int, int], lang: str) -> str:
    db = database(db_path)
    with language(lang):
        app = new_app(db, game, DEALS[game])
        for move in POSITIONS[game]:
            app.saved.move(move)
        shot: list[str] = []

        async def take(pilot: Pilot[str | None], app: SquaresApp) -> None:
            app.redraw()
            await pilot.pause()
            shot.append(app.export_screenshot(title=f"{game} {lang}"))

        play(app, take, size)
    return shot[0]


@pytest.mark.parametrize("lang", ["en", "te"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", ["foursquare", "union-square"])
def test_the_board_looks_as_it_did(
    private_database: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    svg = screenshot(private_database, game, size, lang)
    path = SNAPSHOTS / f"{game}-{size[0]}x{size[1]}-{lang}.svg"
    if os.environ.get("SQUARES_SNAPSHOTS") == "update":
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8"), f"{path.name} differs: look at it"
