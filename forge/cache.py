"""Results kept between runs: what a slow, deterministic computation gave for the same inputs.

A value is stored under a key that names *everything* it depends on (the caller hashes the
files and settings); the same key later gives the same value without computing it again, and
any change to an input gives another key, so a stale value is never read. Values are JSON, in
``<project>/.forge-cache/<kind>/<key>.json``, written atomically; a missing, unreadable or
damaged entry is simply computed again. The folder holds a ``.gitignore`` of ``*`` (nothing
in it belongs in a repository) and a ``CACHEDIR.TAG``; deleting it is always safe.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable

from .files import atomic_write

__all__ = ["Cache", "digest", "files_digest", "files_read", "FOLDER"]

FOLDER = ".forge-cache"
#: entries kept per kind; the oldest go first (a watch session makes a new one per edit)
KEEP = 200
_TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# forge's cache: results kept between runs.\n"


def digest(*parts: object) -> str:
    """A short stable hash of ``parts`` (strings, numbers, bytes, lists of them)."""
    h = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else json.dumps(part, sort_keys=True, default=str).encode()
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()[:32]


def files_digest(paths: Iterable[Path], root: Path) -> str:
    """A hash of the files' names (relative to ``root``) and contents; a missing file counts too."""
    h = hashlib.sha256()
    for p in sorted(set(Path(p) for p in paths)):
        try:
            data = p.read_bytes()
        except OSError:
            data = b"\0missing"
        name = str(p.relative_to(root)) if p.is_relative_to(root) else str(p)
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()[:32]


_reading = threading.local()
_hooked: list = []


def files_read(load: Callable[[], object]) -> tuple[object, set[Path]]:
    """``load()``'s result and the files it opened (absolute paths), whatever reads them:
    recorded by an audit hook (:func:`sys.addaudithook`) that counts only the opens of this
    thread, while it runs."""
    if not _hooked:                     # once: an audit hook cannot be removed
        sys.addaudithook(_opened)
        _hooked.append(True)
    outer = getattr(_reading, "files", None)
    _reading.files = files = set()
    try:
        result = load()
    finally:
        _reading.files = outer if outer is None else outer | files
    return result, {Path(f) for f in files}


def _opened(event: str, args: tuple) -> None:
    if event == "open" and getattr(_reading, "files", None) is not None and isinstance(args[0], (str, os.PathLike)):
        _reading.files.add(os.path.abspath(args[0]))


class Cache:
    """The cache of a project folder; ``enabled=False`` (or ``FORGE_NO_CACHE=1``) computes always."""

    def __init__(self, root: Path, enabled: bool = True):
        self.root, self.folder = Path(root), Path(root) / FOLDER
        self.enabled = enabled and not os.environ.get("FORGE_NO_CACHE")

    def get(self, kind: str, key: str, compute: Callable[[], object]):
        """The value stored for ``key``, else ``compute()`` stored and returned."""
        found = self.load(kind, key)
        if found is not None:
            return found[0]
        value = compute()
        self.put(kind, key, value)
        return value

    def load(self, kind: str, key: str) -> tuple[object] | None:
        """``(value,)`` stored for ``key``, or None when there is none (or the cache is off)."""
        if not self.enabled:
            return None
        try:
            return (json.loads((self.folder / kind / f"{key}.json").read_text(encoding="utf-8"))["value"],)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, kind: str, key: str, value: object, keep: int | None = KEEP) -> None:
        """Store ``value`` (JSON data) for ``key``; the oldest entries of ``kind`` beyond
        ``keep`` go (None: the caller prunes, :meth:`prune`)."""
        path = self.folder / kind / f"{key}.json"
        if self.enabled and self.write(path, json.dumps({"value": value}, ensure_ascii=False).encode("utf-8")) \
                and keep is not None:
            self.prune(kind, keep)

    def prune(self, kind: str, keep: int) -> None:
        """Remove the oldest entries of ``kind`` beyond ``keep``."""
        try:
            entries = sorted((self.folder / kind).glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
            for old in entries[:-keep]:
                old.unlink(missing_ok=True)
        except OSError:
            pass

    def write(self, path: Path, data: bytes) -> bool:
        """Write ``data`` to ``path`` inside the cache folder, made if need be; False when it
        cannot be written (a read-only project: the value is simply not kept)."""
        if os.path.lexists(self.folder) and (self.folder.is_symlink() or not self.folder.is_dir()):
            return False            # never written through a link: every write stays inside the project
        try:
            if not (self.folder / ".gitignore").exists():
                atomic_write(self.folder / ".gitignore", b"# forge's cache: nothing here belongs in a repository\n*\n")
                atomic_write(self.folder / "CACHEDIR.TAG", _TAG)
            atomic_write(path, data)
        except OSError:
            return False
        return True
