"""The rules of each game as the player reads them, for every face (``squares rules GAME``,
the web's rules page, the terminal game's rules screen).

Each is written once per language in light Markdown (headings, paragraphs, lists and a
table or two), which reads as it is in a terminal and which the web renders as a page.

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

    English is ``rules/GAME.md``; a translation is ``rules/LANG/GAME.md``.
    """
    rules = files("squares").joinpath("rules")
    if lang in LANGUAGES and lang != DEFAULT:  # a known code, never a path
        translated = rules.joinpath(lang, f"{game}.md")
        if translated.is_file():
            return lang, translated.read_text(encoding="utf-8").rstrip()
    return DEFAULT, rules.joinpath(f"{game}.md").read_text(encoding="utf-8").rstrip()
