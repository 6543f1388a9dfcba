"""Every error forge raises on purpose.

Only the CLI turns these into a message and an exit status; library code raises.

Hierarchy::

    ForgeError                    base of everything forge raises knowingly
    ├── InputError                bad input, located at file:line (exit 2)
    │   ├── SpecError             a card spec breaks the spec language
    │   ├── YamlSyntaxError       a YAML file cannot be parsed (or nests / aliases too much)
    │   ├── DataFileError         a data file (CSV/YAML rows) is missing or malformed
    │   ├── EncodingError         a file is not UTF-8 text, or holds control characters
    │   ├── PathError             a path leaves the project, or cannot be used
    │   ├── LimitError            a value or a file exceeds a documented limit
    │   ├── ExampleError          a worked example is malformed (not: it does not hold)
    │   ├── RulebookError         a rulebook edition breaks the rulebook format
    │   ├── OptionError           a command-line argument is out of range
    │   └── EngineLoadError       a game's rules engine cannot be loaded: it fails to import,
    │                             raises, declares a wrong field, or two engines claim one game
    ├── ErrorGroup                several InputErrors of one run, reported together (exit 2)
    ├── BuildError                the build itself failed (exit 1)
    │   └── OutputError           an output file cannot be written (exit 2; nothing published)
    └── EngineError               the rules engine refused something
        ├── IllegalMove           a move that the rules do not allow now
        ├── MoveError             not a move of this game here: bad notation, no such
        │                         player, cards the player does not hold
        └── InvariantError        a state broke an invariant (a bug, never a player's fault)

Each InputError carries a :class:`Location` and a hint (its class gives a general one when
the raiser gives none); ``str(error)`` is the one-line ``file:line: message`` form. Values
quoted in messages go through :func:`excerpt`: short, escaped, never a whole file.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "Location", "ForgeError", "InputError", "SpecError", "YamlSyntaxError",
    "DataFileError", "EncodingError", "PathError", "LimitError", "ExampleError", "RulebookError",
    "OptionError", "EngineLoadError", "ErrorGroup", "BuildError", "OutputError", "EngineError", "IllegalMove", "MoveError",
    "InvariantError", "Warning_", "describe", "excerpt", "gather",
]


@dataclass(frozen=True)
class Location:
    """A place in an input file; ``line`` is 1-based (0 when unknown). In a spreadsheet,
    ``cell`` names the place as Excel does (``Cards!B7``, ``'My cards'!A7:D7``) and is shown
    after the row: ``cards.xlsx:7: Cards!B7``, a ``file:line`` an editor, a CI annotation or a
    terminal can follow."""

    file: str
    line: int = 0
    cell: str = ""

    def __str__(self) -> str:
        if self.cell:                   # file:row first, as every file:line reader expects, then the cell
            return f"{self.file}:{self.line}: {self.cell}" if self.line else f"{self.file}: {self.cell}"
        return f"{self.file}:{self.line}" if self.line else self.file

    @classmethod
    def of(cls, path: Path | str, line: int = 0) -> "Location":
        """A location whose file is shown relative to the working directory when possible."""
        return cls(_shown(os.fspath(path), os.getcwd()), line)


@lru_cache(maxsize=4096)
def _shown(path: str, here: str) -> str:
    """``path`` relative to ``here``: as written (a symlink keeps its own name), else with
    symlinks followed, else as given (found once per path and working folder)."""
    for shown, base in ((os.path.abspath(path), os.path.abspath(here)), (_resolved(Path(path)), _resolved(Path(here)))):
        try:
            return str(Path(shown).relative_to(base))
        except (ValueError, TypeError):
            continue
    return str(Path(path))


def _resolved(p: Path) -> str | None:
    try:
        return str(p.resolve())
    except (OSError, RuntimeError):
        return None


class ForgeError(Exception):
    """Base class of every error forge raises knowingly."""

    exit_code = 1
    hint: str | None = None


class InputError(ForgeError):
    """Bad input at a known place."""

    exit_code = 2
    default_hint = "see README, 'Limits and safety', for what forge accepts"

    def __init__(self, location: Location, message: str, hint: str | None = None):
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message
        self.hint = hint or self.default_hint


class SpecError(InputError):
    """A card spec breaks the spec language (unknown key, wrong type, bad value…)."""

    default_hint = "the card spec language: forge docs cardspec"


class YamlSyntaxError(InputError):
    """A YAML file cannot be parsed."""

    default_hint = "check indentation, colons and quotes on this line and the one above"


class DataFileError(InputError):
    """A data file is missing, unreadable or malformed."""

    default_hint = "a data file is a CSV with a header line, or a YAML list of mappings"


class EncodingError(InputError):
    """A file is not UTF-8 text, or holds control characters."""

    default_hint = "save the file as UTF-8 text (no control characters other than tab and new line)"


class PathError(InputError):
    """A path a file names leaves the project (directly, or through a symlink) or cannot be used."""

    default_hint = "paths are relative to the file that names them and must stay inside the project"


class LimitError(InputError):
    """A value or a file exceeds one of forge's documented limits."""

    default_hint = "the limits are listed in README, 'Limits and safety'"


