"""Where the local game server listens unless told otherwise (``squares serve``).

Only this computer by default: the page and its API are for the player at it.
"""

from __future__ import annotations

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8417
