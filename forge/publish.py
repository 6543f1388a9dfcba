"""Publishing a build as one transaction: a reader of ``build/`` sees the whole previous build or
the whole new one, never a mix, whenever the build stops (an error, Ctrl-C, ``kill -9``).

The scheme, for an output folder ``build/`` in the folder ``P`` that holds it:

1. **Lock.** ``P/.build.lock`` is locked (``flock``, non-blocking) for the whole run: a second
   build into the same folder stops at once with an OutputError naming the first one.
2. **Clean up.** Leftovers of a killed build beside the folder, ``.build.staging-*`` and
   ``.build.old-*``, and hidden ``.*.part`` files of older forge versions inside it, are
   removed (an ``.old`` folder with no ``build/`` is the previous build caught between the two
   renames of the fallback below: it is put back first).
3. **Stage.** ``P/.build.staging-XXXX`` (same file system) is filled with hard links to every
   file of the previous build, so that a build of one game keeps the other games' files
   (copies where links fail; hidden ``.*.part`` files of older forge versions are dropped),
   then each new file is written into it. A linked file is unlinked before it is written:
   the previous build's files are never written through. The files the build names to drop
   (forge's outputs under an older naming, :func:`forge.build.old_names`) are unlinked there.
4. **Switch.** The two folders are swapped in one step (Linux ``renameat2(RENAME_EXCHANGE)``)
   and the previous build, now under the staging name, is deleted. Where the exchange is not
   available, ``build/`` is renamed to ``.build.old-PID`` and the staging folder to ``build/``:
   between those two renames ``build/`` is missing, and a build killed there is put back by the
   next one. With no previous build, the staging folder is renamed to ``build/``.

Every OSError becomes an OutputError (exit 2): which path, why, a hint; the staging folder is
removed and ``build/`` keeps its previous build.
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .errors import Location, OutputError

try:
    import fcntl
except ImportError:                      # Windows: msvcrt's byte-range lock instead
    fcntl = None
    import msvcrt

__all__ = ["OutputFolder", "Published"]

RENAME_EXCHANGE = 2
#: the lock file: created if need be, never through a symbolic link (ELOOP: refused)
LOCK_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
#: a folder of the project's sources, never an output folder (nor inside one)
SOURCES = ("cardspecs", "rules_src", "templates", ".git")
AT_FDCWD = -100

# errno → (why, hint) for the one-line message of a failed write
REASONS = {
    errno.EISDIR: ("a folder is in the way", "remove or rename that folder, then build again"),
    errno.ENOTDIR: ("a file stands where one of its folders should be", "remove or rename that file, then build again"),
    errno.EEXIST: ("a file stands where one of its folders should be", "remove or rename that file, then build again"),
    errno.EACCES: ("permission denied", "make the folder writable, or build elsewhere with --out DIR"),
    errno.EPERM: ("permission denied", "make the folder writable, or build elsewhere with --out DIR"),
    errno.ENOSPC: ("the disk is full", "free some space, then build again"),
    errno.EROFS: ("the file system is read-only", "build elsewhere with --out DIR"),
    errno.ELOOP: ("it is a symbolic link, which forge never writes through", "remove the link: forge makes its own file"),
    errno.EBUSY: ("the folder is in use or a mount point", "build into a folder inside it with --out DIR"),
}


@dataclass(frozen=True)
class Published:
    """What a publish did: ``written`` new files, ``kept`` files of the previous build carried
    over, ``removed`` the paths (inside the folder) of the previous build's files it dropped."""

    written: int
    kept: int
    removed: tuple[Path, ...] = ()


