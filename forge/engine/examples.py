"""Worked examples written in rulebooks, checked against the engine.

A rulebook (``rules_src/<game>/<lang>.md``) carries examples as fenced blocks::

    ```example {#dalmuti-jester-alone}
    game: dalmuti
    given:                       # the situation (each game documents its keys)
      hands: {Alice: "J 7", Bruno: "12 12"}
      leader: Alice
    moves: ["Alice: play J", "Bruno: pass"]
    expect:                      # what must hold afterwards
      table_rank: 13
    ```

The data is language-neutral and the same id appears in every language edition.
:func:`check_file` runs every block; each failure names the file and line of the
field that does not hold, what was expected and what the engine got.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import IllegalMove, InputError, Location, YamlSyntaxError
from ..inputs import read_text
from ..spec.yamlload import LocDict, parse_yaml
from .core import get_game

__all__ = ["Example", "Failure", "Missing", "Report", "parse_examples", "check_example", "check_file", "BLOCK_KEYS"]

#: ```example {#some-id}  — the opening fence of an example block
FENCE = re.compile(r"^```example\s*\{#(?P<id>[a-z0-9][a-z0-9-]*)\}\s*$")
#: a language edition of a rulebook: fr.md, en.md, pt-BR.md
EDITION = re.compile(r"^[a-z]{2,3}(-[A-Za-z]{2,4})?\.md$")
DEFAULT_NAMES = ("Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules")
BLOCK_KEYS = ("game", "given", "options", "moves", "refused", "expect", "seed", "players")


@dataclass
class Example:
    id: str
    path: Path
    line: int                     # line of the opening fence
    data: LocDict
    source: str = ""

    @property
    def location(self) -> Location:
        return Location.of(self.path, self.line)

    def at(self, line: int) -> Location:
        """A line of the file (the data's own locations are file lines)."""
        return Location.of(self.path, line)


@dataclass
class Failure:
    example: Example
    field: str
    expected: object
    got: object
    location: Location

    def __str__(self) -> str:
        return (f"{self.location}: example {self.example.id}: {self.field} expected {_show(self.expected)}, "
                f"got {_show(self.got)}")


def _show(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def parse_examples(path: Path) -> list[Example]:
    """Every example block of a Markdown file, with its line; raises InputError if one is malformed."""
    lines = read_text(path).splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i + 1
        j = start
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if j == len(lines):
            raise YamlSyntaxError(Location.of(path, i + 1), f"example {m['id']} has no closing ```",
                                  hint="close the block with a line holding only ```")
        body = "\n".join(lines[start:j])
        data = parse_yaml(body, str(Location.of(path)), offset=i + 1)
        if not isinstance(data, LocDict):
            raise InputError(Location.of(path, i + 1), f"example {m['id']} must be a mapping "
                             "(expected keys game, given, moves, expect)")
        unknown = [k for k in data if k not in BLOCK_KEYS]
        if unknown:
            raise InputError(Location.of(path, data.at(unknown[0]).line),
                             f"example {m['id']}: unknown key '{unknown[0]}' (expected one of: {', '.join(BLOCK_KEYS)})")
        if "game" not in data or "expect" not in data:
            raise InputError(Location.of(path, i + 1), f"example {m['id']} needs 'game' and 'expect'")
        out.append(Example(m["id"], path, i + 1, data, body))
        i = j + 1
    return out


def run_example(ex: Example):
    """Build the situation, play the moves; return (state, refused-move results)."""
    d = ex.data
    try:
        game = get_game(d["game"])
    except KeyError:
        raise InputError(ex.at(d.at("game").line), f"example {ex.id}: unknown game '{d['game']}'") from None
    given = dict(d.get("given") or {})
    options = {**given, **dict(d.get("options") or {})}
    players = list(d.get("players") or given.get("players") or _players_of(given)
                   or DEFAULT_NAMES[:game.min_players])
    state = game.new_state(players, options, random.Random(int(d.get("seed", 0))))
    for text in d.get("moves") or []:
        name, _, move = str(text).partition(":")
        state.apply(state.seat(name.strip()), game.parse_move(move.strip()))
    refused = {}
    for text in d.get("refused") or []:
        name, _, move = str(text).partition(":")
        try:
            state.apply(state.seat(name.strip()), game.parse_move(move.strip()))
            refused[text] = "accepted"
        except IllegalMove as exc:
            refused[text] = f"refused ({exc})"
    return state, refused


def _players_of(given) -> list[str]:
    for key in ("order", "hands", "votes", "still_in"):
        value = given.get(key)
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = value[0]
        if value:
            return list(value)
    return []


def check_example(ex: Example) -> list[Failure]:
    """The failures of one example (empty when it holds)."""
    try:
        state, refused = run_example(ex)
    except IllegalMove as exc:
        return [Failure(ex, "moves", "every move legal", f"refused: {exc}", ex.location)]
    observe = getattr(state, "observe", None)
    expect = ex.data["expect"]
    failures = []
    for key, want in expect.items():
        loc = ex.at(expect.at(key).line)
        if key == "refused":
            continue
        got = observe(key, want) if observe else None
        if got is NotImplemented:
            failures.append(Failure(ex, key, want, "an unknown field for this game", loc))
        elif not _same(want, got):
            if isinstance(want, dict) and isinstance(got, dict):
                got = {k: got.get(k, "(missing)") for k in want}
            failures.append(Failure(ex, key, want, got, loc))
    for text, outcome in refused.items():
        if outcome == "accepted":
            failures.append(Failure(ex, f"refused '{text}'", "refused", "accepted", ex.location))
    return failures


def _same(want, got) -> bool:
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _same(v, got[k]) for k, v in want.items())
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        return len(want) == len(got) and all(_same(a, b) for a, b in zip(want, got))
    return str(want).strip() == str(got).strip()


def check_file(path: Path) -> tuple[list[Example], list[Failure]]:
    examples = parse_examples(path)
    return examples, [f for ex in examples for f in check_example(ex)]


@dataclass(frozen=True)
class Missing:
    """Edition ``path`` lacks example ``id``, which ``found`` (another edition) has."""

    path: Path
    id: str
    found: Example

    def __str__(self) -> str:
        return f"{Location.of(self.path, 1)}: example {self.id} is missing from this edition (found at {self.found.location})"


@dataclass
class Report:
    """The outcome of checking rules sources."""

    examples: list[Example] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    missing: list["Missing"] = field(default_factory=list)  # an edition lacks an id

    @property
    def ok(self) -> bool:
        return not self.failures and not self.missing


def rules_files(paths: list[Path]) -> list[Path]:
    """The Markdown files named, or found below the folders named."""
    out = []
    for p in paths:
        out += sorted(p.rglob("*.md")) if p.is_dir() else [p]
    return out


def check_paths(paths: list[Path]) -> Report:
    """Check every example of every file; also compare example ids across the language
    editions of each game (the files of one folder)."""
    report = Report()
    by_folder: dict[Path, dict[Path, list[Example]]] = {}
    for path in rules_files(paths):
        if not path.is_file():
            raise InputError(Location.of(path), "no such rules file (expected a .md file or a folder)")
        examples, failures = check_file(path)
        report.examples += examples
        report.failures += failures
        by_folder.setdefault(path.parent, {})[path] = examples
    for folder, editions in by_folder.items():
        if not all(EDITION.match(p.name) for p in editions):
            continue                               # not a game folder of language editions
        siblings = {p for p in folder.glob("*.md") if EDITION.match(p.name)} - set(editions)
        for p in sorted(siblings):                 # editions not named still count for parity
            editions[p] = parse_examples(p)
        ids = {p: {e.id: e for e in exs} for p, exs in editions.items()}
        every = {i for d in ids.values() for i in d}
        for path, have in sorted(ids.items()):
            for missing in sorted(every - set(have)):
                other = next(d[missing] for d in ids.values() if missing in d)
                report.missing.append(Missing(path, missing, other))
    return report


def junit_xml(report: Report) -> str:
    """The report as JUnit XML: one test case per example, one per missing id."""
    from xml.etree import ElementTree as ET
    suite = ET.Element("testsuite", name="forge check", tests=str(len(report.examples) + len(report.missing)),
                       failures=str(len({f.example.id + str(f.example.path) for f in report.failures})
                                    + len(report.missing)))
    failed: dict[tuple, list[Failure]] = {}
    for f in report.failures:
        failed.setdefault((str(f.example.path), f.example.id), []).append(f)
    for ex in report.examples:
        case = ET.SubElement(suite, "testcase", classname=str(Location.of(ex.path)), name=ex.id,
                             file=str(Location.of(ex.path)), line=str(ex.line))
        for f in failed.get((str(ex.path), ex.id), []):
            ET.SubElement(case, "failure", message=str(f)).text = str(f)
    for m in report.missing:
        line = str(m)
        case = ET.SubElement(suite, "testcase", classname="editions", name=f"{m.id} in {Location.of(m.path)}")
        ET.SubElement(case, "failure", message=line).text = line
    return ET.tostring(suite, encoding="unicode", xml_declaration=True)
