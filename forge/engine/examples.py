"""Worked examples written in rulebooks, checked against the engine.

A rulebook (``rules_src/<game>/<lang>.md``) carries examples as fenced blocks::

    ```example {#potions-highest-card}
    game: potions
    given:                       # the situation (each game documents its keys)
      hands: {Alice: "3", Bruno: "1"}
    moves: ["Alice: play 3", "Bruno: play 1"]
    expect:                      # what must hold afterwards
      winner: [Alice]
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

from ..errors import (EngineError, ErrorGroup, ExampleError, IllegalMove, InputError, LimitError, Location, MoveError,
                      excerpt, gather)
from ..fences import Fence, fences
from ..inputs import read_text
from ..limits import limit
from ..cardspec.yamlload import LocDict, LocList, parse_yaml
from .blocks import check_block, split_move
from .registry import get_game, project_of

__all__ = ["parse_examples_in", "Example", "Failure", "Missing", "Report", "parse_examples", "example_id", "check_example", "check_file",
           "missing_ids", "example_players", "run_example", "MoveRefused", "BLOCK_KEYS"]

#: ```example {#some-id}  — the info string of an example block's opening fence
EXAMPLE_INFO = re.compile(r"^example\s*\{#(?P<id>[a-z0-9][a-z0-9-]*)\}$")
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


def example_id(fence: Fence, where: Location) -> str | None:
    """The id of an example block (None for a fence of other code); an ``example`` fence
    without a valid id is an ExampleError at ``where``."""
    m = EXAMPLE_INFO.match(fence.info)
    if m:
        return m["id"]
    if re.match(r"example\b", fence.info):
        raise ExampleError(where, f"an example block needs an id (got {excerpt(fence.info)})",
                           hint="open it with ```example {#some-id}: lowercase letters, digits and -")
    return None


def parse_examples(path: Path) -> list[Example]:
    """Every example block of a Markdown file, with its line; raises InputError if one is malformed.
    A block inside another fence (e.g. a ````markdown fence showing one) is code, not an example.
    A file read again with the same text gives the same (read-only) examples without parsing."""
    text = read_text(path)
    key = (str(Path(path).absolute()), Location.of(path).file, hash(text))
    if key not in _PARSED:
        if len(_PARSED) > 64:
            _PARSED.clear()
        _PARSED[key] = _parse(path, text)
    return list(_PARSED[key])


_PARSED: dict = {}


def parse_examples_in(path: Path, text: str) -> list[Example]:
    """The example blocks of ``text``, located in ``path`` at their lines of ``text``."""
    return _parse(path, text)


def _parse(path: Path, text: str) -> list[Example]:
    lines = text.splitlines()
    out: list[Example] = []
    seen: dict[str, Example] = {}
    for fence in fences(lines, path):
        line = fence.start + 1
        ex_id = example_id(fence, Location.of(path, line))
        if ex_id is None:
            continue
        if len(out) == limit("examples"):       # before a single block more is parsed or played
            raise LimitError(Location.of(path, line), f"more than {int(limit('examples')):,} worked examples "
                             "in one edition", hint="split the rulebook, or keep the examples a reader needs")
        if ex_id in seen:
            raise ExampleError(Location.of(path, line), f"example id '{ex_id}' is used twice in this file "
                               f"(first at line {seen[ex_id].line})", hint="give each example of an edition its own id")
        body = "\n".join(lines[fence.start + 1:fence.end])
        data = parse_yaml(body, str(Location.of(path)), offset=line)
        if not isinstance(data, LocDict):
            raise InputError(Location.of(path, line), f"example {ex_id} must be a mapping "
                             "(expected keys game, given, moves, expect)")
        unknown = [k for k in data if k not in BLOCK_KEYS]
        if unknown:
            raise InputError(Location.of(path, data.at(unknown[0]).line),
                             f"example {ex_id}: unknown key '{unknown[0]}' (expected one of: {', '.join(BLOCK_KEYS)})")
        if "game" not in data or "expect" not in data:
            raise InputError(Location.of(path, line), f"example {ex_id} needs 'game' and 'expect'")
        seen[ex_id] = Example(ex_id, path, line, data, body)
        out.append(seen[ex_id])
    return out


class MoveRefused(Exception):
    """A move of ``moves`` refused by the rules: (its index, the IllegalMove)."""


def run_example(ex: Example):
    """Build the situation, play the moves; return (state, refused-move results by index).

    A move that is not a move here (bad notation, no such player, cards not held) is an
    ExampleError at its line; a move of ``moves`` the rules refuse raises :class:`MoveRefused`."""
    d = ex.data
    game = get_game(d["game"], project_of(ex.path))
    given = dict(d.get("given") or {})
    options = {**given, **dict(d.get("options") or {})}
    players = example_players(ex, game)
    try:
        state = game.new_state(players, options, random.Random(d.get("seed", 0)))
    except (EngineError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise ExampleError(d.at("given") if "given" in d else ex.location,
                           f"example {ex.id}: the situation cannot be set up: {str(exc)[:160]}",
                           hint="check the players and the values of 'given'") from None
    try:
        state.check_invariants()
    except EngineError as exc:
        raise ExampleError(d.at("given") if "given" in d else ex.location,
                           f"example {ex.id}: the situation is impossible: {str(exc)[:160]}",
                           hint="check the cards and numbers of 'given'") from None
    moves = d.get("moves") or []
    for i, text in enumerate(moves):
        try:
            _play(ex, state, game, text, moves.at(i))
        except IllegalMove as exc:
            raise MoveRefused(i, exc) from None
    refused = {}
    tries = d.get("refused") or []
    for i, text in enumerate(tries):
        try:
            _play(ex, state, game, text, tries.at(i))
            refused[i] = "accepted"
        except IllegalMove as exc:
            refused[i] = f"refused ({exc})"
    return state, refused


def _play(ex: Example, state, game, text: str, where: Location) -> None:
    """Play one ``Name: move`` of an example; a MoveError becomes an ExampleError at ``where``."""
    name, move = split_move(text)
    try:
        state.apply(state.seat(name), game.parse_move(move))
    except MoveError as exc:
        raise ExampleError(where, f"example {ex.id}: {excerpt(text, 60)} is not a move here: {exc}",
                           hint="an example's moves name its players and the cards they hold") from None


def example_players(ex: Example, game) -> list[str]:
    """The players of an example: its ``players:``, else the names its situation gives (order,
    hands, votes, still in), else the first of Alice, Bruno, Chloé… that the game needs."""
    d = ex.data
    return list(d.get("players") or _players_of(dict(d.get("given") or {})) or DEFAULT_NAMES[:game.min_players])


def _players_of(given) -> list[str]:
    for key in ("order", "hands", "votes", "still_in"):
        value = given.get(key)
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = value[0]
        if value:
            return list(value)
    return []


def check_example(ex: Example) -> list[Failure]:
    """The failures of one example (empty when it holds); ErrorGroup when it is malformed."""
    problems = check_block(ex)
    if problems:
        raise ErrorGroup(problems)
    try:
        state, refused = run_example(ex)
    except MoveRefused as exc:
        i, why = exc.args
        moves = ex.data["moves"]
        return [Failure(ex, "moves", f"{moves[i]} to be legal", f"refused: {why}", ex.at(moves.at(i).line))]
    expect = ex.data["expect"]
    failures = []
    for key, want in expect.items():
        try:
            got = state.observe(key, want)
        except EngineError as exc:              # a value the game cannot read (a move that is no move)
            got = f"(not readable here: {str(exc)[:120]})"
        if not _same(want, got):
            if isinstance(want, dict) and isinstance(got, dict):
                got = {k: got.get(k, "(missing)") for k in want}
            failures.append(Failure(ex, key, want, got, ex.at(_differs_at(want, got, expect.at(key).line))))
    tries = ex.data.get("refused") or []
    for i, outcome in refused.items():
        if outcome == "accepted":
            failures.append(Failure(ex, f"refused '{tries[i]}'", "refused", "accepted", ex.at(tries.at(i).line)))
    return failures


def _differs_at(want, got, line: int) -> int:
    """The line of the first expected value that ``got`` does not match, inside a mapping or a
    list written over several lines; else ``line`` (the field's own)."""
    if isinstance(want, LocDict) and isinstance(got, dict):
        for k, v in want.items():
            if not (k in got and _same(v, got[k])):
                return _differs_at(v, got.get(k), want.at(k).line or line)
    elif isinstance(want, LocList) and isinstance(got, (list, tuple)) and len(want) == len(got):
        for i, (a, b) in enumerate(zip(want, got)):
            if not _same(a, b):
                return _differs_at(a, b, want.at(i).line or line)
    return line


def _same(want, got) -> bool:
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _same(v, got[k]) for k, v in want.items())
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        return len(want) == len(got) and all(_same(a, b) for a, b in zip(want, got))
    return str(want).strip() == str(got).strip()


