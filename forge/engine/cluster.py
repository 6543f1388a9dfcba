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
import sys
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
    starting: list[threading.Thread] = []
    interrupted = False
    try:
        with _quiet(), _sigint_ends_children(before):     # Ctrl-C while it starts: at once
            cluster = _waited(lambda: LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                   host="127.0.0.1", dashboard_address=":0",
                                                   silence_logs=logging.ERROR), starting)
            client = _waited(lambda: Client(cluster, set_as_default=False), starting)
        with client:                     # on Ctrl-C, the workers end before the client closes
            try:
                yield client
            except (KeyboardInterrupt, GeneratorExit):     # Ctrl-C, here or where the results go
                _stop(cluster, before, starting)
                raise
    except (KeyboardInterrupt, GeneratorExit):
        interrupted = True
        _stop(cluster, before, starting)
        raise
    finally:
        with _quiet():
            _close(None if interrupted else cluster, before)


def _stop(cluster, before: set[int], starting: list) -> None:
    """Ctrl-C: the cluster's processes killed at once (:func:`_sweep`), and nothing said of it.
    Workers killed while starting leave a cluster half made: asyncio would print each failed
    task's traceback when it is collected, Dask its nannies' failures, and Dask's exit hook would
    try to close that cluster again and fail; the reader asked to stop and was told it stopped."""
    for name in ("asyncio", "distributed"):          # their threads may still be reporting
        logging.getLogger(name).setLevel(logging.CRITICAL)
    from distributed.deploy import spec
    atexit.unregister(spec.close_clusters)
    for nanny in getattr(cluster, "workers", {}).values():     # a killed worker is not started again
        try:
            nanny.close_gracefully("forge interrupted")
        except Exception:      # noqa: BLE001  (a nanny half made: the sweep kills its worker anyway)
            pass
    _sweep(before, starting)


def _waited(make: Callable, starting: list) -> object:
    """``make()`` run in a thread of its own, which this (main) thread waits for in short steps.
    Dask waits for a cluster to start in 10-second sleeps, which Ctrl-C does not cut short when
    the signal lands on one of its many threads: a waiting step of 50 ms lets the main thread
    take the signal at once. The thread goes in ``starting`` (for :func:`_sweep`)."""
    box: dict = {}

    def run() -> None:
        _nicer()
        try:
            box["value"] = make()
        except BaseException as exc:     # noqa: BLE001  (handed to the main thread)
            box["error"] = exc
    thread = threading.Thread(target=run, name="forge-cluster-start", daemon=True)
    starting.append(thread)
    thread.start()
    while thread.is_alive():
        thread.join(0.05)
    if "error" in box:
        raise box["error"]
    return box["value"]


def _nicer(by: int = 5) -> None:
    """This thread, the threads it starts and the processes they spawn (Dask's event loop and the
    workers) made a little nicer than forge's main thread (Linux keeps a nice value per thread):
    with more workers than cores, the main thread still gets a processor at once to take Ctrl-C
    and stop them, where it got a few per cent of one."""
    if sys.platform == "linux":
        me = threading.get_native_id()
        try:
            os.setpriority(os.PRIO_PROCESS, me, min(19, os.getpriority(os.PRIO_PROCESS, me) + by))
        except OSError:
            pass


def _sweep(before: set[int], starting: list, most: float = 1.0, quiet: float = 0.1) -> None:
    """On Ctrl-C: kill the cluster's processes again and again (every 20 ms) while the thread
    that starts them runs and until none has appeared for ``quiet`` seconds (a nanny starts its
    worker again when it dies, until Dask has closed it), at most ``most`` seconds: a worker
    spawned meanwhile is killed before it gets far."""
    import time
    now = time.monotonic()
    deadline, calm = now + most, now + quiet
    while True:
        found = _children(before)
        _kill(found, wait=0)
        now = time.monotonic()
        if found or any(t.is_alive() for t in starting):
            calm = now + quiet
        if now > calm or now > deadline:
            break
        time.sleep(0.02)


def _close(cluster, before: set[int]) -> None:
    """Close a local cluster and end any of its processes left (this process's children not in
    ``before``). On Ctrl-C (``cluster`` None) its workers were killed (:func:`_sweep`): a chunk
    being played is not waited for, nor Dask's teardown of a cluster with no workers."""
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


def _kill(processes: list, wait: float = 2) -> None:
    import psutil
    for p in processes:
        try:
            p.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(processes, timeout=wait)


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
        _kill(_children(before), wait=0)
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
