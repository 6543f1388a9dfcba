"""Running ``forge watch`` and ``forge serve`` as a user does: in a small copy of the project,
as a separate process whose output lines are read as they come, stopped with Ctrl-C (SIGINT)."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from forge.cache import FOLDER

from ..conftest import ROOT


def small_project(folder: Path, games: list[str], cache: Path | None = None) -> Path:
    """``folder`` holding the specs, data files and rulebooks of ``games``, and the templates;
    with ``cache`` (the run's ``warm_cache``), a copy of it, so that its first build simulates
    nothing the run has simulated already."""
    if cache is not None:
        shutil.copytree(cache, folder / FOLDER)
    (folder / "cardspecs").mkdir()
    for game in games:
        shutil.copy(ROOT / "cardspecs" / f"{game}.yaml", folder / "cardspecs" / f"{game}.yaml")
        shutil.copytree(ROOT / "cardspecs" / game, folder / "cardspecs" / game)
        shutil.copytree(ROOT / "rules_src" / game, folder / "rules_src" / game)
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


@contextmanager
def serving(project: Path, *args: str) -> Iterator[tuple[int, "Forge"]]:
    """``forge serve --port 0 ARGS`` in ``project``, built and watching: (port, process); stopped
    with Ctrl-C after, which must exit 0 with no traceback."""
    forge = Forge(project, "serve", *args, "--port", "0")
    try:
        port = int(forge.expect(r"^serving build/ at http://127\.0\.0\.1:(\d+)/ ")[1])
        forge.expect(r"^built (every game|\w+) in \d+\.\d s$")
        forge.expect(r"^watching ")
        yield port, forge
        assert forge.interrupt() == 0
    finally:
        forge.kill()
    assert not [line for line in forge.lines["err"] if "Traceback" in line]


class Forge:
    """A ``forge`` process started in ``cwd``; :meth:`expect` waits for a line of its output."""

    def __init__(self, cwd: Path, *args: str):
        env = {**os.environ, "COLUMNS": "200", "TERM": "dumb", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "forge", *args], cwd=cwd, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: dict[str, list[str]] = {"out": [], "err": []}
        self.seen = {"out": 0, "err": 0}
        self.changed = threading.Condition()
        for name, stream in (("out", self.proc.stdout), ("err", self.proc.stderr)):
            threading.Thread(target=self._read, args=(name, stream), daemon=True).start()

    def _read(self, name: str, stream) -> None:
        for line in stream:
            with self.changed:
                self.lines[name].append(line.rstrip("\n"))
                self.changed.notify_all()

    def expect(self, pattern: str, stream: str = "out", timeout: float = 180) -> re.Match:
        """The first line of ``stream`` not yet matched that matches ``pattern``; the lines
        before it are passed over."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                lines = self.lines[stream]
                for n in range(self.seen[stream], len(lines)):
                    if found := re.search(pattern, lines[n]):
                        self.seen[stream] = n + 1
                        return found
                left = deadline - time.monotonic()
                assert left > 0 and self.proc.poll() is None, (
                    f"no line matching {pattern!r} on std{stream}; got:\n" + "\n".join(self.lines["out"] + self.lines["err"]))
                self.changed.wait(min(left, 1))

    def interrupt(self) -> int:
        """Ctrl-C; the exit status."""
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(60)
        finally:
            self.kill()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def stamp(folder: Path) -> dict[str, tuple[int, int]]:
    """Path → (inode, mtime) of every file under ``folder``: a file written again gets a new inode
    (a build publishes a new folder whose kept files are hard links of the previous ones)."""
    return {str(p.relative_to(folder)): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}
