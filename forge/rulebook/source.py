"""Reading a rulebook edition: front matter, title, and sections with stable ids.

An edition is ``rules_src/<game>/<lang>.md``::

    ---                              (translations only)
    translation_of: fr               the source edition's language
    follows:                         source version each section was translated from
      intro: 3f9a0c61d2e4            (written by ``forge mark-translated``)
      setup: 81b2…
    ---
    # Potions of the Sea             the title
    Text before the first ## is the section ``intro``.
    ## Setup {#setup}                every ## and ### heading carries an id,
    ### The deal {#deal}             the same in every language

A *section* runs from one ``##`` heading to the next (``###`` belong to their ``##``).
A line inside a code fence is never a heading (fences are found by :func:`forge.fences.fences`;
one left open is an error at its opening line).
Its *digest* is a hash of its source text: when the source edition's section changes,
its digest changes and translations that follow the old digest are stale.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import Location, RulebookError, excerpt
from ..fences import code_lines, fences
from ..inputs import inside, read_text
from ..cardspec.yamlload import parse_yaml

__all__ = ["Section", "Edition", "Heading", "read_edition", "parse_edition", "plain", "EDITION_FILE", "INTRO"]

#: a language edition's file name: fr.md, en.md, pt-BR.md
EDITION_FILE = re.compile(r"^(?P<lang>[a-z]{2,3}(?:-[A-Za-z]{2,4})?)\.md$")
#: the front matter block at the very top of a file
FRONT = re.compile(r"\A---\n(?P<body>.*?)\n---\n", re.S)
#: any ATX heading of level 1–6
ANY_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<rest>.*?)\s*$")
#: a heading's explicit id at its end: ``Setup {#setup}``
HEADING_ID = re.compile(r"^(?P<text>.*?)\s*\{#(?P<id>[a-z][a-z0-9-]*)\}$")
INTRO = "intro"
FRONT_KEYS = ("translation_of", "follows")


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    id: str
    line: int


@dataclass
class Section:
    id: str
    heading: str          # the ## heading's text ('' for the intro)
    line: int             # line of the heading (of the first line for the intro)
    lines: list[str]      # the section's Markdown, heading included
    headings: list[Heading] = field(default_factory=list)   # its ## and ### headings
    numbers: list[int] = field(default_factory=list)        # the file line of each of its lines

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def digest(self) -> str:
        """12 hex digits of SHA-256 over the section's text (trailing spaces and blank lines ignored)."""
        norm = "\n".join(line.rstrip() for line in self.lines).strip()
        return hashlib.sha256(norm.encode("utf-8")).hexdigest()[:12]


@dataclass
class Edition:
    path: Path
    lang: str
    title: str
    sections: list[Section]
    translation_of: str | None = None
    follows: dict[str, str] = field(default_factory=dict)
    front_lines: int = 0              # lines taken by the front matter block
    follows_lines: dict[str, int] = field(default_factory=dict)
    written: "Written | None" = None   # an edition written from a catalog: see forge.rulebook.catalogs

    def section(self, sid: str) -> Section | None:
        return next((s for s in self.sections if s.id == sid), None)

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def at(self, line: int) -> Location:
        return Location.of(self.path, line)

    def section_at(self, line: int) -> str | None:
        """The id of the section that holds file line ``line``."""
        current = None
        for sec in self.sections:
            if sec.line <= line:
                current = sec.id
        return current


@dataclass
class Written:
    """How an edition was written from a source edition and a catalog (``path`` is the .po)."""

    lines: list[str]                  # the Markdown written
    place: list[int]                  # the catalog line of each line (1-based index - 1)
    examples: list                    # its worked examples, located (shared ones at the source's lines)
    shown: list                       # the examples as read in ``lines`` (lines of ``lines``)
    pending: list                     # the units shown in the source language (forge.rulebook.catalogs.Pending)


