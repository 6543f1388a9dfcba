"""Every error forge raises on purpose.

Only the CLI turns these into a message and an exit status; library code raises.

Hierarchy::

    ForgeError                    base of everything forge raises knowingly
    ├── InputError                bad input, located at file:line (exit 2)
    │   ├── SpecError             a card spec breaks the spec language
    │   ├── YamlSyntaxError       a YAML file cannot be parsed
    │   └── DataFileError         a data file (CSV/YAML rows) is missing or malformed
    ├── ErrorGroup                several InputErrors of one run, reported together (exit 2)
    ├── BuildError                the build itself failed (exit 1)
    └── EngineError               the rules engine refused something
        ├── IllegalMove           a move that the rules do not allow now
        └── InvariantError        a state broke an invariant (a bug, never a player's fault)

Each InputError carries a :class:`Location` and an optional hint; ``str(error)``
is the one-line ``file:line: message`` form.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Location", "ForgeError", "InputError", "SpecError", "YamlSyntaxError",
    "DataFileError", "ErrorGroup", "BuildError", "EngineError", "IllegalMove", "InvariantError",
    "describe",
]


@dataclass(frozen=True)
class Location:
    """A place in an input file; ``line`` is 1-based (0 when unknown)."""

    file: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    @classmethod
    def of(cls, path: Path | str, line: int = 0) -> "Location":
        """A location whose file is shown relative to the working directory when possible."""
        p = Path(path)
        try:
            p = p.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            pass
        return cls(str(p), line)


class ForgeError(Exception):
    """Base class of every error forge raises knowingly."""

    exit_code = 1
    hint: str | None = None


class InputError(ForgeError):
    """Bad input at a known place."""

    exit_code = 2

    def __init__(self, location: Location, message: str, hint: str | None = None):
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message
        self.hint = hint


class SpecError(InputError):
    """A card spec breaks the spec language (unknown key, wrong type, bad value…)."""


class YamlSyntaxError(InputError):
    """A YAML file cannot be parsed."""


class DataFileError(InputError):
    """A data file is missing, unreadable or malformed."""


class ErrorGroup(ForgeError):
    """Several input errors found in one run; all are reported."""

    exit_code = 2

    def __init__(self, errors: list[InputError]):
        self.errors = sorted(errors, key=lambda e: (e.location.file, e.location.line))
        super().__init__("\n".join(str(e) for e in self.errors))


class BuildError(ForgeError):
    """The build failed for a reason that is not bad input (e.g. the disk)."""


class EngineError(ForgeError):
    """The rules engine refused something."""


class IllegalMove(EngineError):
    """A move the rules do not allow in this state (the message says why)."""


class InvariantError(EngineError):
    """A state broke an invariant: cards lost or duplicated, scores inconsistent."""


def describe(value: object) -> str:
    """A short description of a value for an error message: its type and a preview."""
    names = {bool: "boolean", int: "integer", float: "number", str: "string",
             list: "list", dict: "mapping", type(None): "nothing"}
    kind = next((n for t, n in names.items() if isinstance(value, t)), type(value).__name__)
    if isinstance(value, (list, dict)):
        return kind
    text = repr(value) if isinstance(value, str) else str(value)
    if len(text) > 40:
        text = text[:37] + "…"
    return f"{kind} {text}" if value is not None else kind
