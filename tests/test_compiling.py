"""The suite's wait for the compiling processes of ``tests.prepare`` (``tests.compiling``)."""

from __future__ import annotations

import fcntl
import threading
from pathlib import Path

import pytest

from tests import compiling


def test_a_worker_waits_while_the_lock_is_held_and_goes_on_when_it_is_let_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock_path = tmp_path / "compiling.lock"
    monkeypatch.setattr(compiling, "COMPILING", lock_path)
    assert compiling.wait_for_compiling(patience=0.0)  # no lock file: nothing compiles
    with lock_path.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert not compiling.wait_for_compiling(patience=0.3)  # held: it gave up waiting
        released = threading.Timer(0.3, fcntl.flock, (held, fcntl.LOCK_UN))
        released.start()
        assert compiling.wait_for_compiling(patience=30.0)  # let go while it waited
        released.join()
