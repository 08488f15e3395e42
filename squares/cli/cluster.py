"""Work spread over this machine's cores or over a Dask cluster, its results streamed back.

``run_tasks(fn, tasks, workers, scheduler)`` calls ``fn`` on each task and yields the
results as they come in. With a scheduler address (``tcp://HOST:PORT``) the tasks run on
that cluster, whose workers must have squares installed; otherwise on a local Dask cluster
of ``workers`` processes, one thread each; ``workers=1`` without a scheduler runs them in
this process, one after the other. Dask is imported only when a cluster is used.

>>> list(run_tasks(abs, [-1, 2, -3], workers=1, scheduler=None))
[1, 2, 3]
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

from squares.cards import is_ascii_number
from squares.errors import SquaresError
from squares.i18n import _

CONNECT_SECONDS = 3  # an unreachable scheduler is an error after this, never a hang
WORKERS_SECONDS = 30  # how long a reachable scheduler may take to have a worker
SCHEMES = ("tcp", "tls")
AHEAD = 4  # tasks handed out per worker before its first result is back

T = TypeVar("T")
R = TypeVar("R")


class Unreachable(SquaresError):
    """The Dask scheduler asked for cannot be reached."""


def scheduler_address(text: str) -> str:
    """An argparse type: ``tcp://HOST:PORT`` (or ``tls://``), checked for its form."""
    scheme, sep, rest = text.strip().partition("://")
    host, colon, port = rest.rpartition(":")
    if not (
        sep
        and colon
        and scheme in SCHEMES
        and host
        and " " not in host
        and is_ascii_number(port)
        and 1 <= int(port) <= 65535
    ):
        raise argparse.ArgumentTypeError(
            _("bad scheduler address {address}: expected tcp://HOST:PORT").format(
                address=repr(text)
            )
        )
    return text.strip()


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    workers: int,
    scheduler: str | None,
    ordered: bool = False,
) -> Iterator[R]:
    """``fn(task)`` for every task, as the results come in (in the tasks' order if
    ``ordered``). ``fn`` must be a module-level function, so that workers can import it."""
    if len(tasks) <= 1 and scheduler is None:
        workers = 1  # not worth starting a cluster
    with open_pool(workers, scheduler) as pool:
        yield from pool.run(fn, tasks, ordered)


class Pool:
    """Where tasks run: a Dask client's cluster, or this process (``client`` None)."""

    def __init__(self, client: Any | None) -> None:
        self.client = client

    def run(self, fn: Callable[[T], R], tasks: Sequence[T], ordered: bool = False) -> Iterator[R]:
        """``fn(task)`` for each task; a worker gets a few tasks ahead, not all at once."""
        client = self.client
        if client is None:
            yield from map(fn, tasks)
            return
        ahead = AHEAD * max(1, len(client.scheduler_info()["workers"]))
        pending = iter(tasks)

        def submit(task: T) -> Any:
            return client.submit(fn, task, pure=False)

        first = [submit(task) for task in islice(pending, ahead)]
        if ordered:
            queue = deque(first)
            while queue:
                result: R = queue.popleft().result()
                queue.extend(submit(task) for task in islice(pending, 1))
                yield result
            return
        from distributed import as_completed

        running = as_completed(first)
        for future in running:
            for task in islice(pending, 1):
                running.add(submit(task))
            yield future.result()


@contextmanager
def open_pool(workers: int, scheduler: str | None) -> Iterator[Pool]:
    """The scheduler's cluster, else a local one of ``workers`` processes (one thread
    each), else (``workers`` 1) this process. ``Unreachable`` within seconds if the
    scheduler cannot be reached or has no worker."""
    if scheduler is None and workers == 1:
        yield Pool(None)
        return
    with _client(workers, scheduler) as client:
        yield Pool(client)


@contextmanager
def _client(workers: int, scheduler: str | None) -> Iterator[Any]:
    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as err:
            raise Unreachable(
                _("the Dask scheduler {address} cannot be reached: {reason}").format(
                    address=scheduler, reason=err
                )
            ) from None
        with client:
            try:
                client.wait_for_workers(1, timeout=WORKERS_SECONDS)
            except TimeoutError:
                raise Unreachable(
                    _("the Dask scheduler {address} has no workers").format(address=scheduler)
                ) from None
            yield client
        return
    import dask

    # Forked, a worker starts from this program as loaded (compiled search included)
    # instead of importing it all again, which takes seconds a worker.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with dask.config.set({"distributed.worker.multiprocessing-method": method}):
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",  # this machine only
            dashboard_address=None,
            # the scheduler's own web routes still listen: on any free port, not on 8787
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.ERROR,
        )
    with cluster, Client(cluster) as client:
        yield client
