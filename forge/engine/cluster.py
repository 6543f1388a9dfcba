"""Tasks run on a Dask cluster (``dask.distributed``), their results handed back in order.

:func:`run_in_order` runs ``fn(job)`` for each job on a cluster and yields the results in the
jobs' order, whatever order they finish in, so that what is summed over them comes out the
same on any cluster, with any number of workers. The cluster is either

- a ``LocalCluster`` of ``workers`` processes of one thread each, started here and closed on
  the way out, Ctrl-C included (no worker process outlives the call); or
- an existing cluster, reached through its scheduler's ``address`` (``tcp://HOST:PORT``), whose
  workers must have forge and the game's engine installed (README, "Simulations on a Dask
  cluster").

A worker lost mid-run is Dask's to handle: its tasks run again elsewhere (a local worker's
nanny also starts a new one), and since a task's result depends only on its job, the results
do not change. A scheduler that cannot be reached within :data:`CONNECT_TIMEOUT` seconds is an
:class:`~forge.errors.OptionError` of ``--scheduler``. Dask is imported only when a cluster is
used: ``forge simulate --workers 1`` and the rulebooks' simulated figures play in-process.
Local workers are started as Dask starts them, by ``spawn``: a script of one's own asking for
several guards its main code with ``if __name__ == "__main__":``.
"""
from __future__ import annotations

import atexit
import logging
import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

from ..errors import Location, OptionError

__all__ = ["CONNECT_TIMEOUT", "AUTO_GAMES", "auto_workers", "run_in_order"]

#: seconds to wait for a scheduler before saying it cannot be reached
CONNECT_TIMEOUT = 3
#: a run of fewer games plays in forge's process by default: a local cluster takes 2–3 s to
#: start, which these games take to play (benchmarks/simulate_scale.py)
AUTO_GAMES = 50_000

HINT = ("start one with `dask scheduler` and its workers with `dask worker tcp://HOST:8786`, or leave out "
        "--scheduler (and DASK_SCHEDULER_ADDRESS) to run on this machine")


def auto_workers(games: int, most: int = 64) -> int:
    """``forge simulate``'s default number of workers for a run of ``games`` games: 1 (forge's
    own process) under :data:`AUTO_GAMES`, else one per processor core this process may use
    (at most ``most``)."""
    if games < AUTO_GAMES:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, most))


def run_in_order(fn: Callable, split: Callable[[int], list], workers: int, address: str | None = None) -> Iterator:
    """``fn(job)`` for each job of ``split(N)`` (the work cut for N workers: those of the
    cluster's), on a local cluster of ``workers`` processes or on the cluster whose scheduler is
    at ``address``; the results in the jobs' order."""
    from distributed import KilledWorker, as_completed
    with _client(workers, address) as client:       # closing it forgets the tasks not done
        futures = client.map(fn, split(sum(client.nthreads().values()) or workers), pure=False)
        index = {future.key: i for i, future in enumerate(futures)}
        done: dict[int, object] = {}
        ready = 0
        for future in as_completed(futures, loop=client.loop):
            try:
                done[index[future.key]] = future.result()
            except KilledWorker:
                raise OptionError(Location("--scheduler" if address else "--workers"), f"the workers playing "
                                  f"chunk {index[future.key]} of the run kept dying: Dask gave up on it",
                                  hint="workers killed as they ran out of memory? See the workers' logs") from None
            future.release()
            while ready in done:
                yield done.pop(ready)
                ready += 1


@contextmanager
def _client(workers: int, address: str | None) -> Iterator:
    from distributed import Client, LocalCluster
    from distributed.comm import resolve_address
    if address:
        try:
            resolve_address(address)       # a malformed address or an unknown host, said at once
            client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            reason = " ".join(str(exc).split())[:200] or type(exc).__name__
            raise OptionError(Location("--scheduler"), f"cannot reach the Dask scheduler at {address[:80]}: "
                              f"{reason}", hint=HINT) from None
        with client:
            yield client
        return
    before = {p.pid for p in _children()}
    cluster = None
    interrupted = False
    try:
        with _quiet(), _sigint_ends_children(before):     # Ctrl-C while it starts: at once
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=":0", silence_logs=logging.ERROR)
        with Client(cluster, set_as_default=False) as client:
            yield client
    except KeyboardInterrupt:
        interrupted = True
        # the workers killed while starting leave a cluster half made: asyncio would print each
        # failed task's traceback when it is collected, Dask its nannies' failures, and Dask's
        # exit hook would try to close that cluster again and fail; the reader asked to stop, was
        # told it stopped, and the processes are ended below
        for name in ("asyncio", "distributed"):          # their threads may still be reporting
            logging.getLogger(name).setLevel(logging.CRITICAL)
        from distributed.deploy import spec
        atexit.unregister(spec.close_clusters)
        raise
    finally:
        with _quiet():
            _close(cluster, before, interrupted)


def _close(cluster, before: set[int], interrupted: bool) -> None:
    """Close a local cluster and end any of its processes left (this process's children not in
    ``before``). On Ctrl-C the workers are killed first: a chunk being played is not waited for."""
    if interrupted:
        _kill(_children(before))
    try:
        if cluster is not None:
            cluster.close(timeout=2)
    except Exception:          # noqa: BLE001  (a cluster half stopped: its processes go below)
        pass
    _kill(_children(before))


def _children(before: set[int] = frozenset()) -> list:
    """This process's child processes not in ``before``, but for multiprocessing's resource
    tracker (it ends with this process, and must outlive the workers to clean up after them)."""
    import psutil
    found = []
    for p in psutil.Process().children(recursive=True):
        try:
            if p.pid not in before and "resource_tracker" not in " ".join(p.cmdline()):
                found.append(p)
        except psutil.Error:          # ended, or a zombie: nothing to end
            pass
    return found


def _kill(processes: list) -> None:
    import psutil
    for p in processes:
        try:
            p.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(processes, timeout=2)


@contextmanager
def _sigint_ends_children(before: set[int]) -> Iterator:
    """Ctrl-C while a local cluster starts (64 workers take minutes on a small machine): the
    processes started so far are killed at once, then KeyboardInterrupt is raised as usual. In
    the main thread only, where Python handles signals."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return

    def stop(*_) -> None:
        _kill(_children(before))
        raise KeyboardInterrupt
    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _quiet() -> Iterator:
    """Dask's own log lines (a cluster starting or closing) kept off forge's stderr."""
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)
