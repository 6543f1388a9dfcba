"""Outputs kept between builds: a build renders again only the files whose inputs changed.

Each rendered unit of a build (a component's PDF, a kit's one file to print, a rulebook page
with its card drawings, the index pages) is made from inputs that a *key* names: a hash of
everything it is made from — the spec as loaded (its data, strings and settings, every image
it prints by content), the rules folder and templates by content, the engine's code, the
build's options, and forge's own code and the versions of the libraries it draws with. The
key of a unit is computed before it is rendered; when the previous build made the same key
and its files are still in the output folder as that build wrote them, they are kept as
they are: not rendered, not rewritten. Any change to an input gives another key.

What the previous build made is recorded per output folder in the project's cache
(``.forge-cache/outputs/``, :mod:`forge.cache`): per key, its files (name, size, SHA-256,
pages, cards) and the warnings its rendering gave, which a kept unit gives again. A file of
the folder whose size, modification time or inode changed since is compared by content; a
missing, damaged or foreign record only means everything is rendered again.
"""
from __future__ import annotations

import dataclasses
import hashlib
import os
from functools import cache
from pathlib import Path
from typing import Iterable

from .cache import Cache, digest, files_digest
from .errors import Location, Warning_

__all__ = ["Kept", "Outputs", "forge_digest", "stable", "tree_digest"]

#: the libraries whose output ends up in a build's files
DRAWN_WITH = ("reportlab", "pillow", "pypdf", "pikepdf", "markdown", "jinja2", "nh3", "pyyaml", "markupsafe")


