"""The whole kit's build time (``forge build``: every game, both languages, both papers, the
rulebooks, the index), side by side in one run:

1. cold, without reportlab's C accelerator (``_rl_accel`` blocked), no cache;
2. cold, with the accelerator (``rl_accel``, a dependency of forge), no cache;
3. with the accelerator, the project's cache warm (the about-box simulations kept).

Each build runs ``--repeat`` times in a new process into a fresh folder; the script prints the
best wall and CPU time (the process's own, ``resource.RUSAGE_CHILDREN``), the peak memory,
the ratio to build 1 and the load average, and checks that the three builds' files are
byte-identical.

    python benchmarks/build_speed.py [--repeat 2]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = "import sys; sys.modules['_rl_accel'] = None; "
RUN = ("import atexit, resource, sys; atexit.register(lambda: print('peak', resource.getrusage("
       "resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)); from forge.cli import main; "
       "sys.argv = ['forge', 'build', '--out', sys.argv[1]]; main()")


def build(out: Path, accel: bool, cache: Path | None) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak MiB) of one ``forge build`` in a new process."""
    env = {**os.environ}
    if cache is None:
        env["FORGE_NO_CACHE"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", ("" if accel else BLOCK) + RUN, str(out)], cwd=ROOT, env=env,
                          check=True, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = int(done.stderr.rsplit("peak ", 1)[1].split()[0])
    return wall, cpu, peak / 1024


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    try:
        import _rl_accel  # noqa: F401
    except ImportError:
        sys.exit("rl_accel is not installed: pip install rl_accel (forge depends on it)")
    cases = [("cold, no accelerator", False, False), ("cold, rl_accel", True, False),
             ("rl_accel, cache warm", True, True)]
    results, trees = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        cache = ROOT / ".forge-cache"
        for name, accel, warm in cases:
            if warm:                         # fill the cache once, untimed
                build(Path(tmp) / "fill", True, cache)
            runs = []
            for i in range(args.repeat):
                out = Path(tmp) / f"{len(results)}-{i}"
                runs.append(build(out, accel, cache if warm else None))
                trees[name] = digest(out)
                shutil.rmtree(out)
            results[name] = min(runs), os.getloadavg()
    base_wall, base_cpu = results[cases[0][0]][0][:2]
    print(f"forge build (every game, fr and en, A4 and Letter), best of {args.repeat}; {os.cpu_count()} CPUs")
    print(f"{'build':<24}{'wall s':>8}{'CPU s':>8}{'× wall':>8}{'× CPU':>7}{'peak MiB':>10}  load 1/5/15")
    for name, ((wall, cpu, peak), load) in results.items():
        print(f"{name:<24}{wall:>8.2f}{cpu:>8.2f}{wall / base_wall:>8.2f}{cpu / base_cpu:>7.2f}{peak:>10.0f}  "
              + "/".join(f"{x:.2f}" for x in load))
    same = len({tuple(sorted(t.items())) for t in trees.values()}) == 1
    files = len(next(iter(trees.values())))
    print(f"the three builds' {files} files are {'byte-identical' if same else 'NOT identical'}")


if __name__ == "__main__":
    main()
