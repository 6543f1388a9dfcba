"""The ``forge`` program: ``forge build`` with nothing changed is answered here, before the
command line library is loaded; everything else goes to :mod:`forge.cli`.

Typer, with click and pydantic under it, takes about 0.2 s of CPU to import: more than the
whole check that a build is up to date (:func:`forge.build.last_build`). So the main job,
``forge build`` with no argument, first looks whether the last build of ``build/`` is still
current; if it is, it prints the last build's warnings and says so, exactly as the full
command would (``--out DIR`` may name another folder than ``build/``). Anything else —
another command, another option, a change, an error such as a
build already running — goes through :mod:`forge.cli`, which does the whole work and reports.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["main", "plain_build", "unchanged_build"]


def main() -> None:
    try:
        os.getcwd()
    except OSError:                     # the folder forge was started in was deleted or moved away
        print("forge: the current folder no longer exists (deleted or moved while this shell was in it)\n"
              "  hint: cd to the project folder again", file=sys.stderr)
        sys.exit(2)
    out = plain_build(sys.argv[1:])
    if out is not None and unchanged_build(Path.cwd(), out):
        return
    from .cli import main as cli_main
    cli_main()


def plain_build(args: list[str]) -> Path | None:
    """The output folder of ``forge build`` with no other option than ``--out``; else None."""
    if args == ["build"]:
        return Path("build")
    if len(args) == 3 and args[:2] == ["build", "--out"] and args[2] and not args[2].startswith("-"):
        return Path(args[2])
    if len(args) == 2 and args[0] == "build" and args[1].startswith("--out=") and len(args[1]) > 6:
        return Path(args[1][6:])
    return None


def unchanged_build(root: Path, out: Path) -> bool:
    """Whether ``forge build --out out`` in ``root`` finds nothing to do; if so it has said it
    (the last build's warnings on stderr, then the up-to-date line) and holds no lock any more."""
    from .build import last_build, up_to_date_line
    from .errors import ForgeError
    from .publish import OutputFolder
    try:
        with OutputFolder(out, root) as folder:
            last = last_build(root, folder)[2]
    except (ForgeError, OSError):
        return False                 # the full command runs again and reports the problem
    if last is None:
        return False
    files, warnings = last
    for w in warnings:
        print(str(w), file=sys.stderr)
        if w.hint:
            print(f"  hint: {w.hint}", file=sys.stderr)
    print(up_to_date_line(folder.shown, len(files)))
    return True