@cache
def forge_digest() -> str:
    """A hash of forge's own files (code, layouts, fonts, templates) and the versions of the
    libraries it renders with: a new forge or library version renders everything again."""
    from importlib.metadata import PackageNotFoundError, version
    top = Path(__file__).parent
    files = [p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts]

    def ver(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "-"
    return digest(files_digest(files, top), [ver(name) for name in DRAWN_WITH])


def tree_digest(root: Path, *paths: Path) -> str:
    """A hash of the files at ``paths`` (a folder: every file under it), by name and content."""
    found = []
    for path in paths:
        found += [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]
    return files_digest(found, root)


def stable(value: object, root: Path) -> object:
    """``value`` as plain JSON data, the same for the same content in any run: dataclasses by
    their fields, mappings with sorted keys, paths relative to the project ``root``, functions
    by their qualified name (their code is in :func:`forge_digest`). Anything else is written
    by its ``repr``, which may differ between runs: it then never matches, never wrongly."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Path) or isinstance(value, os.PathLike):
        path = Path(value)
        return "path:" + (path.relative_to(root).as_posix() if path.is_absolute() and path.is_relative_to(root)
                          else str(path))
    if isinstance(value, bytes):
        return "sha256:" + hashlib.sha256(value).hexdigest()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__qualname__, {f.name: stable(getattr(value, f.name), root)
                                           for f in dataclasses.fields(value)}]
    if isinstance(value, dict):
        return ["dict", sorted(([stable(k, root), stable(v, root)] for k, v in value.items()), key=repr)]
    if isinstance(value, (list, tuple)):
        return [stable(v, root) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((stable(v, root) for v in value), key=repr)
    if callable(value) and hasattr(value, "__qualname__"):
        return f"code:{getattr(value, '__module__', '')}.{value.__qualname__}"
    return f"repr:{value!r}"


@dataclasses.dataclass(frozen=True)
class Kept:
    """An output of the previous build, still in the output folder as it was written: its data
    is read only when asked for (a kit's one file to print made again from it)."""

    path: Path
    size: int
    pages: int = 0
    cards: int = 0

    @property
    def data(self) -> bytes:
        return self.path.read_bytes()


@dataclasses.dataclass(frozen=True)
class Restored:
    """An output rendered by an earlier build (into another folder, or in another mode), taken
    from the project's cache to be written again."""

    path: Path
    data: bytes
    pages: int = 0
    cards: int = 0


class Store:
    """Units rendered before, by key, in the project's cache: ``units/<key>.json`` names their
    files, whose bytes are in ``blobs/<sha256>`` (each checked when read). The least recently
    used go first beyond :data:`UNITS` units or :data:`BLOB_BYTES` bytes."""

    UNITS = 4000
    BLOB_BYTES = 1 << 30

    def __init__(self, cache: Cache):
        self.cache, self.blobs = cache, cache.folder / "blobs"

    def get(self, key: str) -> tuple[dict, list[bytes]] | None:
        found = self.cache.load("units", key)
        if found is None:
            return None
        entry, blobs = found[0], []
        for _, size, sha, *_ in entry["files"]:
            try:
                data = (self.blobs / sha).read_bytes()
            except OSError:
                return None
            if len(data) != size or hashlib.sha256(data).hexdigest() != sha:
                return None
            os.utime(self.blobs / sha)              # used: kept longer
            blobs.append(data)
        return entry, blobs

    def put(self, key: str, entry: dict, blobs: list[bytes]) -> None:
        for (_, _, sha, *_), data in zip(entry["files"], blobs):
            if not (self.blobs / sha).is_file() and not self.cache.write(self.blobs / sha, data):
                return
        self.cache.put("units", key, entry, keep=None)

    def prune(self) -> None:
        self.cache.prune("units", self.UNITS)
        try:
            blobs = sorted(((st.st_mtime_ns, st.st_size, p) for p in self.blobs.iterdir() for st in [p.stat()]),
                           reverse=True)
        except OSError:
            return
        total = 0
        for _, size, path in blobs:
            total += size
            if total > self.BLOB_BYTES:
                path.unlink(missing_ok=True)


class Outputs:
    """The record of what the builds into ``out`` made, by key."""

    def __init__(self, root: Path, out: Path, enabled: bool = True):
        self.root, self.out = Path(root), Path(out)
        self.enabled = Cache(root, enabled).enabled
        where = Path(os.path.realpath(self.out))        # by its place in the project: a copied project keeps it
        top = Path(os.path.realpath(self.root))
        self.name = digest(where.relative_to(top).as_posix() if where.is_relative_to(top) else str(where))
        self.entries: dict[str, dict] = {}
        self.stats: dict[str, list[int]] = {}
        self.made: dict[str, dict] = {}             # this run's units, kept or rendered
        self.slots: set[str] = set()                # the slots of this run's units
        self.stamp: dict | None = None              # the last whole build (forge.stamp)
        self.store = Store(Cache(root, enabled))
        found = Cache(root, enabled).load("outputs", self.name)
        if found is not None:
            try:
                record = found[0]
                self.entries, self.stats = dict(record["entries"]), dict(record["stats"])
                self.stamp = record.get("stamp")
            except (KeyError, ValueError, TypeError):
                self.entries, self.stats = {}, {}

    def key(self, *parts: object) -> str:
        return digest(forge_digest(), *parts)

    def get(self, key: str, slot: str) -> tuple[list[Kept], list[Warning_]] | None:
        """The files (and warnings) the unit of ``key`` gave, when the folder still holds them
        as they were written; None when it must be rendered. ``slot`` names the unit whatever its
        inputs (a component's file, a page): what an older key of the slot made and this run
        does not make again is dropped (:meth:`stale`)."""
        self.slots.add(slot)
        if not self.enabled:
            return None
        entry = self.entries.get(key)
        try:
            if entry is not None and entry.get("slot") == slot \
                    and all(self._intact(rel, size, sha) for rel, size, sha, *_ in entry["files"]):
                self.made[key] = entry
                return ([Kept(self.out / rel, size, pages, cards) for rel, size, _, pages, cards in entry["files"]],
                        [self._warning(w) for w in entry["warnings"]])
            stored = self.store.get(key)            # rendered before, for another folder or mode
            if stored is None:
                return None
            entry, blobs = stored
            self.made[key] = {**entry, "slot": slot}
            return ([Restored(self.out / rel, data, pages, cards)
                     for (rel, _, _, pages, cards), data in zip(entry["files"], blobs)],
                    [self._warning(w) for w in entry["warnings"]])
        except (OSError, ValueError, TypeError, KeyError):
            return None

    def put(self, key: str, slot: str, outputs: Iterable, warnings: Iterable[Warning_] = ()) -> None:
        """Record the unit of ``key`` as rendered now (its files are published after), and keep
        its files in the project's cache for a build into another folder or mode."""
        outputs = list(outputs)
        self.made[key] = {
            "slot": slot, "files": [[o.path.relative_to(self.out).as_posix(), len(o.data), hashlib.sha256(o.data).hexdigest(),
                       o.pages, o.cards] for o in outputs],
            "warnings": [self._said(w) for w in warnings]}
        if self.enabled:
            self.store.put(key, self.made[key], [o.data for o in outputs])

    def stale(self) -> list[Path]:
        """The files a previous build made for a slot of this run that this run does not make
        (a card drawing a page no longer shows): forge's own outputs, nothing else."""
        made = {rel for entry in self.made.values() for rel, *_ in entry["files"]}
        return sorted({self.out / rel for entry in self.entries.values() if entry.get("slot") in self.slots
                       for rel, *_ in entry["files"] if rel not in made})

    def up_to_date(self, inputs: str) -> tuple[list[Kept], list[Warning_]] | None:
        """The last whole build's files and warnings, when it had the same ``inputs``
        (:func:`forge.stamp.inputs_digest`), the other files it read are unchanged and the folder
        holds its files as it left them; else None."""
        last = self.stamp if self.enabled else None
        if not last or last.get("inputs") != inputs:
            return None
        try:
            if files_digest([self.root / rel for rel in last["read"]], self.root) != last["read_digest"]:
                return None
            units = [self.entries[key] for key in last["keys"]]
            if not all(self._unchanged(rel) for unit in units for rel, *_ in unit["files"]):
                return None
            kept = [Kept(self.out / rel, size, pages, cards) for unit in units for rel, size, _, pages, cards in unit["files"]]
            return kept, [self._warning(w) for w in last["warnings"]]
        except (KeyError, ValueError, TypeError):
            return None

    def seal(self, inputs: str, read: list[str], warnings: list[Warning_]) -> None:
        """Record this run as a whole build of ``inputs`` that also read the project's files
        ``read`` and gave ``warnings`` (saved by :meth:`save`)."""
        self.stamp = {"inputs": inputs, "read": read, "read_digest": files_digest([self.root / r for r in read], self.root),
                      "keys": list(self.made), "warnings": [self._said(w) for w in warnings]}

    @staticmethod
    def _said(w: Warning_) -> list:
        return [[w.location.file, w.location.line, w.location.cell], w.message, w.hint]

    @staticmethod
    def _warning(said: list) -> Warning_:
        where, message, hint = said
        return Warning_(Location(*where), message, hint)

    def save(self) -> None:
        """Keep the record of this run's units (after they were published), with the previous
        record's units whose files are still in the folder (a build of another game)."""
        if not self.enabled:
            return
        entries = {**{k: e for k, e in self.entries.items() if e.get("slot") not in self.slots
                      and all(rel in self.stats and self._unchanged(rel) for rel, *_ in e["files"])}, **self.made}
        stats = {}
        for entry in entries.values():
            for rel, *_ in entry["files"]:
                try:
                    st = os.stat(self.out / rel)
                except OSError:
                    continue
                stats[rel] = [st.st_size, st.st_mtime_ns, st.st_ino]
        stamp = self.stamp if self.stamp and all(key in entries for key in self.stamp["keys"]) else None
        Cache(self.root).put("outputs", self.name, {"entries": entries, "stats": stats, "stamp": stamp})
        self.store.prune()

    def _unchanged(self, rel: str) -> bool:
        try:
            st = os.stat(self.out / rel)
        except OSError:
            return False
        return self.stats.get(rel) == [st.st_size, st.st_mtime_ns, st.st_ino]

    def _intact(self, rel: str, size: int, sha: str) -> bool:
        if self._unchanged(rel):
            return True
        try:
            data = (self.out / rel).read_bytes()
        except OSError:
            return False
        return len(data) == size and hashlib.sha256(data).hexdigest() == sha
