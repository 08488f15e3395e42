"""The app's pages, written in the request's language from the Jinja2 templates.

The templates (``squares/web/templates/``) mark every word a page shows with ``_()``, so
Babel extracts them with the rest of the program's messages (``babel.cfg``); the script
fills in the board and the statistics with messages of its own (``/api/i18n``). Jinja2
escapes every value and every translation it inserts. Each page carries the language
switcher, which lists every language in its own name.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup
from starlette.templating import Jinja2Templates

from squares.difficulty import difficulty_word
from squares.games import GAMES
from squares.i18n import LANGUAGES, _, current, ngettext
from squares.share import daily_level, today
from squares.web.rules_html import rules_html

TEMPLATES = Path(str(files("squares.web").joinpath("templates")))

_environment = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(default=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)
# A translation is plain text, escaped like any other value (Babel's extractor reads _()).
_environment.globals.update(_=_, ngettext=ngettext)
templates = Jinja2Templates(env=_environment)


def render(name: str, **context: object) -> str:
    """The template ``name`` in the current language, with ``context`` filled in."""
    page = templates.get_template(name)
    return page.render(lang=current(), languages=LANGUAGES, **context)


def index_page() -> str:
    """The game page: toolbar, board, status and message lines, and its dialogs; the Daily
    button names the level of today's daily deals."""
    level = difficulty_word(daily_level(today()))
    return render("index.html", script="app.js", games=list(GAMES.values()), daily_level=level)


def stats_page() -> str:
    """The statistics page: its frame; the script fills in each game's numbers."""
    return render("stats.html", script="stats.js")


def review_page(game_id: int) -> str:
    """A finished game's review: its frame; the script fills in the numbers, the chance
    curve and the replay from ``/api/games/{id}/review`` and ``/replay``."""
    return render("review.html", script="review.js", game_id=game_id)


def rules_page(lang: str, game_title: str, text: str) -> str:
    """A game's rules (their Markdown ``text``, rendered) in the app's frame (a way back to
    the game, the language switcher), marked with the language ``lang`` they are written in."""
    title = _("{game} rules").format(game=game_title)
    html = Markup(rules_html(text))  # markdown-it escapes the text; it lets no HTML through
    return render("rules.html", script="rules.js", title=title, html=html, text_lang=lang)


def error_page(message: str) -> str:
    """What a browser asking for a page that is not there gets: ``message`` on the app's
    frame, with the way back to the game."""
    return render("error.html", script="rules.js", title=_("Page not found"), message=message)
