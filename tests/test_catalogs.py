"""Every message the program shows is translated in every language, and ships compiled."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from gettext import GNUTranslations, c2py
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from squares.i18n import LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![rsa])?(?::[^{}]*)?\}|%\([a-z_]+\)[sd]|%[sd]")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages marked in the code now, extracted as the catalogs were."""
    out = tmp_path_factory.mktemp("pot") / "squares.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-c", "TRANSLATORS:", "--no-location",
         "-o", str(out), "."],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    with out.open("rb") as handle:
        return read_po(handle)


def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "squares.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def forms(string: str | Sequence[str] | None) -> tuple[str, ...]:
    """A message's forms: its one text, or each of its plural forms (None: no text)."""
    return (string or "",) if string is None or isinstance(string, str) else tuple(string)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str, template: Catalog) -> None:
    translations = catalog(lang)
    missing = []
    for message in template:
        if not message.id:
            continue
        found = translations.get(message.id)
        if found is None or found.fuzzy or not all(forms(found.string)):
            missing.append(message.id)
    assert not missing, f"{lang}: {len(missing)} messages untranslated, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_placeholder_is_kept(lang: str) -> None:
    wrong = []
    for message in catalog(lang):
        if not message.id or not message.string:
            continue
        ids = forms(message.id)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for string in forms(message.string):
            if string and set(PLACEHOLDER.findall(string)) - wanted:
                wrong.append((message.id, string))
            if string and not set(PLACEHOLDER.findall(ids[0])) - {"{count}"} <= set(
                PLACEHOLDER.findall(string)
            ):
                wrong.append((message.id, string))
    assert not wrong, f"{lang}: placeholders changed in {wrong[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_shipped_compiled_catalog_matches_the_translations(lang: str) -> None:
    compiled = LOCALE_DIR / lang / "LC_MESSAGES" / "squares.mo"
    assert compiled.is_file(), f"{compiled.name} for {lang} is missing: run pybabel compile"
    with compiled.open("rb") as handle:
        shipped = GNUTranslations(handle)
    for message in catalog(lang):
        if message.id and not message.fuzzy and message.string:
            if isinstance(message.id, str):
                assert shipped.gettext(message.id) == message.string, message.id
            else:
                assert shipped.ngettext(message.id[0], message.id[1], 1) == message.string[0]


def strings(message: Message) -> tuple[str, ...]:
    return forms(message.string)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_is_empty_or_fuzzy(lang: str) -> None:
    unfinished = [
        message.id
        for message in catalog(lang)
        if message.id and (message.fuzzy or not all(strings(message)))
    ]
    assert not unfinished, f"{lang}: empty or fuzzy entries: {unfinished[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_form_has_the_placeholders_of_its_message(lang: str) -> None:
    """Each form names what its message names: a plural form may leave out only {count}."""
    wrong = []
    for message in catalog(lang):
        if not message.id:
            continue
        ids = forms(message.id)
        wanted = set().union(*(PLACEHOLDER.findall(text) for text in ids))
        for string in strings(message):
            found = set(PLACEHOLDER.findall(string))
            optional = {"{count}"} if len(ids) > 1 else set()
            if found - wanted or wanted - optional - found:
                wrong.append((ids[0], string))
    assert not wrong, f"{lang}: placeholders differ from the message in {wrong[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_rule_and_forms_fit_the_language(lang: str) -> None:
    translations = catalog(lang)
    rule = c2py(translations.plural_expr)
    assert rule(1) == 0 and rule(2) == 1 and rule(5) == 1
    # zero takes the singular in French, the plural in the other languages
    assert rule(0) == (0 if lang == "fr" else 1)
    short = [
        m.id for m in translations if m.pluralizable and len(strings(m)) != translations.num_plurals
    ]
    assert not short, (
        f"{lang}: plural entries without {translations.num_plurals} forms: {short[:3]}"
    )


def uzbek_texts() -> list[tuple[str, str]]:
    texts = [(str(m.id), s) for m in catalog("uz") if m.id for s in strings(m)]
    rules = LOCALE_DIR.parent / "rules" / "uz"
    texts += [(path.name, path.read_text(encoding="utf-8")) for path in rules.glob("*.md")]
    return texts


def test_uzbek_writes_the_okina_as_a_letter_not_an_apostrophe() -> None:
    """oʻ and gʻ take U+02BB; a straight or curly quote inside a word is a slip."""
    slips = [
        (where, text) for where, text in uzbek_texts() if re.search(r"\w['\u2018\u2019]\w", text)
    ]
    assert not slips, f"apostrophe used as a letter in {slips[:3]}"


