"""argparse's own words ("usage:", "options", its error messages) in the chosen language.

argparse looks its words up through the module-level ``gettext`` and ``ngettext`` it
imported; ``install()`` points them at our catalogs, so a help page or a usage error is
in one language, not English around translated lines. The message ids below are
argparse's own, exactly as Python writes them (so some keep argparse's unnamed ``%s``);
they are listed here only so that Babel extracts them into our template.
"""

from __future__ import annotations

import argparse

from squares.i18n import N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    # TRANSLATORS: %(prog)s is the program's name (squares), %(message)s what went wrong
    N_("%(prog)s: error: %(message)s\n"),
    # TRANSLATORS: %(argument_name)s is an option such as --deal
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # TRANSLATORS: %(type)s is a kind of value, such as int
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
)


def _plural(singular: str, plural: str, count: int) -> str:
    return ngettext(singular, plural, count)


def install() -> None:
    """Make argparse speak the current language (whatever it is when a parser is built
    or an error is raised)."""
    setattr(argparse, "_", _)  # noqa: B010 - argparse reads these module globals
    setattr(argparse, "ngettext", _plural)  # noqa: B010
