"""``forge watch``: build once, then rebuild the games each saved change belongs to.

A changed file belongs to:

- a game's kit (its PDFs, and its rulebook pages, which show its cards and link its files):
  ``cardspecs/<game>.yaml``, anything in ``cardspecs/<game>/``, and every file the game's spec
  read when it was last loaded (its ``data:``, ``strings:`` and ``extends:`` files, wherever
  they are in the project: :func:`files_read` records them);
- a game's rulebook pages only: anything else in ``rules_src/<game>/``;
- every rulebook page and the index: anything in ``templates/``.

Rebuilds go through :func:`forge.build.run`, the pipeline of ``forge build``: rendered in
memory, published all or nothing, the other games' files kept as they are. A rebuild that
fails leaves the output folder as it was; its games are rebuilt again with the next change.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from .build import Options, load_games, run
from .cardspec.model import GameSpec
from .cache import files_read
from .errors import ForgeError, Location, OptionError
from .publish import OutputFolder, Published

__all__ = ["Change", "Watcher"]

FOLDERS = ("cardspecs", "rules_src", "templates")


@dataclass(frozen=True)
class Change:
    """What to rebuild: ``kits`` (PDFs and pages) and ``pages`` (pages only) name games, None
    meaning every watched game; ``paths``: the changed files that asked for it."""

    kits: frozenset[str] | None = None
    pages: frozenset[str] | None = None
    paths: tuple[str, ...] = ()

    def __or__(self, other: "Change") -> "Change":
        def union(a, b):
            return None if a is None or b is None else a | b
        return Change(union(self.kits, other.kits), union(self.pages, other.pages),
                      tuple(dict.fromkeys(self.paths + other.paths)))

    def line(self, seconds: float, verb: str = "rebuilt") -> str:
        """One line for the change: ``rebuilt foxhens in 1.8 s (cardspecs/foxhens/cards-fr.csv)``."""
        if self.kits is None:
            what = "every game"
        else:
            only = sorted(set(self.pages or ()) - self.kits) if self.pages is not None else None
            books = "every rulebook" if only is None else f"the rulebook of {', '.join(only)}" if only else ""
            what = " and ".join(w for w in (", ".join(sorted(self.kits)), books) if w)
        shown = ", ".join(self.paths[:3]) + (f" and {len(self.paths) - 3} more" if len(self.paths) > 3 else "")
        return f"{verb} {what} in {seconds:.1f} s" + (f" ({shown})" if shown else "")


class Watcher:
    """Builds ``names`` (every game when empty) into ``out`` as ``forge build`` would, then
    rebuilds after each change; ``built(change, seconds, published)`` and ``failed(change,
    error)`` report each build, ``ignored(paths)`` the changes no watched game reads,
    ``watching(folders)`` when the folders are watched."""

    def __init__(self, root: Path, out: Path, names: Iterable[str] = (), options: Options = Options(), *,
                 warn: Callable = lambda w: None, built: Callable[[Change, float, Published], None],
                 failed: Callable[[Change, ForgeError], None], ignored: Callable[[list[str]], None],
                 watching: Callable[[list[str]], None] = lambda folders: None):
        self.root, self.out, self.names, self.options = Path(root).resolve(), Path(out), tuple(names), options
        self.warn, self.built, self.failed, self.ignored, self.watching = warn, built, failed, ignored, watching
        self.reads: dict[str, set[Path]] = {}           # game → the files its spec read
        self.pending: Change | None = None              # what failed to build, built again next time
        self.specs: dict[str, GameSpec] = {}             # by file name: the last build's, kept while unchanged

    def build(self, change: Change = Change(), first: bool = False) -> bool:
        """Build ``change`` (and what failed last time); True when it was published. The
        ``first`` build raises a bad command-line option (no edit can fix it) instead of
        reporting it."""
        change = change | self.pending if self.pending else change
        started = time.perf_counter()
        try:
            with OutputFolder(self.out, self.root) as folder:
                pages = None if None in (change.kits, change.pages) else change.pages | change.kits
                keep = None if change.kits is None else {stem: spec for stem, spec in self.specs.items()
                                                         if stem not in change.kits}
                _, published, specs = run(self.root, folder, self.names, self.options, self.warn, kits=change.kits,
                                          pages=pages, keep=keep)
        except ForgeError as exc:
            if first and all(isinstance(e, OptionError) for e in getattr(exc, "errors", [exc])):
                raise
            self.pending = change
            self.failed(change, exc)
            return False
        self.pending = None
        self.specs = {Path(spec.path).stem: spec for spec in specs.values()}
        self.built(change, time.perf_counter() - started, published)
        self.record(change.kits)
        return True

    def record(self, kits: frozenset[str] | None) -> None:
        """Which files each game of ``kits`` (None: all) reads, from loading its spec again."""
        for spec in sorted((self.root / "cardspecs").glob("*.yaml")):
            if (kits is None or spec.stem in kits) and (not self.names or spec.stem in self.names):
                try:
                    self.reads[spec.stem] = files_read(lambda: load_games(self.root, [spec.stem]))[1]
                except ForgeError:               # changed again since the build: the folder rules hold
                    pass

    def change_of(self, paths: Iterable[Path]) -> Change | None:
        """The rebuild the changed ``paths`` ask for (None: none of them belongs to a watched game)."""
        games = set(self.names) or self.games()
        kits: set[str] = set()
        pages: set[str] | None = set()
        shown, unread = [], []
        for path in sorted(set(paths)):
            rel = path.relative_to(self.root).parts if path.is_relative_to(self.root) else ()
            kit = {g for g, files in self.reads.items() if any(f == path or f.is_relative_to(path) for f in files)}
            page: set[str] | None = set()                # a file read, or a folder holding one (moved, removed)
            if rel[:1] == ("cardspecs",) and len(rel) >= 2:
                kit.add(rel[1] if len(rel) >= 3 or path.suffix != ".yaml" else path.stem)
            elif rel[:1] == ("rules_src",) and len(rel) >= 2:
                page = {rel[1]}
            elif rel[:1] == ("templates",):
                page = None
            kit &= games
            page = page if page is None else page & games
            if not kit and page == set():
                unread.append(Location.of(path).file)
                continue
            shown.append(Location.of(path).file)
            kits |= kit
            pages = None if page is None or pages is None else pages | page
        if unread:
            self.ignored(unread)
        return Change(frozenset(kits), pages if pages is None else frozenset(pages), tuple(shown)) if shown else None

    def games(self) -> set[str]:
        """Every game of the project: its specs and its rulebooks."""
        rules = self.root / "rules_src"
        return ({p.stem for p in (self.root / "cardspecs").glob("*.yaml")}
                | ({p.name for p in rules.iterdir() if p.is_dir()} if rules.is_dir() else set()))

    def folders(self) -> list[Path]:
        """The folders to watch: cardspecs/, rules_src/, templates/, and those of the files the
        specs read elsewhere in the project (present or not: a folder moved away is watched for
        its return)."""
        bases = [self.root / name for name in FOLDERS]
        real_out = Path(os.path.realpath(self.out))
        extra = {f.parent for files in self.reads.values() for f in files
                 if f.suffix not in (".py", ".pyc") and f.is_relative_to(self.root)
                 and not f.is_relative_to(real_out) and not any(f.is_relative_to(b) for b in bases)}
        return bases + sorted(f for f in extra if not any(f.is_relative_to(o) and f != o for o in extra))

    def roots(self, folders: list[Path]) -> list[Path]:
        """Where the watches go: each folder, or while it is missing, its nearest parent in the
        project (whose other changes :meth:`run` leaves out)."""
        found = set()
        for folder in folders:
            while not folder.is_dir() and folder != self.root:
                folder = folder.parent
            found.add(folder)
        return sorted(f for f in found if not any(f.is_relative_to(o) and f != o for o in found))

    def saved_since(self, since: int) -> list[Path]:
        """The files the games read that were saved at or after ``since`` (nanoseconds)."""
        found = []
        for f in {f for files in self.reads.values() for f in files}:
            try:
                if f.stat().st_mtime_ns >= since:
                    found.append(f)
            except OSError:
                pass
        return found

    def run(self, stop: threading.Event | None = None, rebuilds: int | None = None) -> None:
        """Build, then rebuild after each change until ``stop`` is set or ``rebuilds`` rebuilds
        have run (built or failed); Ctrl-C raises KeyboardInterrupt."""
        from watchfiles import Change as Event, DefaultFilter, watch
        named = frozenset(self.names) or None
        since = time.time_ns()                   # a save after this is seen, by a watch or by saved_since
        self.build(Change(named, named), first=True)
        done = 0
        real_out = os.path.realpath(self.out)
        skip = (real_out + os.sep, os.path.join(os.path.dirname(real_out), f".{os.path.basename(real_out)}."))
        default = DefaultFilter()
        folders = self.folders()

        def wanted(change, path: str) -> bool:
            return (default(change, path) and not path.startswith(skip) and path != real_out
                    and any(path == str(f) or path.startswith(f"{f}{os.sep}") for f in folders))
        said = None
        present: dict[Path, bool] = {}               # whether each folder was there (kept across watches)
        while not (stop and stop.is_set()) and (rebuilds is None or done < rebuilds):
            folders = self.folders()
            roots = self.roots(folders)
            present.update({f: f.is_dir() for f in folders if f not in present})
            ready = False
            for changes in watch(*roots, watch_filter=wanted, stop_event=stop, step=100, rust_timeout=500,
                                 yield_on_timeout=True):
                added = {path for kind, path in changes if kind == Event.added}
                paths = [Path(path) for _, path in changes if path not in added or os.path.lexists(path)]
                if not ready:                    # the first answer: the folders are watched from now on
                    shown = [Location.of(f).file + "/" for f in folders if f.is_dir()]
                    if shown != said:
                        self.watching(shown)
                        said = shown
                    paths += self.saved_since(since)      # saved while the watches were being set up
                    ready = True
                since = time.time_ns()
                now = {f: f.is_dir() for f in folders}
                paths += [f for f in folders if now[f] != present[f]]        # gone or back, said or not
                present.update(now)
                change = self.change_of(paths) if paths else None   # not an editor's temporary file
                if change is not None:
                    self.build(change)
                    done += 1
                if (rebuilds is not None and done >= rebuilds) or self.folders() != folders \
                        or self.roots(folders) != roots:
                    break                        # done, or watch the folders a spec now names (or one that
                                                 # went away or came back)
