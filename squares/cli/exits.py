"""The exit statuses of the command line, as a shell or a script sees them."""

from __future__ import annotations

EXIT_OK = 0
EXIT_BAD_INPUT = 2
"""The command's arguments or input were refused (with a message on standard error)."""
EXIT_REFUSED = 3
"""``squares play`` read from a pipe, and a line of it was refused (not played)."""
