"""What a translation must keep of its source: the checks run on every used catalog entry.

A unit's translation keeps its source's

- placeholders: ``{{example-id.field}}`` (a checked value) and ``{slot}`` (a card's or a
  figure's word), the same ones, as many times (a card's or a figure's string may leave one
  out: a plural's ``{{s}}`` means nothing in every language; it never adds one);
- Markdown marks: no ``**`` or backquote left open, the same link targets, attribute lists
  (``{#id}``, ``{.class}``) and inline HTML tags — but for the marks of a word's language
  (``{lang=fr}``, ``<span lang="fr">``), which a translation adds or drops as it needs;
- shape: a heading or a table cell stays on one line (a cell holds no ``|``), and a
  paragraph does not turn into several blocks (a blank line, or a line starting a heading,
  a list, a table, a quote or a fence, where the source has none).

Each broken promise is one sentence; the caller locates it at the entry.
"""
from __future__ import annotations

import re
import string
from collections import Counter

from ..errors import excerpt

__all__ = ["broken", "said"]

CHECKED = re.compile(r"\{\{\s*[^{}]+?\s*\}\}")
SLOT = re.compile(r"(?<!\{)\{[A-Za-z_][\w.]*\}(?!\})")
LINK_TARGET = re.compile(r"\]\(([^)\s]*)")
ATTRS = re.compile(r"\{:?\s*(?:[.#][^{}]*|[^{}=\s]+=[^{}]*)\}")
TAG = re.compile(r"</?([a-zA-Z][\w-]*)[^<>]*>")
#: a line that would start a block of its own inside a paragraph
BLOCK_START = re.compile(r"^\s{0,3}(?:#{1,6}\s|[-*+]\s|\d{1,9}[.)]\s|\||>|```|~~~)")


#: marks a translation may add or drop: a word's language (``*mot*{lang=fr}``, ``<span lang="fr">``)
FREE = re.compile(r"^(?:\{:?\s*lang=[^{}\s]*\s*\}|span|bdi)$")


def _count(pattern: re.Pattern, text: str, group: int = 0) -> Counter:
    return Counter(m.group(group) for m in pattern.finditer(text) if not FREE.match(m.group(group)))


def _said(items) -> str:
    return ", ".join(sorted(items))


def broken(source: str, translation: str, kind: str) -> list[str]:
    """What ``translation`` breaks of ``source``'s promises (empty: it may be used)."""
    out = []
    for name, pattern, group in (("placeholder", CHECKED, 0), ("slot", SLOT, 0), ("link target", LINK_TARGET, 1),
                                 ("attribute list", ATTRS, 0), ("HTML tag", TAG, 1)):
        want, got = _count(pattern, source, group), _count(pattern, translation, group)
        if want != got:
            lost, added = want - got, got - want
            if kind == "string" and not added:      # a short text may leave out a slot: a plural's "s"…
                continue
            said = ([f"lost the {name}{'s' * (len(lost) > 1)} {_said(lost)}"] if lost else []) + \
                   ([f"added the {name}{'s' * (len(added) > 1)} {_said(added)}"] if added else [])
            out.append(" and ".join(said))
    for mark, name in (("**", "bold mark (**)"), ("`", "code mark (`)")):
        if translation.count(mark) % 2 and not source.count(mark) % 2:
            out.append(f"leaves a {name} open")
    if kind == "string" and _well_formed(source) and not _well_formed(translation):
        out.append("has a brace that opens or closes no {slot} (write {{ or }} for one)")
    if kind in ("heading", "title", "cell") and "\n" in translation:
        out.append(f"a {kind} stays on one line")
    if kind == "cell" and re.search(r"(?<!\\)\|", translation):
        out.append("a table cell holds no '|' (write \\| for one)")
    if kind in ("paragraph", "item", "quote"):
        lines = translation.split("\n")
        if any(not l.strip() for l in lines) and not any(not l.strip() for l in source.split("\n")):
            out.append("a blank line would split it in two blocks")
        starts = [l for l in lines[1:] if BLOCK_START.match(l)]
        if starts and not any(BLOCK_START.match(l) for l in source.split("\n")[1:]):
            out.append(f"the line {starts[0].strip()[:30]!r} would start a block of its own")
    return out


def _well_formed(text: str) -> bool:
    """Whether a text with ``{slots}`` is read as one by Python's formatting (no lone brace)."""
    try:
        list(string.Formatter().parse(text))
    except ValueError:
        return False
    return True


def said(source: str, problems: list[str]) -> str:
    """The message of a translation of ``source`` that breaks ``problems``."""
    return f"the translation of {excerpt(source, 40)} {'; '.join(problems)}"
