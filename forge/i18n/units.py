"""A rulebook section cut into translation units, and put back together from their translations.

A translator translates *units*, not files: the title, each heading, each paragraph, each list
item, each blockquote, each table cell. Everything else is the section's *skeleton* and is kept
as the source writes it: blank lines, list markers and their indentation, the ``|`` of tables
and their ``|---|`` rows, headings' ``{#id}``, and fenced blocks — a worked example is data
shared by every language (its words come from ``figures.yaml``), so it is never a unit.

``cut(lines, numbers)`` gives a section's pieces; ``join(pieces, texts)`` writes the section
again with one text per unit: with the source's own texts it gives back the source's lines,
byte for byte (the round trip that lets a hand-written edition become a catalog).

A cell or a list item made only of digits, signs and spaces (``12``, ``—``, ``1 + 2``) is
skeleton too: there is nothing to translate in it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..fences import fences

__all__ = ["Unit", "Piece", "cut", "join", "units_of"]

#: a list item's first line: indentation, marker, one or more spaces
ITEM = re.compile(r"^(?P<lead>\s*(?:[-*+]|\d{1,9}[.)])\s+)(?P<text>\S.*)$")
#: an ATX heading, with its id at its end when it has one
HEADING = re.compile(r"^(?P<lead>#{1,6}\s+)(?P<text>.*?)(?P<tail>\s*\{#[a-z][a-z0-9-]*\})?\s*$")
QUOTE = re.compile(r"^(?P<lead>\s*>\s?)(?P<text>.*)$")
#: a table's delimiter row: |---|:--:|
RULE_ROW = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
#: a cell made of what is never translated: numbers, signs, spaces
BARE = re.compile(r"^[\d\s.,:;+\-−–—×x/=%()#*'’]*$")


@dataclass(frozen=True)
class Unit:
    kind: str          # title | heading | paragraph | item | quote | cell
    text: str          # the source's text (lines joined by "\n", the skeleton taken out)
    line: int          # its first line in the source file


@dataclass
class Piece:
    """Lines of the section: literal skeleton (``units`` empty) or lines built around units."""

    lines: list[str]
    units: list[Unit] = field(default_factory=list)
    lead: str = ""          # flow units: before the first line
    follow: str = ""        # flow units: before each further line
    tail: str = ""          # headings: after the text ({#id})
    cells: list[str] = field(default_factory=list)   # table rows: the text between the cells

    def write(self, texts: list[str]) -> list[str]:
        if not self.units:
            return list(self.lines)
        if self.cells:
            row = self.cells[0]
            for text, between in zip(texts, self.cells[1:]):
                row += text + between
            return [row]
        parts = texts[0].split("\n")
        out = [self.lead + parts[0]] + [self.follow + p if p else p for p in parts[1:]]
        out[-1] += self.tail
        return out


def _flow(kind: str, lines: list[str], first: int, lead: str, follow: str, strip: int | str) -> Piece:
    """One unit spread over ``lines``: ``lead`` before the first, each further line's first
    ``strip`` characters (or the prefix ``strip``) are skeleton."""
    body = [lines[0][len(lead):]]
    for line in lines[1:]:
        body.append(line[len(follow):] if line.startswith(follow) else line)
    return Piece(lines, [Unit(kind, "\n".join(body), first)], lead=lead, follow=follow)


def _row(line: str, number: int, every: bool) -> Piece:
    """A table row: each cell's text a unit, the pipes and spaces around it skeleton."""
    spans = [m.span(1) for m in re.finditer(r"(?:^\s*\||(?<!\\)\|)\s*((?:\\\||[^|])*?)\s*(?=(?<!\\)\||$)", line)]
    spans = [s for s in spans if s[0] < len(line)]
    cells, units, at = [], [], 0
    for start, end in spans:
        text = line[start:end]
        if not text or (BARE.match(text) and not every):
            continue
        cells.append(line[at:start])
        units.append(Unit("cell", text, number))
        at = end
    cells.append(line[at:])
    return Piece([line], units, cells=cells) if units else Piece([line])


def _block(lines: list[str], numbers: list[int], every: bool) -> list[Piece]:
    """The pieces of one run of non-blank lines outside fences."""
    first = lines[0]
    if all(l.lstrip().startswith("|") for l in lines):
        return [Piece([l]) if RULE_ROW.match(l) else _row(l, n, every) for l, n in zip(lines, numbers)]
    h = HEADING.match(first)
    if h and h["text"]:
        kind = "title" if h["lead"].startswith("# ") or h["lead"].rstrip() == "#" else "heading"
        head = Piece([first], [Unit(kind, h["text"], numbers[0])], lead=h["lead"], tail=h["tail"] or "")
        return [head] + (_block(lines[1:], numbers[1:], every) if len(lines) > 1 else [])
    if QUOTE.match(first) and all(QUOTE.match(l) for l in lines):
        lead = QUOTE.match(first)["lead"]
        if all(l.startswith(lead) or l.strip() == ">" for l in lines):
            return [_flow("quote", lines, numbers[0], lead, lead, lead)]
        return [Piece(lines, [Unit("quote", "\n".join(lines), numbers[0])])]
    if ITEM.match(first):
        out: list[Piece] = []
        starts = [i for i, l in enumerate(lines) if ITEM.match(l)]
        for a, b in zip(starts, starts[1:] + [len(lines)]):
            item = lines[a:b]
            lead = ITEM.match(item[0])["lead"]
            text = ITEM.match(item[0])["text"]
            follow = re.match(r"^\s*", item[1]).group(0) if len(item) > 1 else " " * len(lead)
            if BARE.match(text) and len(item) == 1 and not every:
                out.append(Piece(item))
            elif all(l.startswith(follow) for l in item[1:]):
                out.append(_flow("item", item, numbers[a], lead, follow, follow))
            else:                                   # ragged continuation: the item whole, as written
                out.append(Piece(item, [Unit("item", "\n".join(item), numbers[a])]))
        return out
    return [Piece(lines, [Unit("paragraph", "\n".join(lines), numbers[0])])]


def cut(lines: list[str], numbers: list[int], where=None, every: bool = False) -> list[Piece]:
    """The pieces of a section's ``lines`` (``numbers``: each line's line in its file);
    ``every``: bare cells and items are units too (to pair a translation's with the source's)."""
    pieces: list[Piece] = []
    code = {}
    for f in fences(lines, where, numbers[0] if numbers else 1):
        code[f.start] = f.end
    i = 0
    while i < len(lines):
        if i in code:
            pieces.append(Piece(lines[i:code[i] + 1]))
            i = code[i] + 1
        elif not lines[i].strip():
            pieces.append(Piece([lines[i]]))
            i += 1
        else:
            j = i
            while j < len(lines) and lines[j].strip() and j not in code:
                j += 1
            pieces += _block(lines[i:j], numbers[i:j], every)
            i = j
    return pieces


def units_of(pieces: list[Piece]) -> list[Unit]:
    return [u for p in pieces for u in p.units]


def join(pieces: list[Piece], texts: list[str]) -> list[str]:
    """The section's lines with ``texts`` (one per unit, in order) in place of the units."""
    out: list[str] = []
    at = 0
    for p in pieces:
        out += p.write(texts[at:at + len(p.units)])
        at += len(p.units)
    return out
