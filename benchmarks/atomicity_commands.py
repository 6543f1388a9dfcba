"""Atomicity of ``forge export`` and ``forge new``: kill -9 at random moments, then look at what is left.

export: a scratch project of two games made by ``forge new`` is exported twice, at 60 and at 72
dpi (every PNG differs), into ``exp/``, to know the two exports' file hashes. Then each run
switches to the other resolution, starts ``forge export --png --tts --out exp``, kills it with
SIGKILL and reads ``exp/``: all of its files must be those of the previous export or all those
of the new one. Odd kills are drawn in the whole run, even ones from the moment it starts
writing (its staging folder appears beside ``exp/``). The next export must then leave the new
export, whole, and nothing else: no staging or old folder, no lock, no ``.part`` file.

new: ``forge new demo`` is killed at random moments (even kills from the moment its first file
or folder appears) in a project where the game is not: the project must then hold none of the
game's files, or all of them as an unkilled ``forge new demo`` writes them; a second
``forge new demo`` must then write the whole game (exit 0) or say it exists (exit 2, one line).

    python benchmarks/atomicity_commands.py [--command export|new|both] [--kills 20] [--seed 1]

Exit status 1 if any kill left a torn output, or the next run did not mend or refuse cleanly.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import RUN_ENV, tree_digest  # noqa: E402
from tests.killing import game_files, kill_forge, kill_new, leftovers, which_build  # noqa: E402

PUBLISH_WINDOW = 0.1         # seconds: longer than the publish phase of this small export
NEW_WINDOW = 0.02            # seconds: longer than forge new takes to write its files
DPI = {"60 dpi": "60", "72 dpi": "72"}


def export_args(dpi: str) -> list[str]:
    return ["export", "--png", "--tts", "--dpi", dpi, "--out", "exp"]


def run(project: Path, args: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    """``forge ARGS`` in a new process, as the killed runs are started: its seconds and result."""
    t0 = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "forge", *args], cwd=project, capture_output=True, text=True,
                            env={**os.environ, **RUN_ENV}, timeout=300)
    return time.perf_counter() - t0, result


def kills_during_export(kills: int, rng: random.Random) -> int:
    """``kills`` kills of ``forge export``; the number of bad ones (each printed)."""
    with tempfile.TemporaryDirectory() as tmp:
        project, out = Path(tmp), Path(tmp) / "exp"
        for game in ("tiny", "tiny-two"):
            assert run(project, ["new", game])[1].returncode == 0
        exports, seconds = {}, float("inf")
        for name, dpi in DPI.items():
            took, result = run(project, export_args(dpi))
            if result.returncode != 0:
                sys.exit(f"an export failed:\n{result.stderr}")
            seconds, exports[name] = min(seconds, took), tree_digest(out)
        print(f"export: {len(exports['72 dpi'])} files, {seconds:.1f} s a run")
        print(f"{'kill':>4}  {'moment':>14}  {'exp/ after the kill':<24}  {'left by the kill':<34}  after the next export")
        bad, current = 0, "72 dpi"
        for kill in range(1, kills + 1):
            target = "60 dpi" if current == "72 dpi" else "72 dpi"
            writing = kill % 2 == 0
            moment = kill_forge(project, export_args(DPI[target]), out,
                                rng.uniform(0, PUBLISH_WINDOW if writing else seconds), writing)
            state = which_build(out, exports)
            seen = {current: "previous, whole", target: "new, whole"}.get(state, state)
            left = " ".join(leftovers(out)) or "nothing"
            took, result = run(project, export_args(DPI[target]))
            after, whole = leftovers(out), which_build(out, exports) == target and result.returncode == 0
            bad += state not in exports or bool(after) or not whole
            when = "finished first" if moment is None else f"{moment:6.3f} s{' (w)' if writing else '    '}"
            print(f"{kill:>4}  {when:>14}  {seen:<24}  {left:<34}  "
                  f"{'new export whole, ' if whole else 'NOT WHOLE, '}{' '.join(after) or 'no leftovers'}")
            current = target
    print(f"(w): drawn from the moment the export starts writing. export: {kills} kills, {bad} bad")
    return bad


def kills_during_new(kills: int, rng: random.Random) -> int:
    """``kills`` kills of ``forge new demo``; the number of bad ones (each printed)."""
    with tempfile.TemporaryDirectory() as tmp:
        reference, project = Path(tmp) / "reference", Path(tmp) / "project"
        reference.mkdir()
        project.mkdir()
        seconds, result = run(reference, ["new", "demo"])
        whole = game_files(reference, "demo")
        print(f"new: {sum(v != 'folder' for v in whole.values())} files, {seconds:.1f} s a run")
        print(f"{'kill':>4}  {'moment':>14}  {'the game after the kill':<46}  the next forge new demo")
        bad = 0
        for kill in range(1, kills + 1):
            for rel in sorted(game_files(project, "demo"), key=lambda r: -r.count("/")):
                path = project / rel
                shutil.rmtree(path) if path.is_dir() else path.unlink()
            writing = kill % 2 == 0
            moment = kill_new(project, "demo", rng.uniform(0, NEW_WINDOW if writing else seconds), writing)
            found = game_files(project, "demo")
            missing = sorted(Path(rel).name for rel in whole.keys() - found.keys() if whole[rel] != "folder")
            state = "no trace" if not found else "whole" if found == whole else \
                f"TORN: without {', '.join(missing) or 'nothing'}" + (" (files differ)" if not missing else "")
            _, again = run(project, ["new", "demo"])
            lines = again.stderr.strip().splitlines()
            if state == "no trace":
                mended = again.returncode == 0 and game_files(project, "demo") == whole
            else:
                mended = again.returncode == 2 and "exists already" in again.stderr and len(lines) == 2
            bad += state.startswith("TORN") or not mended
            when = "finished first" if moment is None else f"{moment:6.3f} s{' (w)' if writing else '    '}"
            said = "wrote the game" if again.returncode == 0 else (lines[0][:70] if lines else f"exit {again.returncode}")
            print(f"{kill:>4}  {when:>14}  {state:<46}  exit {again.returncode}: {said}{'' if mended else '  (BAD)'}")
    print(f"(w): drawn from the moment the first file appears. new: {kills} kills, {bad} bad")
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", choices=["export", "new", "both"], default="both")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bad = 0
    if args.command in ("export", "both"):
        bad += kills_during_export(args.kills, rng)
    if args.command in ("new", "both"):
        bad += kills_during_new(args.kills, rng)
    print("no torn output" if not bad else f"{bad} BAD")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
