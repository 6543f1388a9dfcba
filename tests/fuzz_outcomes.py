"""Sorting a fuzz case's outcome into its class (:data:`KINDS`), shared by the old surfaces
(tests/fuzzing.py) and the newer ones (tests/fuzz_surfaces.py): what an in-process run raised
(:func:`outcome_of`), what a command printed and returned (:func:`cli_outcome`), and whether
anything beside the project changed (:class:`Sandbox`)."""
from __future__ import annotations

import contextlib
import os
import re
import signal
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Outcome:
    kind: str            # one of KINDS
    seconds: float
    detail: str = ""


#: every class a case falls in, in the order the campaign prints them
KINDS = ("ok", "located", "unlocated", "traceback", "internal", "outside", "partial", "accepted", "hung")
#: a case still running after this many seconds is stopped (SIGALRM) and counted as ``hung``
HANG = 60.0


class Hung(Exception):
    """Raised inside a case that runs past :data:`HANG` seconds."""


@contextlib.contextmanager
def time_limit(seconds: float = HANG):
    """Raise :class:`Hung` in the main thread once ``seconds`` pass (elsewhere: no limit)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum, frame):
        raise Hung(f"still running after {seconds:.0f} s")
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def shown_warnings():
    """The warnings a user would see (Python hides deprecations), as texts, listed at the end."""
    import warnings
    found: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            yield found
        finally:
            found += [f"{w.category.__name__}: {w.message}" for w in caught
                      if not issubclass(w.category, (DeprecationWarning, PendingDeprecationWarning))]


def outcome_of(call) -> Outcome:
    """Run ``call()`` (forge's library, in-process) and sort what happens: ``ok``, ``located``
    (ForgeErrors that all carry a file and a line), ``unlocated`` (an error without a place, or
    a Python warning that would reach the terminal), ``traceback`` or ``hung``."""
    from forge.errors import ErrorGroup, ForgeError, InputError
    start, warned = time.perf_counter(), []
    try:
        with time_limit(), shown_warnings() as warned:
            call()
        kind, detail = "ok", ""
    except ForgeError as exc:
        errors = exc.errors if isinstance(exc, ErrorGroup) else [exc]
        bad = [e for e in errors if not isinstance(e, InputError) or not e.location.file or e.location.line < 1]
        kind, detail = ("unlocated", str(bad[0])) if bad else ("located", str(errors[0]))
    except Hung as exc:
        kind, detail = "hung", str(exc)
    except Exception as exc:  # noqa: BLE001 - what the campaign is looking for
        import traceback
        kind, detail = "traceback", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}"
    if warned and kind in ("ok", "located"):    # a stray line on the terminal, not a located one
        kind, detail = "unlocated", f"a Python warning reached the user: {warned[0]}"
    return Outcome(kind, time.perf_counter() - start, detail)


#: a line forge prints for a refused command: a place (a file and line, an option, an output
#: folder), then what is wrong; each is followed by a hint
LOCATED = re.compile(r"^\S[^:\n]*(:\d+)?: \S")
#: click's own refusals of an option or an argument (it names the parameter)
USAGE = re.compile(r"Invalid value for|No such option|Missing (argument|option)|Got unexpected extra|requires an argument")


def unlocated_line(stderr: str) -> str | None:
    """The first line of a refusal (exit 2) that is not a located one-liner followed by its
    hint; None when every problem is. A refusal of click's (a usage error) names its parameter."""
    if "Usage:" in stderr:
        return None if USAGE.search(stderr) else stderr.strip()[-200:] or "(nothing printed)"
    lines = stderr.splitlines()
    problems = [i for i, line in enumerate(lines) if not line.startswith("  hint:")
                and not re.fullmatch(r"\d+ problems found; nothing was written\.", line)]
    if not problems:
        return "(nothing printed)"
    for i in problems:
        if not LOCATED.match(lines[i]) or i + 1 >= len(lines) or not lines[i + 1].startswith("  hint:"):
            return lines[i]
    return None


def cli_outcome(result, seconds: float) -> Outcome:
    """Sort a run of forge's command line through click's CliRunner, as a user would see it:
    an exception out of the command is what ``forge`` reports as an internal error (exit 3)."""
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        import traceback
        tb = "".join(traceback.format_exception(exc, limit=-3))
        return Outcome("hung" if isinstance(exc, Hung) else "internal", seconds, f"{type(exc).__name__}: {exc}\n{tb}")
    if "Traceback (most recent call last)" in result.output + result.stderr:
        return Outcome("traceback", seconds, result.stderr[-600:])
    if result.exit_code not in (0, 2):
        return Outcome("internal", seconds, f"exit {result.exit_code}: {result.stderr.strip()[-300:]}")
    if getattr(result, "warned", None):
        return Outcome("unlocated", seconds, f"a Python warning reached the user: {result.warned[0]}")
    if result.exit_code == 0:
        return Outcome("ok", seconds)
    bad = unlocated_line(result.stderr)
    return Outcome("unlocated" if bad else "located", seconds, bad or result.stderr.splitlines()[0])


#: what a file beside the project holds; a case that shows it has read outside the project
SECRET = "forge-fuzz: a file beside the project, never to be read or written"


def listing(top: Path, skip: Path | None = None) -> dict[str, tuple]:
    """Every entry under ``top`` (links not followed) but ``skip`` and what is under it:
    path → (kind, size, mtime) for files and links, (kind,) for folders (their times change
    as entries come and go)."""
    found = {}
    for folder, dirs, names in os.walk(top):
        here = Path(folder)
        if skip is not None:
            dirs[:] = [d for d in dirs if here / d != skip]
        for name in dirs + names:
            path = here / name
            if path == skip:
                continue
            st = path.lstat()
            kind = "dir" if name in dirs and not path.is_symlink() else "link" if path.is_symlink() else "file"
            found[str(path.relative_to(top))] = (kind,) if kind == "dir" else (kind, st.st_size, st.st_mtime_ns)
    return found


class Sandbox:
    """A scratch folder holding the cases' projects and, beside them, ``neighbour/`` (holding
    :data:`SECRET`): whatever a case makes or changes in it outside its own project, or at
    :attr:`absolute` (a path hostile names point at, outside the folder), is a write outside."""

    def __init__(self, top: Path):
        self.top = top
        (top / "neighbour").mkdir(parents=True, exist_ok=True)
        (top / "neighbour" / "secret.txt").write_text(SECRET, encoding="utf-8")
        self.absolute = Path(tempfile.gettempdir()) / f"forge-fuzz-absolute-{os.getpid()}"

    def snapshot(self, project: Path) -> dict[str, tuple]:
        return listing(self.top, skip=project)

    def outside(self, project: Path, before: dict[str, tuple], allowed: tuple[str, ...] = ()) -> list[str]:
        """What changed outside ``project`` since ``before`` (but under ``allowed`` names of the
        sandbox, which a case named as its output)."""
        after = self.snapshot(project)
        changed = [rel for rel in sorted(before.keys() | after.keys()) if before.get(rel) != after.get(rel)
                   and not any(rel == a or rel.startswith(a + os.sep) or rel.startswith(f".{a}.") for a in allowed)]
        there = [str(p) for p in self.absolute.parent.glob(self.absolute.name + "*")]
        return changed + there
