"""The page script's messages in each language, built from the catalogs when they change.

The script (``static/js/*.js``) marks its messages with ``_("...")`` and
``ngettext("...", "...", n)``, as the Python code does; Babel's JavaScript extractor finds
them. For every translated language this writes ``static/i18n/LANG.json``: the entries of
that language's ``.po`` file whose ids the script uses, translated and not fuzzy, and the
catalog's plural rule. The server sends that file as it is (``GET /api/i18n``). Run after
``pybabel compile``::

    python -m squares.web.script_catalog

The suite checks that the files written match the ``.po`` files and the script.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po

from squares.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR
from squares.web.lang import CATALOGS

SCRIPTS = Path(str(files("squares.web").joinpath("static", "js")))
ENGLISH_PLURAL = "(n != 1)"
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "ngettext": (1, 2)}

Messages = dict[str, str | list[str]]


def script_messages(scripts: Iterable[Path]) -> tuple[frozenset[str], frozenset[str]]:
    """The message ids the scripts ask for: (singular messages, plural messages by singular)."""
    singular: set[str] = set()
    plural: set[str] = set()
    for path in scripts:
        with path.open("rb") as source:
            for _line, message, _comments, _context in extract("javascript", source, KEYWORDS):
                if isinstance(message, tuple):
                    plural.add(message[0])
                else:
                    singular.add(message)
    return frozenset(singular), frozenset(plural)


def plural_rule(header: str) -> str | None:
    """``nplurals=2; plural=(n != 1);`` → ``(n != 1)``; only arithmetic on ``n``.

    >>> plural_rule("nplurals=2; plural=(n != 1);"), plural_rule("plural=alert(1);")
    ('(n != 1)', None)
    """
    match = re.search(r"plural\s*=\s*([^;]+)", header)
    if not match:
        return None
    rule = match.group(1).strip()
    return rule if re.fullmatch(r"[n0-9\s()?:<>=!&|%+*/-]+", rule) else None


def script_catalog(
    catalog: Catalog, singular: frozenset[str], plural: frozenset[str]
) -> dict[str, object]:
    """What the page gets for ``catalog``'s language: ``lang``, ``plural`` and ``messages``.

    ``messages`` maps each translated message id of the script to its text, or for a
    plural message (keyed by its singular) to the list of its forms.
    """
    messages: Messages = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = [str(form) for form in message.string or ()]
            if message.id[0] in plural and forms and all(forms):
                messages[message.id[0]] = forms
        elif message.id in singular and message.string:
            messages[message.id] = str(message.string)
    rule = plural_rule(catalog.plural_forms) or ENGLISH_PLURAL
    return {"lang": str(catalog.locale), "plural": rule, "messages": dict(sorted(messages.items()))}


def read_catalog(lang: str, locale_dir: Path = LOCALE_DIR) -> Catalog:
    with (locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def render(body: dict[str, object]) -> str:
    """The file's text: one message a line, sorted, so a change reads as a small diff."""
    return json.dumps(body, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def built(lang: str) -> str:
    """The text ``static/i18n/LANG.json`` should have now."""
    singular, plural = script_messages(sorted(SCRIPTS.glob("*.js")))
    return render(script_catalog(read_catalog(lang), singular, plural))


def main() -> int:
    CATALOGS.mkdir(exist_ok=True)
    for lang in LANGUAGES:
        if lang != DEFAULT:
            (CATALOGS / f"{lang}.json").write_text(built(lang), encoding="utf-8")
            print(f"wrote {lang}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
