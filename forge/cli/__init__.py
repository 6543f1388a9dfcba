"""The ``forge`` command line: thin Typer commands over the library.

Only this package turns a :class:`~forge.errors.ForgeError` into a message and an
exit status: input errors print ``file:line: what is wrong`` and a hint, exit 2.
"""
from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from typer.core import TyperOption

from .. import __version__
from ..errors import ErrorGroup, ForgeError

__all__ = ["app", "main"]



def _flag_type(option: TyperOption, ctx) -> str | None:
    """The type shown beside an option in ``--help``: none for a flag (``--strict``, ``--help``),
    which takes no value; Typer 0.29 shows ``<bool>`` there, as if ``--strict true`` were asked."""
    return None if option.is_flag else _VALUE_TYPE(option, ctx)


_VALUE_TYPE = TyperOption.display_type_rich
TyperOption.display_type_rich = _flag_type           # every option of every command, --help included

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Build print-and-play kits and rulebooks for card games.")
# no markup, no emoji codes (":100:" must print as written), no highlighting: messages quote input
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)
out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
_state = {"debug": False}


def _version(value: bool) -> None:
    if value:
        print(f"forge {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Print the version and exit.")] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of errors.")] = False,
) -> None:
    _state["debug"] = debug


def report(exc: ForgeError) -> None:
    """Print a ForgeError as located lines with hints and exit with its status."""
    show(exc)
    raise typer.Exit(exc.exit_code)


def exc_lines(exc: ForgeError) -> list[str]:
    """The lines :func:`show` prints for ``exc``: each located error, and its hint."""
    errors = exc.errors if isinstance(exc, ErrorGroup) else [exc]
    return [line for e in errors for line in (str(e), *([f"  hint: {e.hint}"] if getattr(e, "hint", None) else []))]


def show(exc: ForgeError) -> None:
    """Print a ForgeError as located lines with hints (and its traceback with --debug)."""
    errors = exc.errors if isinstance(exc, ErrorGroup) else [exc]
    for e in errors:
        err.print(str(e), markup=False)
        if getattr(e, "hint", None):
            err.print(f"  hint: {e.hint}", markup=False)
    if len(errors) > 1:
        err.print(f"{len(errors)} problems found; nothing was written.", markup=False)
    if _state["debug"]:
        import traceback
        for e in errors if isinstance(exc, ErrorGroup) else []:
            if e.__traceback__ is not None or e.__cause__ is not None:
                traceback.print_exception(e, file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr)


def warning(w) -> None:
    """Print a located warning (forge.errors.Warning_) and its hint; the run goes on."""
    err.print(str(w))
    if w.hint:
        err.print(f"  hint: {w.hint}")


def project_root() -> Path:
    """The project is the current directory (it holds cardspecs/)."""
    return Path.cwd()


from . import check, commands, docs, export, i18n, simulate  # noqa: E402,F401  (registers the commands)


def _unwrapped(doc: str) -> str:
    """A docstring as ``--help`` shows it: its paragraphs kept, the line breaks inside each
    joined (Typer's panels would print the source's hard wraps as they are)."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


for _command in app.registered_commands:
    _command.help = _unwrapped(_command.help or inspect.getdoc(_command.callback) or "")


def main() -> None:
    try:
        app()
    except ForgeError as exc:          # raised outside a command (should not happen)
        print(str(exc), file=sys.stderr)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        print("interrupted: the output folder holds a whole build (the previous one, unless the new one "
              "was just published)", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:           # a bug of forge: say so in one line, traceback on --debug
        if _state["debug"]:
            raise
        print(f"forge: internal error ({type(exc).__name__}): {str(exc)[:200]}", file=sys.stderr)
        print("  hint: this is a bug of forge, not of your files; rerun with --debug and report the "
              "traceback", file=sys.stderr)
        sys.exit(3)
