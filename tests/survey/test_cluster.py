"""Surveys on a Dask cluster: a real ``dask scheduler`` with two ``dask worker`` processes
gives the rows of a survey run here; a scheduler that cannot be reached is an error."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from squares.survey import cluster as cluster_module
from tests.cli.conftest import Run
from tests.survey.conftest import GAME, NODES, rows_of

HOST = "127.0.0.1"
TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def dask(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "dask", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture
def scheduler() -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A scheduler on a free port of 127.0.0.1, and the processes to end with it."""
    from distributed import Client

    address = f"tcp://{HOST}:{free_port()}"
    port = address.rpartition(":")[2]
    processes = [dask("scheduler", "--host", HOST, "--port", port, "--no-dashboard")]
    try:
        with Client(address, timeout=TIMEOUT):
            pass  # it answers
        yield address, processes
    finally:
        for process in processes:
            process.kill()
            process.wait()


@pytest.fixture
def cluster(scheduler: tuple[str, list[subprocess.Popen[bytes]]]) -> str:
    """That scheduler with two workers of one thread each."""
    from distributed import Client

    address, processes = scheduler
    processes += [dask("worker", address, "--nthreads", "1", "--no-dashboard") for _ in range(2)]
    with Client(address, timeout=TIMEOUT) as client:
        client.wait_for_workers(2, timeout=TIMEOUT)
    return address


def tasks_run_on(address: str) -> set[str]:
    """The kinds of job the cluster's scheduler has seen."""
    from distributed import Client

    with Client(address, timeout=TIMEOUT) as client:
        prefixes: set[str] = client.run_on_scheduler(
            lambda dask_scheduler: set(dask_scheduler.task_prefixes)
        )
    return prefixes


@pytest.mark.long
def test_a_survey_on_a_dask_cluster_has_the_rows_of_one_run_here(
    squares_here: Run, tmp_path: Path, cluster: str
) -> None:
    there, here = tmp_path / "there.sqlite", tmp_path / "here.sqlite"
    args = ("survey", GAME, "--deals", "0..3", "--players", "greedy", "--max-nodes", NODES)
    remote = squares_here(*args, "--results", str(there), "--scheduler", cluster)
    assert remote.returncode == 0, remote.stderr
    assert squares_here(*args, "--results", str(here), "--workers", "1").returncode == 0
    assert rows_of(there) == rows_of(here) and len(rows_of(here)) == 8
    assert "run_batch" in tasks_run_on(cluster)  # the work was done there, not here
    simulate = ("simulate", GAME, "--player", "greedy", "--deals", "0..5", "--json")
    on_cluster = json.loads(squares_here(*simulate, "--scheduler", cluster).stdout)
    in_process = json.loads(squares_here(*simulate, "--workers", "1").stdout)
    for key in ("wins", "ci95", "mean_score", "first_deal", "last_deal"):
        assert on_cluster[key] == in_process[key]


def test_a_scheduler_that_cannot_be_reached_is_an_error(
    squares_here: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 0.5)  # the wait, shortened
    path = tmp_path / "r.sqlite"
    address = f"tcp://{HOST}:{free_port()}"  # nothing listens there
    done = squares_here("survey", GAME, "--deals", "0..3", "--results", str(path),
                        "--scheduler", address)  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert f"the Dask scheduler {address} cannot be reached" in done.stderr
    assert "Traceback" not in done.stderr
    assert not path.exists()


@pytest.mark.long
def test_a_cluster_without_workers_is_an_error_not_a_wait(
    squares_here: Run,
    tmp_path: Path,
    scheduler: tuple[str, list[subprocess.Popen[bytes]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cluster_module, "WORKERS_SECONDS", 0.5)
    address, _ = scheduler
    path = tmp_path / "r.sqlite"
    done = squares_here("survey", GAME, "--deals", "0..1", "--players", "greedy", "--no-solver",
                        "--results", str(path), "--scheduler", address)  # fmt: skip
    assert done.returncode == 2 and f"the Dask cluster {address} has no worker" in done.stderr


def test_the_command_line_loads_dask_only_to_use_it() -> None:
    check = (
        "import sys\n"
        "from squares.cli.main import build_parser\n"
        "build_parser().parse_args(['survey', 'foursquare', '--deals', '0..1', '--results', 'x'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "[]\n")