class OutputFolder:
    """The output folder of one build, locked while the ``with`` block runs; :meth:`publish`
    replaces its whole content in one step."""

    def __init__(self, out: Path, root: Path):
        self.out = Path(out)
        self.shown = Location.of(self.out).file.rstrip("/") + "/"
        self.real = Path(os.path.realpath(self.out))   # a symlinked build/ stays a symlink
        self.root = Path(os.path.realpath(root))
        self._fd: int | None = None

    def __enter__(self) -> "OutputFolder":
        self._check()
        lock = self.real.parent / f".{self.real.name}.lock"
        self._run(lambda: self.real.parent.mkdir(parents=True, exist_ok=True), self.real.parent,
                  "cannot create this folder")
        while self._fd is None:
            fd = self._run(lambda: os.open(lock, LOCK_FLAGS, 0o644), lock, "cannot create the lock file")
            if not _own_file(fd):
                os.close(fd)
                raise OutputError(f"{Location.of(lock).file}: the lock file is not a plain file of its own (a device, "
                                  "or a second name of another file); nothing was written",
                                  hint="remove it: forge makes its own lock file")
            if not self._run(lambda: _try_lock(fd), lock, "cannot lock"):
                holder = _read_pid(fd)
                os.close(fd)
                raise OutputError(f"{self.shown}: another forge build{holder} is building into this folder; "
                                  "nothing was written", hint="wait for it to finish, or build elsewhere with --out DIR")
            if _same_file(fd, lock):
                self._fd = fd
            else:                         # removed by a build that just finished: lock the new file
                os.close(fd)
        with contextlib.suppress(OSError):  # who holds it, for the message of a second build
            os.write(self._fd, str(os.getpid()).encode().ljust(20))
        try:
            self._clean()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        with contextlib.suppress(OSError):   # unlinked while held: see the same-file check above
            os.unlink(self.real.parent / f".{self.real.name}.lock")
        os.close(self._fd)
        self._fd = None

    def publish(self, files: Iterable[tuple[Path, bytes]], drop: Iterable[Path] = ()) -> Published:
        """Make ``(path inside the folder, data)`` files the folder's new content, keeping the
        previous build's other files but those of ``drop`` (paths inside the folder) that it
        does not write; all or nothing."""
        assert self._fd is not None, "publish() needs the folder locked: use it in a with block"
        parent, name = self.real.parent, self.real.name
        staging = Path(self._run(lambda: tempfile.mkdtemp(prefix=f".{name}.staging-", dir=parent),
                                 parent, "cannot create a staging folder here"))
        try:
            os.chmod(staging, stat.S_IMODE(self.real.stat().st_mode) if self.real.is_dir() else 0o777 & ~_umask())
            kept = self._carry_over(staging)
            written = set()
            for rel, data in files:
                self._run(lambda: _write_new(staging / rel, data), self.out / rel, "cannot write")
                written.add(str(rel))
            removed = tuple(sorted(Path(rel) for rel in {str(r) for r in drop} & kept - written))
            for rel in removed:
                self._run(lambda: os.unlink(staging / rel), self.out / rel, "cannot remove")
            old = self._run(lambda: self._switch(staging), self.out, "cannot replace the previous build")
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        _fsync_folder(parent)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)      # left over if this fails: the next build removes it
        return Published(len(written), len(kept - written) - len(removed), removed)

    def _check(self) -> None:
        """Refuse a folder whose replacement would take the project or a home with it."""
        real, why = self.real, None
        if any(len(os.fsencode(part)) > 255 for part in real.parts):
            why = "a name in its path is longer than 255 bytes, which no file system takes"
        elif real == self.root or self.root.is_relative_to(real):
            why = "it is the project folder" if real == self.root else "it holds the project"
        elif (real / "cardspecs").exists():
            why = "it holds cardspecs/"
        elif any(real.is_relative_to(self.root / name) for name in SOURCES):
            why = f"it is {'inside ' if real.parent != self.root else ''}the project's sources ({real.relative_to(self.root).parts[0]}/)"
        elif real == Path.home().resolve() or os.path.ismount(real):
            why = "it is a home folder or a mount point"
        elif real.exists() and not real.is_dir():
            why = "it is a file, not a folder"
        if why:
            raise OutputError(f"{self.shown}: cannot build into this folder: {why}; nothing was written",
                              hint="each build replaces its output folder as a whole: use a folder of its own, "
                                   "such as build/ (the default)")

    def _clean(self) -> None:
        """Remove what killed builds left beside the folder; put back a previous build caught
        between the two renames of the fallback switch."""
        parent, name = self.real.parent, self.real.name
        leftovers = sorted((parent / n for n in os.listdir(parent)
                            if n.startswith((f".{name}.staging-", f".{name}.old-"))), key=lambda p: p.lstat().st_mtime)
        olds = [p for p in leftovers if p.name.startswith(f".{name}.old-")]
        if olds and not os.path.lexists(self.real):
            self._run(lambda: os.rename(olds[-1], self.real), self.out, "cannot restore the previous build")
            leftovers.remove(olds[-1])
        for path in leftovers:
            shutil.rmtree(path, ignore_errors=True)
        if self.real.is_dir():                    # half-written files of older forge versions
            for folder, _, names in os.walk(self.real):
                for part in (n for n in names if n.startswith(".") and n.endswith(".part")):
                    with contextlib.suppress(OSError):
                        os.unlink(os.path.join(folder, part))

    def _carry_over(self, staging: Path) -> set[str]:
        """Hard-link (or copy) every file of the previous build into ``staging``; their paths."""
        kept: set[str] = set()
        if not self.real.is_dir():
            return kept

        def fail(exc: OSError) -> None:
            where = self.out / Path(exc.filename or self.real).relative_to(self.real)
            raise self._error(exc, where, "cannot read the previous build") from exc
        for folder, dirs, names in os.walk(self.real, onerror=fail):
            rel = Path(folder).relative_to(self.real)
            for entry in dirs + names:
                src, dst = Path(folder, entry), staging / rel / entry
                if entry.startswith(".") and entry.endswith(".part"):
                    continue
                self._run(lambda: _link_or_copy(src, dst), self.out / rel / entry, "cannot carry over this file")
                if not dst.is_dir() or dst.is_symlink():
                    kept.add(str(rel / entry))
        return kept

    def _switch(self, staging: Path) -> Path | None:
        """Make ``staging`` the folder; return the previous build's folder, to delete."""
        if not os.path.lexists(self.real):
            os.rename(staging, self.real)
            return None
        if _exchange(staging, self.real):
            return staging
        old = self.real.parent / f".{self.real.name}.old-{os.getpid()}"
        os.rename(self.real, old)
        os.rename(staging, self.real)
        return old

    def _run(self, action, path: Path, what: str):
        """``action()``, its OSError turned into a one-line OutputError about ``path``."""
        try:
            return action()
        except OSError as exc:
            raise self._error(exc, path, what) from exc

    def _error(self, exc: OSError, path: Path, what: str) -> OutputError:
        why, hint = REASONS.get(exc.errno, ((exc.strerror or str(exc)).lower(), "check that folder, then build again"))
        return OutputError(f"{Location.of(path).file}: {what}: {why}; nothing was published, "
                           f"{self.shown} keeps its previous build", hint=hint)


