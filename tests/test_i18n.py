"""Choosing the language, and messages that translators can translate."""

from __future__ import annotations

import gettext
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from squares import i18n
from squares.cards import Card
from squares.cli.argparse_words import ARGPARSE_MESSAGES
from squares.cli.main import main, split_language
from squares.i18n import _, choose_language, language
from squares.rules import rules_text

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}

# A placeholder is ``{name}`` (with an optional !conversion or :spec) or ``%(name)s``;
# ``{}``, ``{0}``, ``%s`` and ``%d`` are positional, which a translation cannot reorder.
BRACE = re.compile(r"\{([A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")
# "win % so far" is prose, not "% s": the space flag is left out.
PERCENT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0+]*\d*(?:\.\d+)?[sdifrxXeEgGcoa]")


# -- choosing the language ---------------------------------------------------------------
def test_lang_option_beats_every_locale_variable() -> None:
    environ = {"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "bg_BG.UTF-8", "LANG": "uz_UZ.UTF-8"}
    assert choose_language("de", environ) == "de"


def test_lc_all_beats_lc_messages_and_lang() -> None:
    environ = {"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "bg_BG.UTF-8", "LANG": "uz_UZ.UTF-8"}
    assert choose_language(None, environ) == "fr"


def test_lc_messages_beats_lang() -> None:
    assert choose_language(None, {"LC_MESSAGES": "bg_BG.UTF-8", "LANG": "te_IN.UTF-8"}) == "bg"


def test_lang_alone_chooses() -> None:
    assert choose_language(None, {"LANG": "te_IN.UTF-8"}) == "te"


def test_empty_variables_are_skipped() -> None:
    assert choose_language("", {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_AT"}) == "de"


@pytest.mark.parametrize("tag", ["xx", "klingon", "C", "POSIX", "zz_ZZ.UTF-8", "-"])
def test_an_unknown_language_is_english_without_an_error(tag: str) -> None:
    assert choose_language(tag, {}) == "en"
    assert choose_language(None, {"LANG": tag}) == "en"


def test_nothing_set_is_english() -> None:
    assert choose_language(None, {}) == "en"


def test_lang_is_taken_before_or_after_the_command() -> None:
    assert split_language(["--lang", "de", "rules", "foursquare"]) == (
        "de",
        ["rules", "foursquare"],
    )
    assert split_language(["rules", "foursquare", "--lang=bg"]) == ("bg", ["rules", "foursquare"])
    moves = ["replay", "foursquare", "--deal", "7", "0,0", "-1,0"]
    assert split_language([*moves, "--lang", "fr"]) == ("fr", moves)


def test_an_unknown_lang_option_runs_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", "rules", "foursquare"]) == 0
    assert capsys.readouterr().out.strip() == rules_text("foursquare")


# -- the words reach the translation -------------------------------------------------------
class Marked(gettext.NullTranslations):
    """A stand-in catalog that marks every message it translates: «message»."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def marked_german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    english = i18n.translations
    monkeypatch.setattr(
        i18n, "translations", lambda lang: Marked() if lang == "de" else english(lang)
    )
    yield


@pytest.mark.usefixtures("marked_german")
def test_card_names_are_translated_when_shown() -> None:
    card = Card.parse("TD")
    with language("de"):
        assert card.name == "«{rank} of diamonds»".replace("{rank}", "«ten»")
        assert (str(card), card.pretty) == ("TD", "10♦")
    assert card.name == "ten of diamonds"


@pytest.mark.usefixtures("marked_german")
def test_the_command_line_speaks_the_chosen_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["games", "--db", str(tmp_path / "s.db"), "--lang", "de"]) == 0
    assert capsys.readouterr().out.startswith("«No saved games in")
    with pytest.raises(SystemExit):
        main(["--lang", "de", "play", "foursquare", "--deal", "x"])
    assert "«bad deal number 'x'" in capsys.readouterr().err


@pytest.mark.usefixtures("marked_german")
def test_replay_output_for_tools_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "replay", "foursquare", "--deal", "7", "0,0", "5,5"]) == 2
    err = capsys.readouterr().err
    assert "illegal move '5,5': cell 5,5 is not next to a pile" in err and "«illegal" not in err
    assert main(["--lang", "de", "replay", "foursquare", "--deal", "7", "0,0"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "playing"


def test_english_is_the_messages_as_written() -> None:
    with language("en"):
        assert _("nothing to undo") == "nothing to undo"


# -- the template ---------------------------------------------------------------------------
def _messages() -> list[tuple[str, str]]:
    """(file, message id) of every message Babel extracts, as ``babel.cfg`` says."""
    method_map = [("squares/**.py", "python"), ("squares/web/static/js/**.js", "javascript")]
    found = []
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, keywords=KEYWORDS
    ):
        for text in message if isinstance(message, tuple) else (message,):
            if text:
                found.append((filename, text))
    return found


def test_there_are_messages_to_translate() -> None:
    files = {filename for filename, _text in _messages()}
    assert {"squares/cards.py", "squares/cli/play.py", "squares/store/db.py"} <= files


def test_every_placeholder_is_named() -> None:
    # argparse's own words keep Python's message ids, unnamed ``%s`` and all
    positional = [
        (filename, text)
        for filename, text in _messages()
        if text not in ARGPARSE_MESSAGES
        and (
            any(not m[1] or m[1].isdigit() for m in BRACE.finditer(text))
            or any(not m.group("name") for m in PERCENT.finditer(text.replace("%%", "")))
        )
    ]
    assert positional == []


def test_the_template_if_written_has_named_placeholders() -> None:
    pot = ROOT / "squares" / "locale" / "squares.pot"
    if not pot.exists():
        pytest.skip("no template written yet (pybabel extract writes it)")
    from babel.messages.pofile import read_po

    with pot.open("rb") as file:
        catalog = read_po(file)
    bad = []
    for message in catalog:
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        for text in ids:
            if text in ARGPARSE_MESSAGES:
                continue
            names = [m[1] for m in BRACE.finditer(text)]
            if any(not name or name.isdigit() for name in names):
                bad.append(text)
            if any(not m.group("name") for m in PERCENT.finditer(text.replace("%%", ""))):
                bad.append(text)
    assert bad == []


@pytest.mark.parametrize(
    ("lang", "jack", "ace"), [("en", "J♠", "A♥"), ("de", "B♠", "A♥"), ("uz", "V♠", "T♥")]
)
def test_cards_show_the_corner_letters_of_the_language(lang: str, jack: str, ace: str) -> None:
    with language(lang):
        assert (Card.parse("JS").pretty, Card.parse("AH").pretty) == (jack, ace)
        assert Card.parse("TD").pretty == "10♦"
    assert str(Card.parse("JS")) == "JS"  # the notation never changes


@pytest.mark.usefixtures("marked_german")
def test_argparse_speaks_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "solve"])
    err = capsys.readouterr().err
    assert err.startswith("«usage: »squares solve")
    assert "«the following arguments are required: %s»" not in err  # filled in after
    assert "«the following arguments are required: GAME»" in err
    with pytest.raises(SystemExit):
        main(["--lang", "de", "rules", "--help"])
    assert "«show this help message and exit»" in capsys.readouterr().out


def test_numbers_are_written_as_the_language_writes_them() -> None:
    from squares.i18n import number, percent

    with language("de"):
        assert (number(1234.5, 1), percent(0.983)) == ("1.234,5", "98,3\u00a0%")
    with language("fr"):
        assert number(1234.5, 1) == "1\u202f234,5"
    assert (number(1234.5, 1), percent(0.983)) == ("1,234.5", "98.3%")


def test_small_whole_numbers_are_written_as_babel_writes_them() -> None:
    """``number`` writes them without loading Babel; it must not write them differently."""
    from babel.numbers import format_decimal

    for lang in i18n.LANGUAGES:
        with language(lang):
            for value in (*range(1000), 60.0):
                assert i18n.number(value) == format_decimal(int(value), locale=lang)
