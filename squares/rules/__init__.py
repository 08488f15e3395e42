"""The rules of each game as the player reads them, for every face (``squares rules GAME``,
the web's rules page, the terminal game's rules screen).

>>> rules_text("foursquare", "xx") == rules_text("foursquare")
True
"""

from __future__ import annotations

from importlib.resources import files

from squares.i18n import DEFAULT, LANGUAGES


def rules_text(game: str, lang: str = DEFAULT) -> str:
    """The rules of ``game`` in ``lang`` if they are written in it, else in English."""
    return rules_in(game, lang)[1]


def rules_in(game: str, lang: str = DEFAULT) -> tuple[str, str]:
    """The language the rules of ``game`` are written in, nearest to ``lang``, and the text.

    English is ``rules/GAME.txt``; a translation is ``rules/LANG/GAME.txt``.
    """
    rules = files("squares").joinpath("rules")
    if lang in LANGUAGES and lang != DEFAULT:  # a known code, never a path
        translated = rules.joinpath(lang, f"{game}.txt")
        if translated.is_file():
            return lang, translated.read_text(encoding="utf-8").rstrip()
    return DEFAULT, rules.joinpath(f"{game}.txt").read_text(encoding="utf-8").rstrip()
