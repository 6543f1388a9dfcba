"""Killing a real ``forge build`` with SIGKILL at a chosen moment, and reading what it left.

Used by tests/cli/test_build_transaction.py (a few kills) and benchmarks/atomicity.py (the
full campaign). Two builds of one project are told apart by their specs: :func:`variant`
changes the bleed of every game, so every PDF of the variant differs from the original.
"""
from __future__ import annotations

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
    folders = [out, *(p for p in out.rglob("*") if p.is_dir() and not p.is_symlink())] if out.is_dir() else []
    before = _signature(out, folders)
    proc = subprocess.Popen([sys.executable, "-m", "forge", "build", *args, "--out", str(out)], cwd=project,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.perf_counter()
    while once_writing and proc.poll() is None and _signature(out, folders) == before:
        time.sleep(0.0002)
    time.sleep(delay)
    moment = time.perf_counter() - start
    proc.kill()
    return moment if proc.wait() == -9 else None


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
