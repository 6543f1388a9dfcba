"""Track length: how far Familienbande's highest score marker goes in simulated games.

    python benchmarks/track_length.py [--games 100000] [--workers 2] [--seed 0] [--percentile 99.99]

Plays ``--games`` games for each player count (2, 3, 4) and policy (every seat random,
every seat greedy), seeded (game i uses ``f"{seed}:{i}"``, whatever the worker count), and
prints per run the highest marker at the end of the game (of all five traits): mean, 99th,
99.9th and 99.99th percentile (nearest rank), maximum, and how the 99th percentile of a
300-game sample (the size tests/kit/test_track_length.py plays) varies from one sample to
the next (lowest and highest over the run's consecutive 300-game samples); then the track
length that covers ``--percentile`` of every run (spaces 0 … length − 1, rounded up to a
multiple of 10). The result is written, with this command, in the comment of the track in
``cardspecs/familienbande.yaml``.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.markers import highest_markers, percentile, track_length  # noqa: E402

PLAYERS = (2, 3, 4)
POLICIES = ("random", "greedy")
CHUNK = 2000
SAMPLE = 300                  # games per run of tests/kit/test_track_length.py


def _chunk(args) -> list[int]:
    return highest_markers(*args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games per player count and policy")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--percentile", type=float, default=99.99, help="what the track must cover")
    args = ap.parse_args()
    q = args.percentile
    print(f"familienbande: highest marker at the end of the game, {args.games:,} games per run, seed {args.seed}")
    print(f"{'players':>7} {'policy':>7} {'mean':>6} {'p99':>5} {'p99.9':>6} {'p99.99':>7} {'max':>5} "
          f"{f'p99 of {SAMPLE}':>11} {'games/s':>8}")
    needed = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for players in PLAYERS:
            for policy in POLICIES:
                t = time.perf_counter()
                jobs = [(players, policy, args.seed, i, min(i + CHUNK, args.games))
                        for i in range(0, args.games, CHUNK)]
                values = [v for chunk in pool.map(_chunk, jobs) for v in chunk]
                dt = time.perf_counter() - t
                needed = max(needed, percentile(values, q))
                samples = [percentile(values[i:i + SAMPLE], 99) for i in range(0, len(values) - SAMPLE + 1, SAMPLE)]
                spread = f"{min(samples)}–{max(samples)}" if samples else "–"
                print(f"{players:>7} {policy:>7} {statistics.fmean(values):>6.1f} {percentile(values, 99):>5} "
                      f"{percentile(values, 99.9):>6} {percentile(values, 99.99):>7} {max(values):>5} {spread:>11} "
                      f"{len(values) / dt:>8,.0f}")
    length = math.ceil((needed + 1) / 10) * 10
    print(f"track length covering p{q:g} of every run: {length} (spaces 0 … {length - 1}); "
          f"the spec says {track_length()}")


if __name__ == "__main__":
    main()
