from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from squares.web.app import create_app

HOST, PORT = "127.0.0.1", 8417
BASE = f"http://{HOST}:{PORT}"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "web.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    """The app as the browser on this machine reaches it."""
    with TestClient(create_app(db=db_path, host=HOST, port=PORT), base_url=BASE) as test_client:
        yield test_client
