"""JSON from outside (import files, ``replay --jsonl`` lines): read it or say why not.

``json.loads`` can fail in ways that are not ``JSONDecodeError``: a number of more than
4,300 digits (``ValueError`` naming ``sys.set_int_max_str_digits``), deep nesting
(``RecursionError``), ``NaN`` and ``Infinity`` (accepted, though not JSON); and a key given
twice in one object is taken silently, the last value winning. ``load`` turns every one of
them into ``BadJson``, a ``SquaresError`` whose message says what is wrong in
the reader's terms, and refuses numbers longer than any Squares field can hold.

>>> load('{"deal": 7}')
{'deal': 7}
>>> load("[" * 100_000)
Traceback (most recent call last):
...
squares.jsonin.BadJson: not usable JSON: nested more than 100 levels deep
>>> load('{"deal": ' + "9" * 5000 + "}")
Traceback (most recent call last):
...
squares.jsonin.BadJson: not usable JSON: a number of 5000 digits (at most 40 are read)
"""

from __future__ import annotations

import json
import math
from typing import Any

from squares.cards import MAX_NUMBER_TEXT, shown
from squares.errors import BadNotation
from squares.i18n import _

MAX_DEPTH = 100


class BadJson(BadNotation):
    """Text that is not JSON Squares can read."""


def _problem(text: str) -> BadJson:
    return BadJson(_("not usable JSON: {problem}").format(problem=text))


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_TEXT:
        raise _problem(
            _("a number of {count} digits (at most {most} are read)").format(
                count=digits, most=MAX_NUMBER_TEXT
            )
        )
    return int(text)


def _float(text: str) -> float:
    if len(text) > 2 * MAX_NUMBER_TEXT:
        raise _problem(
            _("a number of {count} characters (at most {most} are read)").format(
                count=len(text), most=2 * MAX_NUMBER_TEXT
            )
        )
    value = float(text)
    if not math.isfinite(value):
        raise _problem(_("{name} is too large a number").format(name=text))
    return value


def _constant(text: str) -> Any:
    raise _problem(_("{name} is not a JSON value").format(name=text))


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class _Repeated(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose every key is given once (JSON lets a key repeat, and a parser then
    keeps one of the values without a word: which one, a reader cannot know)."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise _Repeated(key)
        seen.add(key)
    return dict(pairs)


def repeated_key(text: str | bytes) -> str | None:
    """The first key that ``text`` gives twice in one object, if it is JSON and does; what
    else is wrong with it is left for its reader to say.

    >>> repeated_key('{"move": "0,0", "version": 1, "version": 2}')
    'version'
    """
    try:
        json.loads(text, object_pairs_hook=_object)
    except _Repeated as repeated:
        return repeated.key
    except (ValueError, RecursionError):
        return None
    return None


def load(text: str) -> Any:
    """The JSON value of ``text``; ``BadJson`` saying where and what otherwise.

    >>> load('{"deal": 7, "deal": 8}')
    Traceback (most recent call last):
    ...
    squares.jsonin.BadJson: not usable JSON: the key 'deal' is given twice
    """
    if _depth(text) > MAX_DEPTH:
        raise _problem(_("nested more than {most} levels deep").format(most=MAX_DEPTH))
    try:
        return json.loads(
            text,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_constant,
            object_pairs_hook=_object,
        )
    except _Repeated as repeated:
        raise _problem(_("the key {key} is given twice").format(key=shown(repeated.key))) from None
    except json.JSONDecodeError as err:
        raise BadJson(
            _("not valid JSON at line {line}, column {column}: {problem}").format(
                line=err.lineno, column=err.colno, problem=err.msg
            )
        ) from None
    except RecursionError:  # nesting the count above did not see (it is a guard)
        raise _problem(_("nested more than {most} levels deep").format(most=MAX_DEPTH)) from None
