"""``forge check --format github``: problems as GitHub Actions workflow commands.

One line a problem, ``::error file=rules_src/foxhens/en.md,line=42,title=foxhens-fence::message``,
which the Actions runner shows as an annotation on that line of the pull request. Values
are escaped as the runner reads them (``%``, CR and LF in the message; also ``,`` and ``:``
in the properties) and files are named relative to the repository's root (the nearest
folder above the working directory that holds ``.git``), the names GitHub shows.
"""
from __future__ import annotations

import os
from pathlib import Path

from .errors import ErrorGroup, ForgeError, Location

__all__ = ["annotation", "check_annotations", "error_annotations"]


def _escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def _repo_path(file: str) -> str:
    here = Path.cwd()
    root = next((d for d in (here, *here.parents) if (d / ".git").exists()), here)
    return Path(os.path.relpath(Path(file).absolute(), root)).as_posix()


def annotation(level: str, location: Location | None, message: str, title: str | None = None) -> str:
    """One workflow command: ``::error file=…,line=…,title=…::message`` (``level``: error or warning)."""
    props = []
    if location is not None and location.file:
        props.append(f"file={_escape(_repo_path(location.file), True)}")
        if location.line:
            props.append(f"line={location.line}")
    if title:
        props.append(f"title={_escape(title, True)}")
    return f"::{level}{' ' + ','.join(props) if props else ''}::{_escape(message)}"


def _message(item) -> str:
    """What a located item says, without its leading ``file:line:``."""
    return getattr(item, "message", None) or str(item).removeprefix(f"{item.location}: ")


def check_annotations(report, strict: bool = False) -> list[str]:
    """A :class:`forge.rulebook.check.RulesReport` as workflow commands: an error per failing
    field of an example, per example missing from an edition, per placeholder that does not
    resolve, per paragraph naming what its example does not show and per problem a game's
    simulation finds; a warning (an error with ``strict``)
    per stale or untranslated section and per piece of HTML the sanitizer removes."""
    soft = "error" if strict else "warning"
    items = ([("error", f, f.example.id) for f in report.examples.failures]
             + [("error", m, m.id) for m in report.examples.missing]
             + [("error", p, None) for p in [*report.placeholders, *report.prose, *report.unsound]]
             + [(soft, s, f"section {s.section}") for s in report.statuses]
             + [(soft, w, None) for w in report.warnings])
    return [annotation(level, item.location, _message(item), title) for level, item, title in items]


def error_annotations(exc: ForgeError) -> list[str]:
    """Bad input (exit 2) as workflow commands: an error per problem, its hint on a second line."""
    errors = exc.errors if isinstance(exc, ErrorGroup) else [exc]
    return [annotation("error", getattr(e, "location", None), getattr(e, "message", str(e))
                       + (f"\nhint: {e.hint}" if getattr(e, "hint", None) else "")) for e in errors]
