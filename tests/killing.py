"""Killing a real ``forge build`` (or ``forge export``, ``forge new``) with SIGKILL at a chosen
moment, and reading what it left.

Used by tests/cli/test_build_transaction.py (a few kills), benchmarks/atomicity.py (the full
campaign), and for export and new by tests/test_fuzz_surfaces.py (one kill each) and
benchmarks/atomicity_commands.py (their campaign). Two builds of one project are told apart by
their specs: :func:`variant` changes the bleed of every game, so every PDF of the variant
differs from the original; two exports by their resolution.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

from .conftest import tree_digest


def variant(project: Path, on: bool) -> None:
    """The project's specs as shipped (``on`` False) or with a 2 mm bleed (``on`` True)."""
    for spec in (project / "cardspecs").glob("*.yaml"):
        text = spec.read_text(encoding="utf-8")
        old, new = ("  bleed: 3mm", "  bleed: 2mm") if on else ("  bleed: 2mm", "  bleed: 3mm")
        spec.write_text(text.replace(old, new), encoding="utf-8")


def kill_build(project: Path, args: list[str], out: Path, delay: float, once_writing: bool = False) -> float | None:
    """Run ``forge build ARGS --out OUT`` in ``project`` and kill -9 it ``delay`` seconds after it
    starts (or after it starts writing); the moment of the kill in seconds since the start, or
    None when the build finished first."""
    return kill_forge(project, ["build", *args, "--out", str(out)], out, delay, once_writing)


def kill_forge(project: Path, argv: list[str], out: Path, delay: float, once_writing: bool = False) -> float | None:
    """Run ``forge ARGV`` (a command that publishes into ``out``) and kill it as :func:`kill_build` does."""
    folders = [out, *(p for p in out.rglob("*") if p.is_dir() and not p.is_symlink())] if out.is_dir() else []
    before = _signature(out, folders)
    return _killed(project, argv, delay, (lambda: _signature(out, folders) == before) if once_writing else None)


def kill_new(project: Path, game: str, delay: float, once_writing: bool = False) -> float | None:
    """Run ``forge new GAME`` in ``project`` and kill -9 it ``delay`` seconds after it starts (or
    after its first file or folder appears); the moment of the kill, or None when it finished."""
    return _killed(project, ["new", game], delay, (lambda: not game_files(project, game)) if once_writing else None)


def _killed(project: Path, argv: list[str], delay: float, idle=None) -> float | None:
    """Start ``forge ARGV``, wait while ``idle()`` holds (if given), then ``delay``; kill -9."""
    proc = subprocess.Popen([sys.executable, "-m", "forge", *argv], cwd=project,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.perf_counter()
    while idle is not None and proc.poll() is None and idle():
        time.sleep(0.0002)
    time.sleep(delay)
    moment = time.perf_counter() - start
    proc.kill()
    return moment if proc.wait() == -9 else None


def game_files(project: Path, game: str) -> dict[str, str]:
    """What ``forge new GAME`` writes that is there (path → sha256; folders as 'folder'):
    its spec, its folders in cardspecs/ and rules_src/, its test file."""
    found = {}
    for path in (project / "cardspecs" / f"{game}.yaml", project / "cardspecs" / game, project / "rules_src" / game,
                 project / "tests" / f"test_{game.replace('-', '_')}.py"):
        if path.is_dir():
            found[str(path.relative_to(project))] = "folder"
            found.update({str(p.relative_to(project)): "folder" for p in path.rglob("*") if p.is_dir()})
            found.update({str(path.relative_to(project) / rel): sha for rel, sha in tree_digest(path).items()})
        elif os.path.lexists(path):
            found[str(path.relative_to(project))] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "?"
    return found


def which_build(out: Path, builds: dict[str, dict[str, str]]) -> str:
    """The name of the build whose files ``out`` holds, every one of them; else 'MIXED' or 'missing'."""
    if not out.is_dir():
        return "missing"
    now = tree_digest(out)
    return next((name for name, digest in builds.items() if now == digest), "MIXED")


def leftovers(out: Path) -> list[str]:
    """What builds leave besides the build: hidden entries beside ``out`` (staging and old
    folders, the lock) and ``.part`` files inside it."""
    beside = [p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]
    inside = [str(p.relative_to(out)) for p in out.rglob("*.part")] if out.is_dir() else []
    return sorted(beside + inside)


def _signature(out: Path, folders: list[Path]) -> tuple:
    """What writing changes, whatever the scheme: the entries beside ``out`` (but the lock, taken
    before rendering) and the times of the folders inside it (a file written in place, or its
    temporary file, changes its folder's time)."""
    beside = {n for n in os.listdir(out.parent) if n.startswith(f".{out.name}.") and not n.endswith(".lock")}
    times = []
    for folder in folders:
        try:
            times.append(folder.stat().st_mtime_ns)
        except FileNotFoundError:       # switched away: something was written
            times.append(None)
    return beside, times
