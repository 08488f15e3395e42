"""Work spread over this machine's cores or over a Dask cluster, its results streamed back.

``run_jobs(fn, jobs, workers, scheduler)`` calls ``fn`` on each job and yields the
results as they come in. With a scheduler address (``tcp://HOST:PORT``) the jobs run on
that cluster, whose workers must have squares installed; otherwise on a local Dask cluster
of ``workers`` processes, one thread each; ``workers=1`` without a scheduler runs them in
this process, one after the other. Dask is imported only when a cluster is used.

>>> list(run_jobs(abs, [-1, 2, -3], workers=1, scheduler=None))
[1, 2, 3]
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

from squares.errors import SquaresError
from squares.i18n import N_, _

CONNECT_SECONDS = 3  # an unreachable scheduler is an error after this, never a hang
WORKERS_SECONDS = 30  # how long a cluster may be without a worker before it is an error
POLL_SECONDS = 1.0  # how often a wait for results looks whether the cluster has workers
AHEAD = 4  # jobs handed out per worker before its first result is back

T = TypeVar("T")
R = TypeVar("R")


class Unreachable(SquaresError):
    """The Dask scheduler asked for cannot be reached."""


def run_jobs(
    fn: Callable[[T], R],
    jobs: Sequence[T],
    workers: int,
    scheduler: str | None,
    ordered: bool = False,
) -> Iterator[R]:
    """``fn(job)`` for every job, as the results come in (in the jobs' order if
    ``ordered``). ``fn`` must be a module-level function, so that workers can import it."""
    if len(jobs) <= 1 and scheduler is None:
        workers = 1  # not worth starting a cluster
    with open_pool(workers, scheduler) as pool:
        yield from pool.run(fn, jobs, ordered)


class Pool:
    """Where jobs run: a Dask client's cluster, or this process (``client`` None)."""

    def __init__(self, client: Any | None) -> None:
        self.client = client
        self.idle_since: float | None = None

    def run(self, fn: Callable[[T], R], jobs: Sequence[T], ordered: bool = False) -> Iterator[R]:
        """``fn(job)`` for each job; a worker gets a few jobs ahead, not all at once.

        A cluster left without a worker for ``WORKERS_SECONDS`` is ``Unreachable``, as is
        one whose workers die running the work: never a wait without end."""
        client = self.client
        if client is None:
            yield from map(fn, jobs)
            return
        from distributed import wait

        ahead = AHEAD * max(1, len(client.scheduler_info()["workers"]))
        pending = iter(jobs)
        running = [client.submit(fn, job, pure=False) for job in islice(pending, ahead)]
        while running:
            watched = running[:1] if ordered else running
            try:
                done, _rest = wait(watched, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
            except TimeoutError:
                self._check_workers(client)
                continue
            for future in [f for f in running if f in done]:
                running.remove(future)
                running += [client.submit(fn, job, pure=False) for job in islice(pending, 1)]
                yield _result(future)

    def _check_workers(self, client: Any) -> None:
        if client.scheduler_info()["workers"]:
            self.idle_since = None
            return
        now = time.monotonic()
        self.idle_since = self.idle_since or now
        if now - self.idle_since > WORKERS_SECONDS:
            raise Unreachable(_(_NO_WORKERS).format(address=client.scheduler.address))


_NO_WORKERS = N_(
    "the Dask cluster {address} has no worker left (does each have squares installed, with "
    "the same versions of Python, dask and distributed?)"
)


def _result(future: Any) -> Any:
    from distributed import KilledWorker

    try:
        return future.result()
    except (ModuleNotFoundError, KilledWorker) as err:  # squares missing on a worker
        raise Unreachable(
            _(
                "a Dask worker cannot run the work: {reason} (install squares on every worker)"
            ).format(reason=err)
        ) from None


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
                raise Unreachable(_(_NO_WORKERS).format(address=scheduler)) from None
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
