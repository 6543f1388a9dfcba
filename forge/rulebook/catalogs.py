"""A rulebook edition written from its source edition and a gettext catalog.

``rules_src/<game>/po/<lang>.po`` translates the source edition (``fr.md``) unit by unit
(:mod:`forge.i18n.units`). Its edition is written in memory: the source's skeleton — blank
lines, list markers, table pipes, heading ids, worked examples — with each unit's
translation in place. A unit whose entry is missing, empty or fuzzy shows the source's text,
marked with the source's language and direction when it is a paragraph, a list item or a
quoted block, and is *pending*: listed by ``forge check`` at its entry (``--strict`` fails on it), and its
section carries a notice on the page. A translation that breaks what it must keep
(:mod:`forge.i18n.marks`) is an error at its entry: nothing is built.

A section the translator could not follow unit by unit (``forge i18n import`` found its
blocks differ from the source's) is one entry of its own, context its id, source the whole
section's Markdown: its translation is the section as written.

The edition's lines are placed at their catalog entries, so everything reported on it points
into the ``.po``; its worked examples are the source's (the same blocks), reported at the
source's lines, but for an example a whole-section entry writes differently.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..engine.examples import parse_examples, parse_examples_in
from ..errors import ErrorGroup, InputError, Location
from ..i18n.catalog import Catalog, lookup, read_catalog
from ..i18n.direction import direction
from ..i18n.marks import broken, said
from ..i18n.units import cut, join
from .prose import check_prose
from .source import Edition, Section, Written, parse_edition

__all__ = ["Pending", "written_edition", "examples_of", "prose_of", "TITLE", "HINT"]

TITLE = "title"
#: the units shown in the source language whose block says so (``{: lang=fr dir=ltr }``): for
#: screen readers, the typography of that language, and its direction in a right-to-left page
MARKED = ("paragraph", "item", "quote")
HINT = "a translation keeps its source's placeholders, Markdown marks and shape; fix the msgstr, or clear it to show " \
       "the source text"


@dataclass(frozen=True)
class Pending:
    """A unit shown in the source language."""

    section: str
    state: str              # fuzzy | missing
    location: Location      # its catalog entry (the file alone when it has none)
    source: Location        # its source text


class _Writer:
    def __init__(self, source: Edition, po: Path, catalog: Catalog):
        self.source, self.po, self.catalog = source, po, catalog
        self.lines: list[str] = []
        self.place: list[int] = []
        self.pending: list[Pending] = []
        self.errors: list[InputError] = []
        self.last = 1

    def translate(self, text: str, context: str, kind: str, line: int) -> tuple[str, int]:
        """The text to show for a unit, and the catalog line of its entry (0: none)."""
        found = lookup(self.catalog, text, context)
        if found.text is None:
            where = Location.of(self.po, found.line) if found.line else Location.of(self.po)
            self.pending.append(Pending(context, found.state, where, self.source.at(line)))
            return text, found.line
        problems = broken(text, found.text, kind)
        if problems:
            self.errors.append(InputError(Location.of(self.po, found.line),
                                          said(text, problems), hint=HINT))
            return text, found.line
        return found.text, found.line

    def emit(self, lines: list[str], line: int) -> None:
        self.last = line or self.last
        self.lines += lines
        self.place += [self.last] * len(lines)

    def section(self, sec: Section) -> None:
        whole = self.catalog.get(sec.text, context=sec.id)
        if whole is not None:                     # followed as one entry
            text, line = self.translate(sec.text, sec.id, "section", sec.line)
            self.emit(text.split("\n"), line)
            return
        pieces = cut(sec.lines, sec.numbers, self.source.path)
        for piece in pieces:
            texts, first, before = [], 0, len(self.pending)
            for unit in piece.units:
                text, line = self.translate(unit.text, sec.id, unit.kind, unit.line)
                texts.append(text)
                first = first or line
            lines = join([piece], texts)
            if len(self.pending) > before and len(piece.units) == 1 and piece.units[0].kind in MARKED:
                lines.append(f"{piece.follow}{{: lang={self.source.lang} dir={direction(self.source.lang)} }}")
            self.emit(lines, first)


def written_edition(source: Edition, po: Path, lang: str) -> Edition:
    """The edition ``lang`` written from ``source`` and the catalog ``po``; raises ErrorGroup
    when a translation breaks its source's marks."""
    w = _Writer(source, po, read_catalog(po, lang))
    title, line = w.translate(source.title, TITLE, "title", source.sections[0].line if source.sections else 1)
    w.emit([f"# {title}"], line)
    for sec in source.sections:
        w.section(sec)
    if w.errors:
        raise ErrorGroup(w.errors)
    text = "\n".join(w.lines) + "\n"
    place = w.place

    def placed(n: int) -> int:
        return place[n - 1] if 0 < n <= len(place) else 1

    ed = parse_edition(po, lang, text, placed)
    ed.translation_of = source.lang
    ed.follows = {s.id: s.digest for s in source.sections}
    shown = parse_examples_in(po, text)
    theirs = {e.id: e for e in parse_examples(source.path)}
    examples = [theirs[e.id] if e.id in theirs and theirs[e.id].source == e.source else replace(e, line=placed(e.line))
                for e in shown]
    ed.written = Written(w.lines, place, examples, shown, w.pending)
    return ed


def examples_of(ed: Edition) -> list:
    """An edition's worked examples: read from its file, or those its catalog wrote."""
    return ed.written.examples if ed.written else parse_examples(ed.path)


def prose_of(ed: Edition) -> list[InputError]:
    """:func:`forge.rulebook.prose.check_prose` on an edition, written from a catalog or not."""
    if not ed.written:
        return check_prose(ed.path, parse_examples(ed.path))
    place = ed.written.place
    return check_prose(ed.path, ed.written.shown, ed.written.lines,
                       lambda n: place[n - 1] if 0 < n <= len(place) else 1)