# A card (7♥), a cell (0,1), a pile code (t3) or a placeholder takes no case suffix
# after a space or glued to it: "7♥ kartasini", "0,1 katakka", "0-dan".
UZBEK_SUFFIX = re.compile(r"(?:[♠♥♦♣]|\}|\d,-?\d|\b[tf]\d+)(?: |)(?:ni|ga|da|dan|gacha|ning)\b")


def test_uzbek_card_codes_and_cells_carry_no_suffix() -> None:
    slips = [(where, text) for where, text in uzbek_texts() if UZBEK_SUFFIX.search(text)]
    assert not slips, f"a suffix stuck to a card, cell or value in {slips[:3]}"


# Words that a reader of the language found wrong, and must not come back.
GLOSSARY: dict[str, list[tuple[str, str]]] = {
    "de": [
        # "verdeckt 9♦" reads as "covers 9♦": a placement turns a card face down
        (r"verdeckt (?:\{(?:card|cards|piles|top)\}|[0-9ABDKJQ]{1,2}[♠♥♦♣])", "verdeckt + card"),
        (r"(?:\{(?:card|cards|top)\}|[♠♥♦♣]) verdeckt\b", "card + verdeckt"),
        (r"zu(?:ge)?deck", "zudecken"),
    ],
    "fr": [
        (r"\bpiles? cachées?", "pile cachée (face cachée)"),
        (r"rejouer (?:un|le) coup", "rejouer for redo (rétablir)"),
    ],
    "bg": [(r"\bдела? на победите", "дял на победите (процент победи)")],  # noqa: RUF001
    "uz": [(r"Mumkin yurish", "Mumkin yurishlar (Mumkin boʻlgan yurishlar)")],
    "te": [],
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_words_readers_found_wrong_are_gone(lang: str) -> None:
    texts = [s for m in catalog(lang) if m.id for s in strings(m)]
    rules = LOCALE_DIR.parent / "rules" / lang
    texts += [path.read_text(encoding="utf-8") for path in rules.glob("*.md")]
    found = [
        (name, text)
        for pattern, name in GLOSSARY[lang]
        for text in texts
        if re.search(pattern, text)
    ]
    assert not found, f"{lang}: {found[:3]}"


TELUGU_DEAL = "పంపిణీ"
# A deal named as a thing: "new deal", "deal number", "deal {deal}", "deals A..B".
NAMES_A_DEAL = re.compile(
    r"(?i)\b(?:new|this|same|whole|today's|daily|the first) deals?\b|\bdeal (?:number|#|\{deal\})"
    r"|(?<!-)\bdeals(?: \{deals\}|, e\.g\.|:| A\.\.B| \(both)"
)


def test_telugu_keeps_one_word_for_a_deal_and_another_for_a_game() -> None:
    """ఆట is a game (played, saved, resumed); పంపిణీ a deal (a numbered shuffle)."""
    messages = [(str(forms(m.id)[0]), strings(m)) for m in catalog("te") if m.id]
    game_only = [
        i
        for i, s in messages
        if any(TELUGU_DEAL in t for t in s) and not re.search(r"(?i)deal|daily", i)
    ]
    assert not game_only, f"the word for a deal names a game in {game_only[:3]}"
    deal_as_game = [
        i for i, s in messages if NAMES_A_DEAL.search(i) and not all(TELUGU_DEAL in t for t in s)
    ]
    assert not deal_as_game, f"a deal is not called {TELUGU_DEAL} in {deal_as_game[:3]}"


BUTTON = re.compile(r"<button\b[^>]*>\s*\{\{ _\(\"([^\"]+)\"\) \}\}\s*</button>")


def test_bulgarian_buttons_are_all_polite_imperatives() -> None:
    """One style for every button of the page: a verb telling the player what it does."""
    template = (ROOT / "squares" / "web" / "templates" / "index.html").read_text(encoding="utf-8")
    labels = sorted(set(BUTTON.findall(template)))
    assert len(labels) >= 10, "the page's buttons were not found"
    translations = catalog("bg")
    others = [
        (label, translations[label].string)
        for label in labels
        if not re.match(r"\w+(?:ете|ите|йте|ате)\b", str(translations[label].string))
    ]
    assert not others, f"buttons that are not imperatives: {others}"
