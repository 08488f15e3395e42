"""What a route reaches of the app serving it: its saved-games database and its live games.

The routes are made once per process (FastAPI works out their schemas as they are made,
which takes a while) and shared by every app ``create_app`` makes; each request reaches
its own app's database and games through these dependencies, from ``app.state``.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from squares.store.db import Database
from squares.web.live import LiveGames


def live_games(request: Request) -> LiveGames:
    """The games in play of the app that got the request."""
    return cast(LiveGames, request.app.state.live)


def saved_games(request: Request) -> Database:
    """The saved-games database of the app that got the request."""
    return cast(Database, request.app.state.db)


Live = Annotated[LiveGames, Depends(live_games)]
Saved = Annotated[Database, Depends(saved_games)]
