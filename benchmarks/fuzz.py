"""A long fuzz campaign over forge's inputs: spoil the real project's files, run forge, count.

    python benchmarks/fuzz.py --cases 10000 [--seed 1] [--workers 2] [--render 0.1]

Each case mutates one input file of a scratch copy of the project (see tests/fuzzing.py for
the mutations) and runs the part of forge that reads it, in-process; a fraction of the cases
(``--render``) also renders a component or a rulebook page. It prints the counts: accepted,
refused with located errors, refused with an unlocated error, tracebacks, runs over 10 s, the
slowest run and the peak memory of the worker processes, then the first tracebacks and
unlocated errors found. The promise checked: 0 tracebacks, 0 unlocated, 0 over 10 s, < 500 MB.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.fuzzing import MUTATIONS, corpus, run_case, scratch_project  # noqa: E402

SLOW = 10.0


def _chunk(args) -> dict:
    seed, start, stop, render_share = args
    with tempfile.TemporaryDirectory() as tmp:
        project = scratch_project(Path(tmp))
        os.chdir(project)                      # forge's engines read the kit of the current project
        files = corpus(project)
        counts, slowest, samples = Counter(), 0.0, {"traceback": [], "unlocated": []}
        by_mutation = Counter()
        for i in range(start, stop):
            rng = random.Random(f"{seed}:{i}")
            rel = rng.choice(files)
            mutation = rng.choice(MUTATIONS[Path(rel).suffix])
            render = rng.random() < render_share or rel.startswith("templates") or rel.endswith("figures.yaml")
            outcome = run_case(project, rel, mutation, rng, render)
            counts[outcome.kind] += 1
            by_mutation[(mutation.__name__, outcome.kind)] += 1
            counts["over 10 s"] += outcome.seconds > SLOW
            slowest = max(slowest, outcome.seconds)
            if outcome.kind in samples and len(samples[outcome.kind]) < 5:
                samples[outcome.kind].append(f"case {i} ({rel}, {mutation.__name__}): {outcome.detail}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return {"counts": counts, "slowest": slowest, "samples": samples, "peak": peak, "by_mutation": by_mutation}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--render", type=float, default=0.1, help="share of cases that also render (default 0.1)")
    args = ap.parse_args()
    step = max(1, args.cases // (args.workers * 4))
    jobs = [(args.seed, i, min(i + step, args.cases), args.render) for i in range(0, args.cases, step)]
    start = time.perf_counter()
    counts, by_mutation, slowest, peak = Counter(), Counter(), 0.0, 0.0
    samples = {"traceback": [], "unlocated": []}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for result in pool.map(_chunk, jobs):
            counts.update(result["counts"])
            by_mutation.update(result["by_mutation"])
            slowest, peak = max(slowest, result["slowest"]), max(peak, result["peak"])
            for k, v in result["samples"].items():
                samples[k] += v[:5 - len(samples[k])]
    wall = time.perf_counter() - start
    print(f"forge fuzz campaign: {args.cases} cases, seed {args.seed}, {args.workers} workers, {wall:.0f} s")
    for kind in ("ok", "located", "unlocated", "traceback", "over 10 s"):
        print(f"  {kind:<10} {counts[kind]:>7}")
    print(f"  slowest case {slowest:.2f} s; peak memory of a worker {peak:.0f} MB")
    print("  by mutation (ok / located / unlocated / traceback):")
    for name in sorted({m for m, _ in by_mutation}):
        row = " / ".join(str(by_mutation[(name, k)]) for k in ("ok", "located", "unlocated", "traceback"))
        print(f"    {name:<13} {row}")
    for kind, found in samples.items():
        for line in found:
            print(f"{kind}: {line}")
    holds = not counts["traceback"] and not counts["unlocated"] and not counts["over 10 s"] and peak < 500
    print("promise holds" if holds else "PROMISE BROKEN")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
