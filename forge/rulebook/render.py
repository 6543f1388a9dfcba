"""One section of a rulebook edition as safe HTML, and what the sanitizer removed, located.

The same steps for ``forge build`` (which draws the figures) and ``forge check`` (which only
wants the warnings):

1. Python-Markdown with forge's extensions, one per feature: fenced blocks (an example
   becomes a figure slot, any other fence code: :mod:`.extensions.examples`), raw-text
   elements taken out (:mod:`.extensions.raw_text`), checked values
   (:mod:`.extensions.checked_values`), house rulings' ids out of the text
   (:mod:`.extensions.rulings`), each heading kept with its first paragraph in print
   (:mod:`.extensions.keep_together`); then ``fenced_code``, ``attr_list``, ``tables``,
   ``sane_lists``;
2. :func:`forge.rulebook.sanitize.clean`: the allowlist, forge's reserved names, nh3;
3. the figures, drawn by forge, put in their slots;
4. with ``permalink`` (a page, not ``forge check``), each heading with an id gets a link to
   itself, named for screen readers, shown on hover and focus.

Each removal becomes a :class:`~forge.errors.Warning_` at the line of the section where it
was written (at the section's heading when it cannot be found there): the page is safe
without it, but the translator should know that part of the text is not shown.
"""
from __future__ import annotations

import re
import secrets
from html import escape, unescape
from typing import Callable

import markdown

from ..engine.examples import Example
from ..errors import Warning_
from .extensions.checked_values import CheckedValueExtension
from .extensions.examples import SLOT, ExampleExtension
from .extensions.keep_together import KeepTogetherExtension
from .extensions.raw_text import RawTextExtension
from .extensions.rulings import RulingExtension
from .sanitize import PAGE_IDS, Removal, clean
from .source import Edition, Section

__all__ = ["render_section", "page_ids", "permalinks", "inline_html"]

#: a heading as the sanitizer writes it: ``<h2 id="taxes">Taxes</h2>``
HEADING = re.compile(r'<(?P<tag>h[2-6]) id="(?P<id>[^"]+)">(?P<inner>.*?)</(?P=tag)>', re.S)
TAG = re.compile(r"<[^>]*>")

HINT = "the page is built without it; see README, 'Rulebooks', for the HTML a rulebook may hold"


def page_ids(edition: Edition, examples: dict[str, Example]) -> frozenset[str]:
    """The ids a page of ``edition`` uses: the template's, the headings', the figures'."""
    return PAGE_IDS | {h.id for s in edition.sections for h in s.headings} | {f"example-{i}" for i in examples}


def render_section(edition: Edition, sec: Section, examples: dict[str, Example], say: Callable[[object], str],
                   figure: Callable[[Example], str], permalink: str | None = None,
                   rulings: frozenset[str] = frozenset(), ruling_word: str = "") -> tuple[str, list[Warning_]]:
    """The HTML of ``sec`` (of ``edition``) and a warning per removal. ``say`` writes a
    checked value in the page's language; ``figure`` draws an example; ``permalink`` names a
    heading's link to itself ("Link to {heading}"), None for no links; ``rulings``: the ids
    of the game's house rulings, each linked to by ``ruling_word`` where the text names it."""
    key = secrets.token_hex(8)                  # marks forge's own elements in this rendering only
    removed: list[Removal] = []
    md = markdown.Markdown(extensions=[
        ExampleExtension(edition.path, sec.numbers[0] if sec.numbers else sec.line, key),
        RawTextExtension(removed),
        CheckedValueExtension({i: e.data["expect"] for i, e in examples.items()}, say, key),
        RulingExtension(rulings, ruling_word, key), KeepTogetherExtension(key),
        "fenced_code", "attr_list", "tables", "sane_lists"])
    html, dropped = clean(md.convert(sec.text), key, page_ids(edition, examples) | rulings,
                          frozenset(h.id for h in sec.headings))
    html = SLOT.sub(lambda m: figure(examples[m["id"]]) if m["id"] in examples else "", html)
    if permalink is not None:
        html = permalinks(html, permalink)
    return html, _locate(edition, sec, removed + dropped)


def inline_html(text: str) -> str:
    """A heading's Markdown as safe inline HTML (emphasis, ``lang`` marks) without links, for
    the table of contents, which links it; what the sanitizer removes is reported where the
    heading itself is rendered."""
    html, _ = clean(markdown.markdown(text, extensions=["attr_list"]))
    html = re.sub(r"^<p>|</p>$", "", html.strip())
    return re.sub(r"</?a\b[^>]*>", "", html)


def permalinks(html: str, name: str) -> str:
    """Each sanitized heading with an id ends with a link to itself: a visible "#", and
    ``name`` (its ``{heading}`` slot filled) for screen readers."""
    def link(m: re.Match) -> str:
        label = escape(name.replace("{heading}", unescape(TAG.sub("", m["inner"])).strip()), quote=False)
        return (f'<{m["tag"]} id="{m["id"]}">{m["inner"]} <a class="permalink" href="#{m["id"]}">'
                f'<span aria-hidden="true">#</span><span class="visually-hidden">{label}</span></a></{m["tag"]}>')
    return HEADING.sub(link, html)


def _locate(edition: Edition, sec: Section, removed: list[Removal]) -> list[Warning_]:
    """A warning per removal, at the line that wrote it: the n-th removal found by a pattern
    is put at the n-th line of the section that matches it."""
    seen: dict[str, int] = {}
    out = []
    for r in removed:
        lines = [n for n, text in zip(sec.numbers, sec.lines) if re.search(r.pattern, text, re.I)]
        nth = seen[r.pattern] = seen.get(r.pattern, -1) + 1
        line = lines[min(nth, len(lines) - 1)] if lines else sec.line
        out.append(Warning_(edition.at(line), r.what, HINT))
    return sorted(out, key=lambda w: w.location.line)
