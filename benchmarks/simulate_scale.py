"""forge simulate's throughput: games/s with 1 and 2 workers, on Dask against the
``ProcessPoolExecutor`` path it replaced, side by side, with each worker's peak memory.

Rows, for each game asked for (default: Dalmuti, 4 players, 20,000 games, seed 1):

- ``executor``: the path forge simulate took up to 0.2.0, reproduced here (in this process for
  1 worker; else a ``ProcessPoolExecutor`` of N forked processes mapped over chunks of
  ``games // (8 N)`` games, at most 500), playing its chunks with today's
  :func:`forge.engine.simulate.play_chunk`, so that the rows compare the ways of sharing the
  work, not the work;
- ``dask``: :func:`forge.engine.simulate.simulate` as ``forge simulate --workers N`` runs it
  (in this process for 1 worker; else a local Dask cluster of N processes, its start and stop
  included in the time);
- ``dask cluster``: the same on a local cluster of 1 worker, to show what the cluster costs.

Each row prints games/s (wall time), the ratio to the executor row of the same worker count,
the peak resident memory of each worker process (sampled every 0.1 s; the process itself when
it plays in-process) and the load average (the machine may be shared: read the figures with
it). Every row's figures must equal the first's (the script says so if they do not).

Run it from the repository's root:

    python benchmarks/simulate_scale.py [--games 20000] [--game dalmuti --players 4] [--workers 1,2]
        [--paths executor,dask,cluster]

The issue's scale (10⁷ Dalmuti games, 10⁶ of each other game, through Dask on 2 workers) is
``--games 10000000 --workers 2 --paths dask``; each row also prints the driver's peak memory.
"""
from __future__ import annotations

import argparse
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import psutil

from forge.engine.simulate import Chunk, Summary, play_chunk, simulate

ROOT = Path(__file__).resolve().parent.parent


def executor_run(game: str, players: int, games: int, seed: int, workers: int) -> Summary:
    """The removed path: chunks of games // (8 N) (≤ 500) mapped over a ProcessPoolExecutor."""
    started = time.perf_counter()
    size = max(1, min(500, games // (workers * 8) or 1))
    jobs = [Chunk(ROOT, game, players, seed, i, min(i + size, games), "random", {}) for i in range(0, games, size)]
    summary = Summary(game, players, games, seed, "random")
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            done = list(pool.map(play_chunk, jobs))
    else:
        done = map(play_chunk, jobs)
    for chunk in done:
        summary.merge(chunk["part"])
        summary.cpu += chunk["cpu"]
    summary.wall = time.perf_counter() - started
    return summary


class PeakMemory:
    """Peak RSS of each child process (or of this one, when there are none), sampled."""

    def __init__(self):
        self.peaks: dict[int, int] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self) -> None:
        me = psutil.Process()
        while not self.stop.is_set():
            for p in me.children(recursive=True):
                try:
                    if "resource_tracker" not in " ".join(p.cmdline()):
                        self.peaks[p.pid] = max(self.peaks.get(p.pid, 0), p.memory_info().rss)
                except psutil.Error:
                    pass
            self.peaks[0] = max(self.peaks.get(0, 0), me.memory_info().rss)
            time.sleep(0.1)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()

    def per_worker(self) -> str:
        workers = [v for pid, v in self.peaks.items() if pid and v > 20e6]   # a process that ran Python
        shown = workers or [self.peaks.get(0, 0)]
        return ", ".join(f"{v / 1e6:.0f} MB" for v in shown) + ("" if workers else " (in-process)")


def rows(game: str, players: int, games: int, seed: int, counts: list[int], paths: list[str]):
    for n in counts:
        if "executor" in paths:
            yield "executor", n, lambda: executor_run(game, players, games, seed, n)
        if "dask" in paths:
            yield "dask", n, lambda: simulate(game, players, games, seed, n, root=ROOT)
        if n == 1 and "cluster" in paths:
            yield "dask cluster", 1, lambda: simulate_on_cluster(game, players, games, seed)


def simulate_on_cluster(game: str, players: int, games: int, seed: int) -> Summary:
    """forge simulate's Dask path for one worker: a local cluster of one process."""
    from distributed import Client, LocalCluster
    import logging
    started = time.perf_counter()
    with LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster, Client(cluster):
        summary = simulate(game, players, games, seed, root=ROOT, scheduler=cluster.scheduler_address)
    summary.wall = time.perf_counter() - started
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dalmuti")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--paths", default="executor,dask,cluster",
                        help="the rows to run: executor, dask, cluster (dask on a local cluster of 1 worker)")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    print(f"{args.game}, {args.players} players, {args.games:,} games, seed {args.seed}; "
          f"{os.cpu_count()} cores")
    print(f"{'path':<13} {'workers':>7} {'games/s':>9} {'vs executor':>11} {'CPU s':>7} {'wall s':>7}  "
          f"{'load':>5}  peak memory per worker")
    base: dict[int, float] = {}
    first = None
    for path, n, run in rows(args.game, args.players, args.games, args.seed, counts, args.paths.split(",")):
        with PeakMemory() as memory:
            summary = run()
        rate = args.games / summary.wall
        if path == "executor":
            base[n] = rate
        ratio = f"{rate / base[n]:.2f}×" if n in base else "-"
        figures = summary.as_dict()
        first = first or figures
        same = "" if figures == first else "  FIGURES DIFFER"
        print(f"{path:<13} {n:>7} {rate:>9,.0f} {ratio:>11} {summary.cpu:>7.1f} {summary.wall:>7.1f}  "
              f"{os.getloadavg()[0]:>5.2f}  {memory.per_worker()}; driver {memory.peaks.get(0, 0) / 1e6:.0f} MB{same}",
              flush=True)


if __name__ == "__main__":
    main()