def _front_matter(path: Path, text: str) -> tuple[dict, int, dict[str, int]]:
    m = FRONT.match(text)
    if not m:
        return {}, 0, {}
    data = parse_yaml(m["body"], str(Location.of(path)), offset=1) or {}
    if not isinstance(data, dict):
        raise RulebookError(Location.of(path, 2), "front matter must be a mapping (keys translation_of, follows)")
    for key in data:
        if key not in FRONT_KEYS:
            raise RulebookError(Location.of(path, 2), f"front matter: unknown key '{key}' "
                             f"(expected one of: {', '.join(FRONT_KEYS)})")
    lines = {}
    for i, line in enumerate(m["body"].splitlines(), start=2):
        key = re.match(r"^\s+([a-z][a-z0-9-]*)\s*:", line)
        if key:
            lines.setdefault(key[1], i)
    return data, m["body"].count("\n") + 3, lines


def read_edition(path: Path) -> Edition:
    """Parse one edition; a heading without an id or a repeated id is a RulebookError."""
    m = EDITION_FILE.match(path.name)
    if not m:
        raise RulebookError(Location.of(path, 1), "a rulebook edition is named after its language (e.g. fr.md, en.md)")
    inside(path.absolute().parents[2], path)    # rules_src/<game>/<lang>.md: no symlink out of the project
    return parse_edition(path, m["lang"], read_text(path))


def parse_edition(path: Path, lang: str, text: str, place: Callable[[int], int] = lambda n: n) -> Edition:
    """The edition ``lang`` written ``text``; ``place`` turns a line of ``text`` into the line
    of ``path`` it comes from (a catalog's entry, for an edition written from a catalog)."""
    front, skip, follows_lines = _front_matter(path, text)
    lines = text.splitlines()

    def at(n: int) -> Location:
        return Location.of(path, place(n))

    title = ""
    sections = [Section(INTRO, "", place(skip + 1), [])]
    seen: dict[str, int] = {}
    code = {skip + 1 + i for i in code_lines(fences(lines[skip:], path, skip + 1))}
    for n, line in enumerate(lines[skip:], start=skip + 1):
        h = None if n in code else ANY_HEADING.match(line)
        if h and len(h["hashes"]) == 1 and not title:
            title = HEADING_ID.sub(lambda mm: mm["text"], h["rest"]) if "{#" in h["rest"] else h["rest"]
            sections[0].line = place(n)
            continue
        if h and len(h["hashes"]) >= 2:
            hid = HEADING_ID.match(h["rest"])
            if not hid:
                raise RulebookError(at(n), f"heading {excerpt(h['rest'])} has no id",
                                 hint="end every ## and ### heading with an id shared by all languages, "
                                      "e.g. '## Setup {#setup}'")
            if hid["id"] in seen or hid["id"] == INTRO:
                raise RulebookError(at(n), f"heading id '{hid['id']}' is used twice"
                                 + (f" (first at line {seen[hid['id']]})" if hid["id"] in seen else
                                    " ('intro' names the text before the first ## heading)"))
            seen[hid["id"]] = place(n)
            heading = Heading(len(h["hashes"]), hid["text"], hid["id"], place(n))
            if heading.level == 2:
                sections.append(Section(heading.id, heading.text, place(n), []))
            sections[-1].headings.append(heading)
        sections[-1].lines.append(line)
        sections[-1].numbers.append(place(n))
    if not title:
        raise RulebookError(at(skip + 1), "the rulebook has no title",
                         hint="start the text with a '# Title' line")
    if not any(s.strip() for s in sections[0].lines):
        sections.pop(0)
    follows = front.get("follows") or {}
    if not isinstance(follows, dict):
        raise RulebookError(Location.of(path, 2), "front matter: 'follows' must map section ids to digests")
    return Edition(path, lang, title, sections, front.get("translation_of"),
                   {str(k): str(v) for k, v in follows.items()}, skip, follows_lines)


def plain(text: str) -> str:
    """Markdown text on one line without emphasis and code marks, inline HTML tags and
    attribute lists, links reduced to their text (a phrase quoted from the rules)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^<>]*>", "", text)                                   # inline HTML: <span lang="fr">
    text = re.sub(r"\{:?(?:[^{}]*=[^{}]*|\s*[.#][^{}]*)\}", "", text)      # attribute lists: *word*{lang=fr}
    return " ".join(text.replace("**", "").replace("*", "").replace("`", "").split())
