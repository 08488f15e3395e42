"""What the program tells its terminal once, however often it happens (a server refusing
connections, a cache it cannot write): a line on stderr the first time, then nothing."""

from __future__ import annotations

import sys

from squares.i18n import _

_said: set[str] = set()


def say_once(what: str, text: str) -> None:
    """Print ``text`` on stderr the first time ``what`` happens in this process only."""
    if what not in _said:
        _said.add(what)
        print(_("squares: {notice}").format(notice=text), file=sys.stderr, flush=True)
