"""The app's two pages, written in the request's language.

Every word a page shows is a message here (``_``), so Babel extracts it with the rest of
the program's; the script fills in the board and the statistics with messages of its own
(``/api/i18n``). Each page carries the language switcher, which lists every language in
its own name. The templates name each text by a key; ``_fill`` escapes the texts in.
"""

from __future__ import annotations

from html import escape

from squares.games import GAMES
from squares.i18n import LANGUAGES, _, current

_HEAD = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
  <title>{title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/css/app.css">
  <script type="module" src="/static/js/{script}"></script>
</head>
"""

_SWITCHER = """<label for="language" class="visually-hidden">{language}</label>
      <select id="language" class="language" title="{language}">{options}</select>"""

_INDEX = """<body>
  <header class="toolbar" role="toolbar" aria-label="{controls}">
    <nav class="games" aria-label="{game}"></nav>
    <div class="actions">
      <button type="button" id="undo" title="{undo_key}"
        ><span aria-hidden="true">↶</span> {undo}</button>
      <button type="button" id="redo" title="{redo_key}"
        ><span aria-hidden="true">↷</span> {redo}</button>
      <button type="button" id="hint" title="{hint_key}">{hint}</button>
      <button type="button" id="new" title="{new_key}">{new}</button>
      <button type="button" id="restart" title="{restart_title}">{restart}</button>
      <button type="button" id="resign" title="{resign_title}">{resign}</button>
      <form id="deal-form" class="deal-form">
        <label for="deal-input" class="visually-hidden">{deal_label}</label>
        <input id="deal-input" name="deal" placeholder="{deal_placeholder}" autocomplete="off"
               inputmode="text" size="12">
        <button type="submit">{play}</button>
      </form>
      <button type="button" id="daily" title="{daily_title}">{daily}</button>
      <label class="auto" id="auto-label" hidden>
        <input type="checkbox" id="auto-foundation"> {auto}
      </label>
      <a href="/stats" id="stats-link" class="button-link">{statistics}</a>
      {switcher}
      <button type="button" id="help" title="{help_key}" aria-label="{help_label}">?</button>
    </div>
  </header>
  <main>
    <p class="status" id="status" aria-live="polite"></p>
    <section id="board" class="board" aria-label="{board}"></section>
    <p class="message" id="message" role="status" aria-live="assertive"></p>
  </main>

  <dialog id="confirm-dialog" aria-labelledby="confirm-title">
    <h2 id="confirm-title">{loses}</h2>
    <p id="confirm-text"></p>
    <div class="dialog-buttons">
      <button type="button" id="confirm-yes" class="danger">{anyway}</button>
      <button type="button" id="confirm-no" autofocus>{cancel}</button>
    </div>
  </dialog>

  <dialog id="end-dialog" aria-labelledby="end-title">
    <h2 id="end-title"></h2>
    <dl id="end-facts" class="facts"></dl>
    <div class="dialog-buttons">
      <button type="button" id="end-replay">{replay}</button>
      <button type="button" id="end-new" autofocus>{new}</button>
      <button type="button" id="end-close">{look}</button>
    </div>
  </dialog>

  <dialog id="help-dialog" aria-labelledby="help-title">
    <h2 id="help-title">{keys}</h2>
    <table class="keys">
{key_rows}    </table>
    <p>{pointer}</p>
    <p>{rules_links}</p>
    <div class="dialog-buttons">
      <button type="button" id="help-close" autofocus>{close}</button>
    </div>
  </dialog>
</body>
</html>
"""

_STATS = """<body>
  <header class="toolbar">
    <a href="/" class="button-link">{back}</a>
    <h1 class="page-title">{statistics}</h1>
    {switcher}
  </header>
  <main class="stats-page" id="stats" aria-live="polite">
    <p>{loading}</p>
  </main>
</body>
</html>
"""


def _fill(template: str, texts: dict[str, str], **markup: str) -> str:
    """``template`` with each text escaped (for content and attribute values) and markup as is."""
    return template.format(**{k: escape(v, quote=True) for k, v in texts.items()}, **markup)


def _head(title: str, script: str) -> str:
    return _fill(_HEAD, {"lang": current(), "title": title, "script": script})


def language_switcher() -> str:
    """A <select> of the languages, each in its own name and marked as written in it."""
    here = current()
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == here else ""}>'
        f"{escape(name)}</option>"
        for code, name in LANGUAGES.items()
    )
    return _fill(_SWITCHER, {"language": _("Language")}, options=options)


def _help_keys() -> str:
    rows = (
        # TRANSLATORS: the arrow keys of the keyboard
        (_("Arrows"), _("move the focus between cells, piles and cards")),
        *(
            # TRANSLATORS: a key that only one game uses, and that game
            (_(key.key), _("{does} ({game})").format(does=_(key.does), game=_(game.title)))
            for game in GAMES.values()
            for key in game.info.keys
        ),
        ("U / R", _("undo / redo")),
        ("N", _("new deal")),
        ("H", _("hint")),
        # TRANSLATORS: the Escape key
        (_("Esc"), _("drop the card you hold, close a dialog")),
        ("?", _("this help")),
    )
    row = '      <tr><th scope="row">{key}</th><td>{meaning}</td></tr>\n'
    return "".join(_fill(row, {"key": key, "meaning": meaning}) for key, meaning in rows)


def index_page() -> str:
    """The game page: toolbar, board, status and message lines, and its dialogs."""
    texts = {
        "controls": _("Game controls"),
        "game": _("Game"),
        "undo_key": _("Undo (U)"),
        "undo": _("Undo"),
        "redo_key": _("Redo (R)"),
        "redo": _("Redo"),
        "hint_key": _("Hint (H)"),
        "hint": _("Hint"),
        "new_key": _("New deal (N)"),
        "new": _("New deal"),
        "restart_title": _("Start this deal again"),
        "restart": _("Restart"),
        "resign_title": _("Give up this game"),
        "resign": _("Resign"),
        "deal_label": _("Deal number or share code"),
        # TRANSLATORS: the placeholder of the field for a deal number or a share code
        "deal_placeholder": _("Deal # or code"),
        "play": _("Play"),
        "daily_title": _("Today's deal"),
        "daily": _("Daily"),
        "auto": _("Auto to foundations"),
        "statistics": _("Statistics"),
        "help_key": _("Keys (?)"),
        "help_label": _("Keys and help"),
        "board": _("Board"),
        "loses": _("This placement loses"),
        "anyway": _("Place it anyway"),
        "cancel": _("Cancel"),
        "replay": _("Replay this deal"),
        "look": _("Look at the board"),
        "keys": _("Keys"),
        "pointer": _(
            "With the mouse or a finger: click (tap) a card, then where it goes, or drag "
            "it there. Double-click a Union Square card to send it to its foundation."
        ),
        "close": _("Close"),
    }
    links = " · ".join(
        _fill(
            '<a href="/rules/{name}" target="_blank">{rules}</a>',
            {"name": name, "rules": _("{game} rules").format(game=_(game.title))},
        )
        for name, game in GAMES.items()
    )
    body = _fill(
        _INDEX, texts, switcher=language_switcher(), key_rows=_help_keys(), rules_links=links
    )
    return _head("Squares", "app.js") + body


def stats_page() -> str:
    """The statistics page: its frame; the script fills in each game's numbers."""
    texts = {
        "back": _("← Back to the game"),
        "statistics": _("Statistics"),
        "loading": _("Loading…"),
    }
    body = _fill(_STATS, texts, switcher=language_switcher())
    return _head(_("Statistics · Squares"), "stats.js") + body
