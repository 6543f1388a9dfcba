"""Mutating the real project's inputs and checking forge's promise about bad input.

Used by ``tests/test_fuzz.py`` (a bounded, seeded Hypothesis run in the normal suite) and by
``benchmarks/fuzz.py`` (a long campaign that prints the counts).

A *case* is one input file of a scratch copy of the project (a card spec, a CSV, a strings
file, a rules edition, a figures file, a page-words file) spoiled by one mutation: bytes
corrupted, a BOM, CRLF, UTF-16, truncation, a line deleted or doubled, a hostile snippet, or a
structural change of its data (a key deleted or added, a value swapped for one of another
type, a huge number, an odd unit, NaN). :func:`run_case` then runs the part of forge that
reads that file, in-process, and sorts the outcome:

- ``ok``: accepted (a mutation can be harmless: CRLF, a BOM, a comment);
- ``located``: refused with ForgeErrors that all carry a file and a line;
- ``unlocated``: refused, but some error lacks a file or a line;
- ``traceback``: any other exception escaped (a bug);
- and the seconds it took.

The newer surfaces (images, workbooks, Chat vert's rules, ``forge new``, ``forge export``:
``tests/fuzz_surfaces.py``) share the sorting (tests/fuzz_outcomes.py) and add the classes of commands that write: ``internal`` (exit 3, or a status forge never gives),
``outside`` (something changed beside the project: :class:`Sandbox`), ``partial`` (a refused
command left some of its output, or a command wrote half of it), ``accepted`` (a value forge's
own rule refuses was taken) and ``hung`` (stopped after :data:`HANG` seconds).
"""
from __future__ import annotations

import csv
import io
import os
import random
import shutil
import time
from pathlib import Path

import yaml

from .fuzz_outcomes import Outcome, outcome_of

ROOT = Path(__file__).resolve().parent.parent

#: snippets a hostile or clumsy writer puts in a file
HOSTILE_LINES = [
    "x: &a [*a]", "x: " + "[" * 200 + "]" * 200, "copies: 1e400", "copies: 100000000000000000000",
    "  bleed: .nan", "  bleed: -.inf", "    card: {width: 0.0001mm, height: 1mm}", 'languages: ["../../pwned"]',
    "languages: [/tmp/x]", "data: /etc/passwd", "strings: ../../../etc/passwd", "extends: /etc/hostname",
    "extends: ../cardspecs/dalmuti.yaml", "\tkey: tab", "title: " + "x" * 20_000, "```", "```python",
    "````markdown", "<style>", "<script>alert(1)</script>", "<textarea>", '<img src="http://example.com/x.png">',
    '<div class="example checked" data-forge-example="x">', "```example {#fuzz}", "## Heading without id",
    "{{dalmuti-deck.deck.nope}}", "---", "a: b: c", "? [a, b]\n: c", "<<: *a", "key: !!python/object:os.system x",
    "date: 2024-13-45", "n: 0x" + "f" * 5000, "n: " + "9" * 5000, ":100: :x: [red]markup[/red]",
]
#: values of other types, odd units and sizes for structural mutations
ODD_VALUES = [None, True, 0, -1, 10 ** 30, float("nan"), float("inf"), -0.0, "", "x" * 5000, "3km", "-5mm",
              "1e9mm", "0.0001mm", "../../../etc/passwd", "/etc/passwd", "#zzzzzz", [], [1, [2, [3]]], {},
              {"a": {"b": {"c": 1}}}, "{unknown_field}", "@no.such.key", "{", "}", "{0}", "{x:>999999}", "é" * 100,
              "\u202e\u200b", "1,2,3", "yes"]


def corpus(root: Path = ROOT) -> list[str]:
    """The project's input files, relative to ``root``."""
    files = sorted(str(p.relative_to(root)) for p in (root / "cardspecs").rglob("*") if p.suffix in (".yaml", ".csv"))
    files += sorted(str(p.relative_to(root)) for p in (root / "rules_src").rglob("*") if p.suffix in (".md", ".yaml", ".po"))
    files += sorted(str(p.relative_to(root)) for p in (root / "templates" / "i18n").glob("*") if p.suffix in (".yaml", ".po"))
    return files


# -- mutations: (original bytes, rng) → new bytes -----------------------------------------

def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def insert_bytes(data: bytes, rng: random.Random) -> bytes:
    junk = rng.choice([b"\xe9", b"\xff\xfe", b"\x00", b"\x1b[31m", b"\x7f", b"\xc3", b"\xed\xa0\x80", b"\r",
                       bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))])
    at = rng.randrange(len(data) + 1)
    return data[:at] + junk + data[at:]


def bom(data: bytes, rng: random.Random) -> bytes:
    return b"\xef\xbb\xbf" + data


def crlf(data: bytes, rng: random.Random) -> bytes:
    return data.replace(b"\n", b"\r\n")


def utf16(data: bytes, rng: random.Random) -> bytes:
    return data.decode("utf-8").encode(rng.choice(["utf-16", "utf-16-le", "utf-32"]))


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def drop_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def double_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i] * rng.choice([1, 2, 50]))
    return b"\n".join(lines)


def hostile_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    snippet = rng.choice(HOSTILE_LINES).encode("utf-8")
    i = rng.randrange(len(lines) + 1)
    if rng.random() < 0.5 and i < len(lines):
        lines[i] = snippet
    else:
        lines.insert(i, snippet)
    return b"\n".join(lines)


