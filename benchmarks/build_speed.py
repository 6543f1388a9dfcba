"""The whole kit's build time (``forge build``: every game, both languages, both papers, the
rulebooks, the index), side by side in one run:

1. cold, without reportlab's C accelerator (``_rl_accel`` blocked), no cache, in one process
   (``FORGE_WORKERS=1``): the build as it was before;
2. cold, with the accelerator (``rl_accel``, a dependency of forge), no cache, one process;
3. cold, with the accelerator, on every core (forge/workers.py);
4. into a fresh folder, the project's cache warm (the about-box simulations, and every file
   rendered before, kept by key: forge/incremental.py);
5. nothing changed: a second build into the same folder (the stamp of :mod:`forge.stamp`);
6. one CSV cell changed: a Majority word; only the files made from it are rendered again
   (:mod:`forge.incremental`), and its about box is kept: the rules play the word cards by
   their number, not their words (``Game.kit_played``);
7. one CSV cell of the deck an engine plays that the rules do not read: a Dalmuti card's
   colour (its cards and pages drawn again, its about box kept);
8. a data file of an engine's rules folder: a word of Dalmuti's ``figures.yaml``, which its
   appendix shows (its pages drawn again and its about box simulated again: the fingerprint of what the engine
   plays from covers its rules folder's data; a cell the rules play, one more 12, would
   make the rulebook's deck example false, and the build would stop there).

The builds run on a copy of the project's games. Each runs ``--repeat`` times in a new
process (5 to 8 after a build that brings the folder to the state before the change; an edit
is put back every other time, and its row shows the first build after the edit); the
script prints the best wall and CPU time (the process's own and its workers',
``resource.RUSAGE_CHILDREN``), the peak memory (of the build's process or of any of its
workers, whichever is larger), the ratio to build 1 and the load average, checks that builds
1 to 4 are byte-identical and that each incremental build equals a clean build of the same sources.

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
RUN = ("import atexit, resource, sys; atexit.register(lambda: print('peak', max(resource.getrusage("
       "resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss), file=sys.stderr)); "
       "from forge.launch import main; "
       "sys.argv = ['forge', 'build', '--out', sys.argv[1]]; main()")


def build(project: Path, out: Path, accel: bool, cache: bool, workers: str = "") -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak MiB) of one ``forge build`` in a new process
    (``workers``: FORGE_WORKERS, "" for every core)."""
    env = {**os.environ, "FORGE_WORKERS": workers}
    if not cache:
        env["FORGE_NO_CACHE"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", ("" if accel else BLOCK) + RUN, str(out)], cwd=project, env=env,
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
    cases = [("cold, no accel., 1 core", False, False, "1"), ("cold, rl_accel, 1 core", True, False, "1"),
             ("cold, rl_accel, all cores", True, False, ""), ("new folder, cache warm", True, True, "")]
    edits = [("nothing changed", None), ("one cell: a word", ("majority/words-en.csv", 1, ",ant,", ",gnat,")),
             ("one cell: a card's colour", ("dalmuti/deck.csv", 2, "#b71c1c", "#b71c1d")),
             ("engine data: about box", ("../rules_src/dalmuti/figures.yaml", 13, "avec la", "avec une"))]
    results, trees = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        for name in ("cardspecs", "rules_src", "templates"):
            shutil.copytree(ROOT / name, project / name)
        for name, accel, warm, workers in cases:
            if warm:                         # fill the cache once, untimed
                build(project, Path(tmp) / "fill", True, True)
            runs = []
            for i in range(args.repeat):
                out = Path(tmp) / f"{len(results)}-{i}"
                runs.append(build(project, out, accel, warm, workers))
                trees[name] = digest(out)
                shutil.rmtree(out)
            results[name] = min(runs), os.getloadavg()
        out, clean = Path(tmp) / "kept", Path(tmp) / "clean"
        build(project, out, True, True)
        same = {}
        for name, edit in edits:
            runs = []
            for i in range(args.repeat):
                if edit:
                    path = project / "cardspecs" / edit[0]
                    text = path.read_text(encoding="utf-8")
                    line, old, new = edit[1:]
                    lines = text.splitlines(keepends=True)
                    was, now = (old, new) if i % 2 == 0 else (new, old)
                    if was not in lines[line]:
                        sys.exit(f"{edit[0]}:{line + 1} has no {was!r} to change")
                    lines[line] = lines[line].replace(was, now)
                    path.write_text("".join(lines), encoding="utf-8")
                runs.append(build(project, out, True, True))
            build(project, clean, True, False)
            same[name] = digest(out) == digest(clean)
            shutil.rmtree(clean)
            results[name] = (runs[0] if edit else min(runs)), os.getloadavg()
    base_wall, base_cpu = results[cases[0][0]][0][:2]
    print(f"forge build (every game, fr and en, A4 and Letter), best of {args.repeat}; {os.cpu_count()} CPUs")
    print(f"{'build':<26}{'wall s':>8}{'CPU s':>8}{'× wall':>8}{'× CPU':>7}{'peak MiB':>10}  load 1/5/15")
    for name, ((wall, cpu, peak), load) in results.items():
        print(f"{name:<26}{wall:>8.2f}{cpu:>8.2f}{wall / base_wall:>8.2f}{cpu / base_cpu:>7.2f}{peak:>10.0f}  "
              + "/".join(f"{x:.2f}" for x in load))
    identical = len({tuple(sorted(t.items())) for t in trees.values()}) == 1
    files = len(next(iter(trees.values())))
    print(f"builds 1 to 4: their {files} files are {'byte-identical' if identical else 'NOT identical'}")
    for name, ok in same.items():
        print(f"{name}: the folder {'equals' if ok else 'DIFFERS from'} a clean build of the same sources")


if __name__ == "__main__":
    main()
