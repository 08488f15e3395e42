"""Translations: the words the program shows, in English, German, French, Bulgarian,
Uzbek and Telugu.

Messages are marked with ``_`` (``ngettext`` for plural forms; ``N_`` marks a message
kept for later), extracted with Babel into ``squares/locale/squares.pot`` and translated
in ``squares/locale/LANG/LC_MESSAGES/squares.po``; the compiled ``.mo`` files ship in the
package. The language is chosen once per command (``--lang``, then ``LC_ALL``,
``LC_MESSAGES``, ``LANG``) or per web request (the page's choice, then
``Accept-Language``); an unknown language falls back to English without an error.

>>> with language("de"):
...     language_name()
'Deutsch'
>>> choose_language(None, {"LANG": "bg_BG.UTF-8"})
'bg'
>>> choose_language("xx", {})
'en'
"""

from __future__ import annotations

import gettext as gettext_module
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import ROUND_HALF_EVEN, Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

DOMAIN = "squares"
DEFAULT = "en"
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "bg": "Български",
    "uz": "Oʻzbekcha",
    "te": "తెలుగు",
}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"  # not importlib.resources: 10 ms

_current: ContextVar[str] = ContextVar("language", default=DEFAULT)


@cache
def translations(lang: str) -> gettext_module.NullTranslations:
    """The compiled catalog of ``lang`` (English: the messages as written)."""
    if lang == DEFAULT:
        return gettext_module.NullTranslations()
    return gettext_module.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def normalize(tag: str | None) -> str | None:
    """``de_DE.UTF-8``, ``de-AT``, ``uz_Latn`` → the supported code, or ``None``."""
    if not tag:
        return None
    code = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose_language(option: str | None, environ: Mapping[str, str]) -> str:
    """``--lang``, then the POSIX locale variables in their order of precedence; else English."""
    for tag in (option, environ.get("LC_ALL"), environ.get("LC_MESSAGES"), environ.get("LANG")):
        if tag:
            code = normalize(tag)
            return code or DEFAULT  # the first one set decides, as for any POSIX program
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The best supported language of an HTTP ``Accept-Language`` header; else English."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        code = normalize(tag)
        if code and weight > 0:
            choices.append((-weight, index, code))
    return min(choices)[2] if choices else DEFAULT


def current() -> str:
    return _current.get()


def set_language(lang: str) -> None:
    """Use ``lang`` from now on in this context (a command, a request)."""
    _current.set(lang if lang in LANGUAGES else DEFAULT)


@contextmanager
def language(lang: str) -> Iterator[None]:
    token = _current.set(lang if lang in LANGUAGES else DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` in the current language's plural rule."""
    return translations(_current.get()).ngettext(singular, plural, count)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark ``message`` for translation where it is defined; translate it where shown."""
    return message


def language_name(lang: str | None = None) -> str:
    return LANGUAGES[lang or _current.get()]


@cache
def _number_format(lang: str, digits: int) -> tuple[Locale, str]:
    """The language's CLDR number pattern (its grouping) with exactly ``digits`` decimals."""
    from babel import Locale  # loaded when a number is first written (see ``number``)

    locale = Locale.parse(lang)
    standard = locale.decimal_formats[None].pattern  # e.g. #,##0.### or, in Telugu, #,##,##0.###
    whole = standard.split(";")[0].split(".")[0]
    return locale, whole + ("." + "0" * digits if digits else "")


def number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals, written as the current language writes numbers.

    The marks and the grouping are CLDR's, through Babel: Telugu groups the digits above
    the thousands in twos, as India writes them.

    >>> with language("de"):
    ...     number(12345.678, 2)
    '12.345,68'
    >>> with language("te"):
    ...     number(1234567)
    '12,34,567'
    >>> number(-0.5, 1), number(-0.04, 1)
    ('-0.5', '0.0')
    """
    if digits == 0 and 0 <= value < 1000 and value == int(value):
        # Below a thousand every language here writes a whole number in plain digits, as
        # Babel does (a test holds them equal): a command showing no other number, such
        # as a help page, need not load Babel (20 ms or more).
        return str(int(value))
    from babel.numbers import format_decimal

    locale, pattern = _number_format(_current.get(), digits)
    exact = Decimal(str(value)).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_EVEN)
    return format_decimal(abs(exact) if exact == 0 else exact, format=pattern, locale=locale)


def percent(fraction: float, digits: int = 1) -> str:
    """A fraction as a percentage in the current language: ``98.3%``, ``98,3 %``."""
    # TRANSLATORS: a percentage; put the sign and any space where your language writes them
    return _("{percent}%").format(percent=number(100 * fraction, digits))
