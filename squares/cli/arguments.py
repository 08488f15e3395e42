"""The types of the command line's arguments: each checks its text and says what was wrong.

Numbers are checked for their form and length before they are converted, so no input can
reach ``int()`` with thousands of digits.
"""

from __future__ import annotations

import argparse

from squares.cards import is_ascii_number, parse_deal_number, shown
from squares.errors import SquaresError
from squares.i18n import _
from squares.share import is_code, parse_code
from squares.store.records import MAX_ID

SCHEDULER_SCHEMES = ("tcp", "tls")  # how a Dask scheduler is reached
DealChoice = tuple[str | None, int]  # (the game a share code names, the deal number)


def deal_choice(text: str) -> DealChoice:
    try:
        return parse_code(text) if is_code(text) else (None, parse_deal_number(text))
    except SquaresError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def game_id(text: str) -> int:
    stripped = text.strip()
    if not is_ascii_number(stripped) or not 1 <= int(stripped) <= MAX_ID:
        raise argparse.ArgumentTypeError(
            _("bad game id {id}: expected a number from 'squares games'").format(id=shown(text))
        )
    return int(stripped)


def count(text: str) -> int:
    stripped = text.strip()
    if not is_ascii_number(stripped) or int(stripped) > MAX_ID:
        raise argparse.ArgumentTypeError(
            _("bad count {count}: expected a whole number, 0 or more").format(count=shown(text))
        )
    return int(stripped)


def port(text: str) -> int:
    stripped = text.strip()
    if not is_ascii_number(stripped) or not 1 <= int(stripped) <= 65535:
        raise argparse.ArgumentTypeError(
            _("bad port {port}: expected a number from 1 to 65535").format(port=shown(text))
        )
    return int(stripped)


def host(text: str) -> str:
    """An address or a name to listen on: checked for its form here, looked up by bind."""
    host = text.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or len(host) > 253 or not host.isprintable() or " " in host:
        raise argparse.ArgumentTypeError(
            _("bad host {host}: expected an address of this computer such as 127.0.0.1").format(
                host=shown(text)
            )
        )
    return host


def scheduler_address(text: str) -> str:
    """An argparse type: ``tcp://HOST:PORT`` (or ``tls://``), checked for its form."""
    scheme, sep, rest = text.strip().partition("://")
    host, colon, port = rest.rpartition(":")
    if not (
        sep
        and colon
        and scheme in SCHEDULER_SCHEMES
        and host
        and " " not in host
        and is_ascii_number(port)
        and 1 <= int(port) <= 65535
    ):
        raise argparse.ArgumentTypeError(
            _("bad scheduler address {address}: expected tcp://HOST:PORT").format(
                address=shown(text)
            )
        )
    return text.strip()