def _walk(node, rng: random.Random, depth: int = 0):
    """A random (container, key) inside a parsed YAML tree (None when there is none)."""
    spots = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []
    if not spots:
        return None
    key, value = rng.choice(spots)
    if isinstance(value, (dict, list)) and value and rng.random() < 0.7 and depth < 8:
        deeper = _walk(value, rng, depth + 1)
        if deeper is not None:
            return deeper
    return node, key


def restructure(data: bytes, rng: random.Random) -> bytes:
    """A structural change of a YAML document: a key deleted or added, a value replaced."""
    try:
        tree = yaml.safe_load(data.decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return hostile_line(data, rng)
    spot = _walk(tree, rng)
    if spot is None:
        return hostile_line(data, rng)
    node, key = spot
    what = rng.random()
    if what < 0.2 and isinstance(node, dict):
        del node[key]
    elif what < 0.35 and isinstance(node, dict):
        node[rng.choice(["sleeves", "leeder", "colour", "copies", "extends", "layout", "zz"])] = rng.choice(ODD_VALUES)
    else:
        node[key] = rng.choice(ODD_VALUES)
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode("utf-8")


def recell(data: bytes, rng: random.Random) -> bytes:
    """A CSV with one cell (or the header) replaced, a column added or a row cut."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    if not rows:
        return hostile_line(data, rng)
    r = rng.randrange(len(rows))
    what = rng.random()
    if what < 0.6 and rows[r]:
        rows[r][rng.randrange(len(rows[r]))] = str(rng.choice(ODD_VALUES))
    elif what < 0.8:
        rows[r].append("extra")
    else:
        rows[r] = rows[r][:rng.randrange(len(rows[r]) + 1)]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode("utf-8")


def reblock(data: bytes, rng: random.Random) -> bytes:
    """A worked example's data changed structurally (rules editions)."""
    text = data.decode("utf-8")
    starts = [i for i in range(len(text)) if text.startswith("```example", i)]
    if not starts:
        return hostile_line(data, rng)
    start = text.index("\n", rng.choice(starts)) + 1
    end = text.find("\n```", start)
    if end < 0:
        return hostile_line(data, rng)
    body = restructure(text[start:end].encode("utf-8"), rng).decode("utf-8").rstrip("\n")
    return (text[:start] + body + text[end:]).encode("utf-8")


def restring(data: bytes, rng: random.Random) -> bytes:
    """A catalog's translation spoiled as a translator's slip would: a placeholder or a mark
    lost, a line break or a block's syntax put in, an entry's quote unclosed."""
    lines = _lines(data)
    at = [i for i, line in enumerate(lines) if line.startswith((b'msgstr "', b'"')) and len(line) > 8]
    if not at:
        return data
    i = rng.choice(at)
    line = lines[i]
    lines[i] = rng.choice([
        line.replace(b"{{", b"{", 1), line.replace(b"}}", b"", 1), line.replace(b"**", b"", 1),
        line[:-1] + b'\\n\\n## x {#x}"', line[:-1], line.replace(b"](", b"] (", 1),
        line[:-1] + b' {{nope.field}}"', line.replace(b'"', b'"| ', 1)])
    return b"\n".join(lines)


TEXT_MUTATIONS = [insert_bytes, bom, crlf, utf16, truncate, drop_line, double_line, hostile_line]
MUTATIONS = {".yaml": TEXT_MUTATIONS + [restructure] * 4, ".csv": TEXT_MUTATIONS + [recell] * 3,
             ".md": TEXT_MUTATIONS + [reblock] * 4, ".po": TEXT_MUTATIONS + [restring] * 4}


# -- running a case -------------------------------------------------------------------------

def scratch_project(folder: Path) -> Path:
    """A copy of the project's inputs in ``folder``."""
    for part in ("cardspecs", "rules_src", "templates"):
        shutil.copytree(ROOT / part, folder / part)
    return folder


def _target(project: Path, rel: str, render: bool) -> None:
    """Run what reads ``rel``: the spec loader (and a render), or the rulebook checker and page."""
    from forge.build import load_games
    from forge.rulebook.check import check_rules
    parts = Path(rel).parts
    if parts[0] == "cardspecs":
        game = Path(parts[1]).stem
        [spec] = load_games(project, [game]).values()      # its id may differ from the file's name
        if render:
            from forge.kit.render import render_component
            comp = min(spec.components.values(), key=lambda c: c.card_count)
            render_component(spec, comp, spec.languages[0], "a4")
        return
    folder = project / "rules_src" / parts[1] if parts[0] == "rules_src" else project / "rules_src" / "dalmuti"
    check_rules([folder])
    if render:
        from forge.rulebook.pages import Rulebooks
        books = Rulebooks(project, load_games(project, [folder.name]))
        for rules in books.games((folder.name,)):
            lang = Path(rel).stem if Path(rel).stem in rules.editions else next(iter(rules.editions))
            books.page(rules, lang, project / "build", [])


def run_case(project: Path, rel: str, mutation, rng: random.Random, render: bool = False) -> Outcome:
    """Spoil ``rel`` in ``project`` with ``mutation``, run forge on it, restore the file."""
    path = project / rel
    original = path.read_bytes()
    write_stamped(path, mutation(original, rng))
    try:
        return outcome_of(lambda: _target(project, rel, render))
    finally:
        write_stamped(path, original)


def write_stamped(path: Path, data: bytes) -> None:
    """Write ``path`` with a modification time of its own: forge knows a file it read before by
    its time, and two writes in one tick of the file system's clock would look alike."""
    path.write_bytes(data)
    write_stamped.tick = max(getattr(write_stamped, "tick", 0) + 1_000_000, time.time_ns())
    os.utime(path, ns=(write_stamped.tick, write_stamped.tick))
