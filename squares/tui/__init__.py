"""The full-screen terminal game (Textual): ``squares play GAME`` at a terminal.

- ``app``: the game's screen, one saved game and the keys around it; ``dealing`` and
  ``actions``: starting another deal, asking first when a game is under way.
- The boards: ``board`` (what both share: a cursor over places, the mouse),
  ``board_foursquare``, ``board_union_square``, ``faces`` (each game's board by name),
  ``cards`` (a card as styled text), ``cells`` (text in a terminal's cells).
- ``answers``: a hint and the chance of winning, worked out off the screen's thread.
- Other screens: ``dialogs`` (a question, a line to type, a list), ``pages`` (the keys,
  the rules), ``stats_screen``, ``review_screen``.
- ``kept_language``: the language chosen here, kept for the next run.

>>> from squares.tui import run
"""

from __future__ import annotations

from squares.ai import warm_up
from squares.i18n import current, language
from squares.store.db import Database
from squares.store.opening import open_game
from squares.tui.kept_language import keep_language, starting_language


def run(
    db: Database, game: str, deal: int | None, new: bool, given_language: str | None = None
) -> int:
    """Play ``game`` full screen until the player quits; a language switch starts the app
    again in the new language, on the same saved game, and is kept for the next run
    (``given_language``, ``--lang``, wins over it)."""
    from squares.tui.app import SquaresApp  # Textual loads only for the full-screen game

    lang = starting_language(db.path, current() if given_language else None, current())
    with language(lang):  # what is said on opening, in the language the game is played in
        saved, notes = open_game(db, game, deal, new)
    warm_up(game)  # the hints' search compiles (or loads) while the board is drawn
    while True:
        with language(lang):
            app = SquaresApp(db, saved, notes)
            try:
                switch = app.run()
            finally:
                app.saved.pause()
        if switch is None:
            return app.return_code or 0
        keep_language(db.path, switch)
        lang, saved, notes = switch, app.saved, []
