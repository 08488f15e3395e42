"""The rules of each game as the player reads them (``squares rules GAME``).

>>> rules_text("foursquare", "xx") == rules_text("foursquare")
True
"""

from __future__ import annotations

from importlib.resources import files

from squares.i18n import DEFAULT, LANGUAGES


def rules_text(game: str, lang: str = DEFAULT) -> str:
    """The rules of ``game`` in ``lang`` if they are written in it, else in English.

    English is ``rules/GAME.txt``; a translation is ``rules/LANG/GAME.txt``.
    """
    rules = files("squares").joinpath("rules")
    if lang in LANGUAGES and lang != DEFAULT:  # a known code, never a path
        translated = rules.joinpath(lang, f"{game}.txt")
        if translated.is_file():
            return translated.read_text(encoding="utf-8").rstrip()
    return rules.joinpath(f"{game}.txt").read_text(encoding="utf-8").rstrip()