def check_file(path: Path) -> tuple[list[Example], list[Failure]]:
    """Check every example of one file; malformed examples are all reported (ErrorGroup)."""
    examples = parse_examples(path)
    return examples, [f for failures in gather(examples, check_example) for f in failures]


@dataclass(frozen=True)
class Missing:
    """Edition ``path`` lacks example ``id``, which ``found`` (another edition) has."""

    path: Path
    id: str
    found: Example

    @property
    def location(self) -> Location:
        return Location.of(self.path, 1)

    @property
    def message(self) -> str:
        return f"example {self.id} is missing from this edition (found at {self.found.location})"

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


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
    """The Markdown files named, or found below the folders named, each once; a YAML file
    named (a game's figures.yaml or rules.yaml, as pre-commit passes changed files) stands
    for its folder."""
    out: dict[Path, None] = {}
    for p in paths:
        if p.suffix in (".yaml", ".yml") and p.is_file():
            p = p.parent
        out.update(dict.fromkeys(sorted(p.rglob("*.md")) if p.is_dir() else [p]))
    return list(out)


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
        report.missing += missing_ids(editions)
    return report


def missing_ids(editions: dict[Path, list[Example]]) -> list[Missing]:
    """The example ids each language edition of one game lacks that another edition has."""
    ids = {p: {e.id: e for e in exs} for p, exs in editions.items()}
    every = {i for d in ids.values() for i in d}
    return [Missing(path, missing, next(d[missing] for d in ids.values() if missing in d))
            for path, have in sorted(ids.items()) for missing in sorted(every - set(have))]


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
