"""Atomicity of ``forge build``: kill -9 at random moments of a full build, then look at build/.

A scratch copy of the project is built twice, as shipped and with a 2 mm bleed (every PDF
differs), to know the two builds' file hashes. Then each run switches the specs to the other
build, starts a full ``forge build``, kills it with SIGKILL and reads ``build/``: all of its
files must be those of the previous build or all those of the new one. Odd kills are drawn in
the whole build, even ones from the moment it starts writing (the short publish phase, which a
uniform draw seldom hits). The next build must then leave the new build, whole, and nothing
else: no staging or old folder, no lock, no ``.part`` file.

    python benchmarks/atomicity.py [--kills 20] [--seed 1]

Exit status 1 if any kill left a mixed or missing build, or anything survived the next build.
"""
from __future__ import annotations

import argparse
import hashlib
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import run_forge, tree_digest  # noqa: E402
from tests.killing import kill_build, leftovers, variant, which_build  # noqa: E402

PUBLISH_WINDOW = 0.25        # seconds: longer than the publish phase of a full build


def short(digest: dict[str, str]) -> str:
    """One hash for a whole tree."""
    return hashlib.sha256(repr(sorted(digest.items())).encode()).hexdigest()[:12]


def full_build(project: Path) -> float:
    t0 = time.perf_counter()
    result = run_forge("build", cwd=project)
    if result.returncode != 0:
        sys.exit(f"a full build failed:\n{result.stderr}")
    return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        project, out = Path(tmp), Path(tmp) / "build"
        for folder in ("cardspecs", "rules_src", "templates"):
            shutil.copytree(ROOT / folder, project / folder)
        builds, seconds = {}, float("inf")       # the fastest full build: kills drawn in it land in one
        for name, on in (("shipped", False), ("variant", True)):
            variant(project, on)
            seconds = min(seconds, full_build(project))
            builds[name] = tree_digest(out)
        differ = sum(builds["shipped"][p] != builds["variant"][p] for p in builds["shipped"])
        print(f"full build: {len(builds['variant'])} files, {seconds:.1f} s; {differ} files differ between "
              f"the two builds (shipped {short(builds['shipped'])}, variant {short(builds['variant'])})")
        print(f"{'kill':>4}  {'moment':>14}  {'build/ after the kill':<46}  {'left by the kill':<44}  after the next build")
        bad, current = 0, "variant"
        for kill in range(1, args.kills + 1):
            target = "shipped" if current == "variant" else "variant"
            variant(project, target == "variant")
            writing = kill % 2 == 0
            moment = kill_build(project, [], out, rng.uniform(0, PUBLISH_WINDOW if writing else seconds), writing)
            state = which_build(out, builds)
            seen = {current: "previous build, whole", target: "new build, whole"}.get(state, state)
            count, tree = (len(tree_digest(out)), short(tree_digest(out))) if out.is_dir() else (0, "-")
            left = " ".join(leftovers(out)) or "nothing"
            seconds = min(seconds, full_build(project))
            after = leftovers(out)
            whole = which_build(out, builds) == target
            bad += state not in builds or bool(after) or not whole
            when = "finished first" if moment is None else f"{moment:6.3f} s{' (w)' if writing else '    '}"
            print(f"{kill:>4}  {when:>14}  {seen:<21} {count:>3} files {tree:<12}  {left:<44}  "
                  f"{'new build whole, ' if whole else 'NOT WHOLE, '}{' '.join(after) or 'no leftovers'}")
            current = target
    print(f"(w): drawn from the moment the build starts writing. {args.kills} kills, {bad} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
