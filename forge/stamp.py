"""Whether anything a build reads changed since the last one: a no-op build in a fraction of a second.

A whole build (:func:`forge.build.run`) records a *stamp*: the project's input folders by
content (``cardspecs/``, ``rules_src/``, ``templates/``), every other file of the project the
build opened (an image beside them…) by content, the build's options, and the signature of
the code it ran: forge's own files, the installed distributions (their names and versions),
and the source files of every engine installed under the ``forge.games`` entry points (by
size and modification time, as Python checks its own bytecode cache). When the stamp is the
same and the output folder still holds the files as that build left them, nothing is
loaded nor rendered: the build is up to date.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, Iterable

from .cache import FOLDER, Cache, digest, files_digest, files_read

__all__ = ["INPUT_FOLDERS", "code_signature", "inputs_digest", "read_inside", "remembered"]

#: the folders of a project whose whole content a build reads
INPUT_FOLDERS = ("cardspecs", "rules_src", "templates")


def inputs_digest(root: Path, parts: object) -> str:
    """A hash of a build of the project ``root`` with ``parts`` (its games and options): the
    code it runs and its input folders (the other files it reads are hashed after it,
    :func:`read_inside`)."""
    root = Path(root)
    found = [p for name in INPUT_FOLDERS for p in sorted((root / name).rglob("*")) if p.is_file()]
    return digest(code_signature(), parts, files_digest(found, root))


def remembered(root: Path, kind: str, parts: object, compute: Callable[[], object]) -> object:
    """``compute()``'s value (JSON data), kept in the project's cache (:mod:`forge.cache`) under
    the project's inputs and ``parts`` (:func:`inputs_digest`) and the content of the other
    files of the project it read: computed again when any of them changed."""
    cache = Cache(root)
    key = inputs_digest(root, parts)
    found = cache.load(kind, key)
    if found is not None:
        try:
            entry = found[0]
            if files_digest([Path(root) / rel for rel in entry["read"]], Path(root)) == entry["read_digest"]:
                return entry["value"]
        except (KeyError, TypeError):
            pass
    value, files = files_read(compute)
    read = read_inside(root, files)
    cache.put(kind, key, {"read": read, "read_digest": files_digest([Path(root) / r for r in read], Path(root)),
                          "value": value})
    return value


def read_inside(root: Path, files: Iterable[Path], out: Path | None = None) -> list[str]:
    """Of the files a run opened, those its stamp must cover besides the input folders: inside
    the project, outside the input folders, the cache, the output folder ``out`` and any
    installed code (a virtual environment inside the project)."""
    root = Path(os.path.realpath(root))
    skip = [root / name for name in (*INPUT_FOLDERS, FOLDER)] + _code_folders(root) \
        + ([Path(os.path.realpath(out))] if out is not None else [])
    kept = set()
    for f in files:
        real = Path(os.path.realpath(f))
        if real.is_relative_to(root) and not any(real.is_relative_to(s) for s in skip) and real.is_file():
            kept.add(real.relative_to(root).as_posix())
    return sorted(kept)


def _code_folders(root: Path) -> list[Path]:
    here = [Path(os.path.realpath(p)) for p in sys.path if p and os.path.isdir(p)]
    return [p for p in here if p != root] + [Path(os.path.realpath(sys.prefix))]


def code_signature() -> str:
    """forge's own files, the distributions installed beside it, and the source of the engines
    installed under ``forge.games``: by name, size and modification time."""
    forge_files = [p for p in Path(__file__).parent.rglob("*") if "__pycache__" not in p.parts]
    dists, engines = [], []
    for entry in (p for p in sys.path if p and os.path.isdir(p)):
        try:
            names = sorted(os.listdir(entry))
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info", ".pth")):
                dists.append(name)
                engines += _engine_modules(Path(entry) / name)
    code = [*forge_files]
    for module in sorted(set(engines)):
        code += _module_files(module)
    return digest(dists, [_signature(p) for p in code])


def _engine_modules(dist: Path) -> list[str]:
    """The top modules a distribution names under the ``forge.games`` entry points."""
    try:
        text = (dist / "entry_points.txt").read_text(encoding="utf-8")
    except OSError:
        return []
    section, found = None, []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
        elif section == "forge.games" and "=" in line:
            found.append(line.split("=", 1)[1].split(":")[0].strip().split(".")[0])
    return found


def _module_files(module: str) -> list[Path]:
    from importlib.util import find_spec
    try:
        spec = find_spec(module)
    except (ImportError, ValueError):
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [p for loc in spec.submodule_search_locations for p in Path(loc).rglob("*.py")]
    return [Path(spec.origin)] if spec.origin and os.path.isfile(spec.origin) else []


def _signature(path: Path) -> list:
    try:
        st = path.stat()
    except OSError:
        return [str(path), None]
    return [str(path), st.st_size, st.st_mtime_ns]
