"""Reading what users write, safely: one text reader and one path resolver for every input.

- :func:`read_text` reads a file as UTF-8 text: a size limit first, then strict decoding
  (a UTF-8 byte-order mark is accepted, UTF-16/32 are named), line endings made ``\\n``, and no
  control character but tab and new line. Each refusal is an
  :class:`~forge.errors.InputError` at the file's line (and column) of the fault.
- :func:`resolve_inside` turns a path named in a file (``data:``, ``strings:``, ``extends:``…)
  into a path of the project, after following symlinks, or refuses it with a located
  :class:`~forge.errors.PathError`. :func:`inside` checks a path forge found itself (a spec
  in ``cardspecs/``, a rules edition) the same way: a symlink out of the project is refused.
"""
from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from .errors import EncodingError, LimitError, Location, PathError, excerpt
from .limits import limit

__all__ = ["read_text", "first_control", "resolve_inside", "inside", "is_file"]

_BOMS = {b"\xff\xfe\x00\x00": "UTF-32", b"\x00\x00\xfe\xff": "UTF-32", b"\xff\xfe": "UTF-16",
         b"\xfe\xff": "UTF-16"}
_ALLOWED_CONTROLS = {"\t", "\n"}
_CONTROLS = ("Cc", "Cs", "Co", "Cn")          # control, surrogate, private use, unassigned


def _where(path: Path, shown: str | None, line: int = 0) -> Location:
    return Location(shown, line) if shown else Location.of(path, line)


def read_text(path: Path, shown: str | None = None) -> str:
    """The text of ``path``, checked (see the module's docstring); ``shown`` is the name used
    in messages (default: the path relative to the working folder)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > limit("file_bytes"):
            raise LimitError(_where(path, shown), f"file too large (expected at most "
                             f"{int(limit('file_bytes')) // (1024 * 1024)} MiB, got {size / (1024 * 1024):.1f} MiB)")
        data = path.read_bytes()
    except OSError as exc:
        raise PathError(_where(path, shown), f"cannot read the file ({exc.strerror or type(exc).__name__})",
                        hint="check that it exists, is a file and is readable") from None
    for bom, name in _BOMS.items():
        if data.startswith(bom):
            raise EncodingError(_where(path, shown, 1), f"the file is {name} text (expected UTF-8)",
                                hint="save it as UTF-8 (in most editors: Save as… → Encoding → UTF-8)")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = data[exc.start]
        excel = " (from Excel: Save as → CSV UTF-8)" if path.suffix.lower() == ".csv" else ""
        raise EncodingError(_where(path, shown, line), f"not UTF-8 text: byte 0x{byte:02x} "
                            f"at column {col} (expected UTF-8)",
                            hint=f"save the file as UTF-8{excel}; byte 0x{byte:02x} is "
                            f"{excerpt(bytes([byte]).decode('cp1252', 'replace'))} in Windows-1252 (Latin-1)") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    _check_controls(text, path, shown)
    return text


def _check_controls(text: str, path: Path, shown: str | None) -> None:
    """A control character, or a line longer than the limit (which every later step would pay
    for), is a located error."""
    longest = limit("line_chars")
    for n, line in enumerate(text.split("\n"), start=1):
        if len(line) > longest:
            raise LimitError(_where(path, shown, n), f"a line of {len(line):,} characters (expected at most "
                             f"{int(longest):,})", hint="break it into lines; a paragraph may span several")
        col = first_control(line)
        if col is not None:
            raise EncodingError(_where(path, shown, n), f"control character U+{ord(line[col]):04X} at column "
                                f"{col + 1} (expected text)", hint="remove it; only tab and new line are allowed")


def first_control(text: str) -> int | None:
    """The index of the first control character of ``text`` other than tab and new line
    (or an unassigned or private-use one), None when there is none."""
    if text.isprintable():
        return None
    for i, ch in enumerate(text):
        if ch not in _ALLOWED_CONTROLS and not ch.isprintable() and unicodedata.category(ch) in _CONTROLS:
            return i
    return None


def resolve_inside(root: Path, base: Path, name: object, where: Location, what: str) -> Path:
    """``name`` (as written in a file at ``where``), relative to the folder ``base``, as a path
    inside ``root`` once symlinks are followed; a PathError otherwise. ``what`` names it in
    messages ("data file", "strings file"…). Existence is the caller's check."""
    if not isinstance(name, str) or not name.strip():
        raise PathError(where, f"{what}: expected a relative path, got {excerpt(name)}")
    if "\x00" in name or len(name) > limit("path_chars") or any(len(part) > 255 for part in name.split("/")):
        raise PathError(where, f"{what}: not a usable path (got {excerpt(name)})",
                        hint=f"a path has at most {int(limit('path_chars'))} characters, 255 per name")
    if os.path.isabs(name) or name.startswith("~"):
        raise PathError(where, f"{what}: absolute paths are not allowed (got {excerpt(name)})")
    try:
        target = (base / name).resolve()
        project = root.resolve()
    except (OSError, RuntimeError):
        raise PathError(where, f"{what}: the path cannot be followed (got {excerpt(name)})",
                        hint="a symlink loop, or a name the file system refuses") from None
    if not target.is_relative_to(project):
        raise PathError(where, f"{what}: the path leaves the project (got {excerpt(name)})")
    return target


def inside(root: Path, path: Path, where: Location | None = None) -> Path:
    """``path`` (found by forge in the project) once symlinks are followed; a PathError when it
    points outside ``root``."""
    try:
        target = path.resolve()
        project = root.resolve()
    except (OSError, RuntimeError):
        raise PathError(where or Location.of(path, 1), "the path cannot be followed (a symlink loop?)") from None
    if not target.is_relative_to(project):
        raise PathError(where or Location.of(path, 1), "a symlink that leaves the project",
                        hint="files of cardspecs/, rules_src/ and templates/ must be inside the project")
    return target


def is_file(path: Path) -> bool:
    """``path.is_file()``, False instead of an error for names the file system refuses."""
    try:
        return path.is_file()
    except OSError:
        return False
