"""The types of the command line's arguments: each checks its text and says what was wrong.

Numbers are checked for their form and length before they are converted, so no input can
reach ``int()`` with thousands of digits.
"""

from __future__ import annotations

import argparse
import os
import stat

from squares.cards import MAX_DEAL, is_ascii_number, parse_deal_number, shown
from squares.errors import SquaresError
from squares.i18n import _, number
from squares.share import is_code, parse_code
from squares.store.records import MAX_ID

SCHEDULER_SCHEMES = ("tcp", "tls")  # how a Dask scheduler is reached
DealChoice = tuple[str | None, int]  # (the game a share code names, the deal number)

MOST_DEALS = 1_000_000
"""The most deals one command takes (``--deals A..B``): more would take years to play, and
their list alone more memory than a computer has. A longer range is run in parts."""
WORKERS_PER_CORE = 4
"""A local cluster of more processes than this per core only makes them wait for one
another (each holds its own copy of the searches' tables)."""


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


def positive_int(text: str) -> int:
    """A whole number from 1 to 2**63 - 1 (what a compiled search can count to)."""
    stripped = text.strip()
    if not is_ascii_number(stripped) or not 1 <= int(stripped) <= MAX_ID:
        raise argparse.ArgumentTypeError(
            _("expected a whole number of at least 1 and at most {most}, not {text}").format(
                most=MAX_ID, text=shown(text)
            )
        )
    return int(stripped)


def workers(text: str) -> int:
    """How many processes a local cluster starts: 1 to ``WORKERS_PER_CORE`` per core."""
    most = WORKERS_PER_CORE * (os.cpu_count() or 1)
    stripped = text.strip()
    if not is_ascii_number(stripped) or not 1 <= int(stripped) <= most:
        raise argparse.ArgumentTypeError(
            _(
                "bad number of processes {text}: expected 1 to {most} ({per_core} for each "
                "of this computer's cores; more would only wait for one another)"
            ).format(text=shown(text), most=most, per_core=WORKERS_PER_CORE)
        )
    return int(stripped)


def range_ends(text: str) -> tuple[str, str]:
    """The two ends of ``A..B``, or ``N`` as both ends (unread, for a parser to read)."""
    first, dots, last = text.partition("..")
    return first, last if dots else first


def deal_range(text: str) -> range:
    """``A..B`` (both included) or a single deal ``N``; at most ``MOST_DEALS`` deals."""
    first, last = range_ends(text)
    try:
        low, high = parse_deal_number(first), parse_deal_number(last)
    except SquaresError:
        raise argparse.ArgumentTypeError(
            _(
                "bad deal range {text}: expected A..B with whole numbers "
                "0 <= A <= B <= {most}, such as 0..999"
            ).format(text=shown(text), most=MAX_DEAL)
        ) from None
    if high < low:
        raise argparse.ArgumentTypeError(
            _("bad deal range {text}: the first deal comes after the last (try {swapped})").format(
                text=shown(text), swapped=f"{high}..{low}"
            )
        )
    if high - low >= MOST_DEALS:
        raise argparse.ArgumentTypeError(
            _(
                "bad deal range {text}: at most {most} deals at a time, such as {first}..{last}; "
                "run a longer range in parts"
            ).format(
                text=shown(text), most=number(MOST_DEALS), first=low, last=low + MOST_DEALS - 1
            )
        )
    return range(low, high + 1)


def results_file(text: str) -> str:
    """A results file's path: a file, or nothing yet (not a device, a pipe or a folder)."""
    try:
        mode = os.stat(text).st_mode
    except (OSError, ValueError):
        return text  # nothing there yet (or unreadable: the results file says why)
    if not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(
            _(
                "{path} is not a file (it is a folder, a device or a pipe): --results needs "
                "the path of a results file, new or from an earlier survey"
            ).format(path=shown(text))
        )
    return text