def _write_new(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir() and not path.is_symlink():
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    if os.path.lexists(path):
        os.unlink(path)                 # a link to the previous build's file: never write through it
    with open(path, "xb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def _link_or_copy(src: Path, dst: Path) -> None:
    if src.is_symlink():
        os.symlink(os.readlink(src), dst)
    elif src.is_dir():
        dst.mkdir(mode=stat.S_IMODE(src.stat().st_mode))
    else:
        try:
            os.link(src, dst)
        except OSError:                 # no hard links here (or not allowed): a copy
            shutil.copy2(src, dst)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step with Linux's renameat2; False where that is not available."""
    func = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None) if sys.platform.startswith("linux") else None
    if func is None:
        return False
    func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if func(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):   # the file system cannot exchange
        return False
    raise OSError(code, os.strerror(code), str(b))


def _own_file(fd: int) -> bool:
    """The open file is a regular file with no other name (not a device, not a hard link to a
    file elsewhere, which writing the process id into would change)."""
    info = os.fstat(fd)
    return stat.S_ISREG(info.st_mode) and info.st_nlink <= 1


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return False
        raise
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def _read_pid(fd: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        return f" (process {int(os.read(fd, 20))})"
    return ""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make the switch durable (a renamed folder survives a power cut); not possible on Windows."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