class ExampleError(InputError):
    """A worked example is malformed: wrong types, unknown keys, a move that is not a move."""

    default_hint = "example blocks are described in README, 'The rules engine and worked examples'"


class RulebookError(InputError):
    """A rulebook edition breaks the rulebook format (headings, fences, front matter…)."""

    default_hint = "the rulebook format is described in README, 'Rulebooks'"


class OptionError(InputError):
    """A command-line argument is unknown or out of range."""

    default_hint = "forge COMMAND --help lists the arguments and their ranges"


class EngineLoadError(InputError):
    """A game's rules engine (a project's own, or an installed package's) cannot be used."""

    default_hint = "fix the engine's code (forge docs engines describes the API); forge --debug shows the traceback"


class ErrorGroup(ForgeError):
    """Several input errors found in one run; all are reported, each once (the same fault met
    by several examples, cards or languages is one error)."""

    exit_code = 2

    def __init__(self, errors: list[InputError]):
        unique = {(str(e), getattr(e, "hint", None)): e for e in reversed(errors)}    # the first one kept
        self.errors = sorted(reversed(unique.values()), key=lambda e: (e.location.file, e.location.line))
        super().__init__("\n".join(str(e) for e in self.errors))


def gather(items, run) -> list:
    """``run(item)`` for every item, in order; the input errors they raise (alone or grouped)
    are all collected and raised together, as one ErrorGroup, once every item has run."""
    results, errors = [], []
    for item in items:
        try:
            results.append(run(item))
        except ErrorGroup as group:
            errors += group.errors
        except InputError as exc:
            errors.append(exc)
    if errors:
        raise ErrorGroup(errors)
    return results


class BuildError(ForgeError):
    """The build failed for a reason that is not bad input (e.g. the disk)."""


class OutputError(BuildError):
    """An output file or folder cannot be written; nothing of the build was published."""

    exit_code = 2

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.hint = hint


class EngineError(ForgeError):
    """The rules engine refused something."""


class IllegalMove(EngineError):
    """A move the rules do not allow in this state (the message says why)."""


class MoveError(EngineError):
    """Not a move of this game here: bad notation, no such player, cards not held. In a worked
    example this is a mistake of the example, never a refusal by the rules."""


class InvariantError(EngineError):
    """A state broke an invariant: cards lost or duplicated, scores inconsistent."""


@dataclass(frozen=True)
class Warning_:
    """A located problem that does not stop the run (``--strict`` makes it an error)."""

    location: Location
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.location}: warning: {self.message}"


EXCERPT = 40


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``value`` as a short quoted excerpt for a message: control and non-printing characters
    escaped, at most ``limit`` characters of it kept; a list or a mapping is named as such."""
    if isinstance(value, (list, tuple, dict)):            # said as what it is, not as forge's own type
        return "a mapping" if isinstance(value, dict) else "a list"
    text = value if isinstance(value, str) else str(value) if _cheap(value) else type(value).__name__
    cut = len(text) > limit
    text = text[:limit]
    shown = "".join(ch if ch.isprintable() and ch not in "\\'" else
                    ("\\'" if ch == "'" else "\\\\" if ch == "\\" else repr(ch)[1:-1]) for ch in text)
    return f"'{shown}{'…' if cut else ''}'"


def _cheap(value: object) -> bool:
    return isinstance(value, (int, float, bool, type(None))) and not (isinstance(value, int) and value.bit_length() > 200)


def describe(value: object) -> str:
    """A short description of a value for an error message: its type and a preview."""
    names = {bool: "boolean", int: "integer", float: "number", str: "string",
             list: "list", dict: "mapping", type(None): "nothing"}
    kind = next((n for t, n in names.items() if isinstance(value, t)), type(value).__name__)
    if isinstance(value, (list, dict)):
        return kind
    if value is None:
        return kind
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return f"{kind} of about {int(value.bit_length() * 0.30103) + 1} digits"
    return f"{kind} {excerpt(value) if isinstance(value, str) else excerpt(value)[1:-1]}"
