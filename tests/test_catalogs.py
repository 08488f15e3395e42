"""Every message the program shows is translated in every language, and ships compiled."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
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
