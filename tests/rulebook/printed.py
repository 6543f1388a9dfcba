"""Reading a rulebook page printed by Chromium, with poppler, independently of forge: the
page numbers in the bottom margin, the printed table of contents, the page of each heading,
and the page of each figure and of the paragraph that introduces it.

Texts are compared after NFKC normalization (a narrow no-break space is a space) with runs
of white space made one space, so that a paragraph reads the same wrapped or not.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..pdftools import Word, blocks
from .htmltools import NS, find_all, parse, text_of

MM = 72 / 25.4
FOOT = 20 * MM          # the bottom margin of the printed page (@page in templates/rulebook.css)
CHECK = "✓"             # starts the caption of every figure ("✓ Checked against the rules")


def norm(text: str) -> str:
    """Spaces folded, compatibility forms unified, soft hyphens (U+00AD, unseen) taken out."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text).replace("\u00ad", "")).strip()


@dataclass
class Printed:
    """A printed page: per page, the lines of its text (poppler's) and what its bottom margin says."""

    lines: list[list[list[Word]]]
    footers: list[str]

    @classmethod
    def read(cls, pdf: Path) -> "Printed":
        lines, footers = [], []
        for page in blocks(pdf):
            body, foot = [], []
            for line in (ln for block in page for ln in block):
                (foot if all(w.rect[3] < FOOT for w in line) else body).append(line)
            lines.append(body)
            footers.append(" ".join(w.text for ln in foot for w in ln))
        return cls(lines, footers)

    def texts(self, page: int) -> list[str]:
        """The lines of page ``page`` (0-based), outside the bottom margin."""
        return [norm(" ".join(w.text for w in line)) for line in self.lines[page]]

    def stream(self) -> tuple[str, list[int]]:
        """All the text, page after page, and the offset where each page starts."""
        text, starts = "", []
        for n in range(len(self.lines)):
            starts.append(len(text))
            # a compound broken at its hyphen at a line's end ("par-" / "dessus") reads as written
            text += re.sub(r"(?<=\w-) (?=\w)", "", " ".join(self.texts(n))) + " "
        return text, starts


def page_of(starts: list[int], offset: int) -> int:
    """The 1-based page holding ``offset`` of :meth:`Printed.stream`."""
    return sum(1 for s in starts if s <= offset)


@dataclass
class Contents:
    """What the page's HTML says of its title and table of contents."""

    title: str                          # the h1
    heading: str                        # the table of contents' own heading
    entries: list[tuple[str, str]]      # (heading id, text), in order

    @classmethod
    def read(cls, html: Path) -> "Contents":
        root = parse(html)
        toc = [e for e in find_all(root, "nav") if "toc" in (e.get("class") or "").split()][0]
        unprinted = {a for li in toc.iter(NS + "li") if "kit" in (li.get("class") or "").split() for a in li.iter(NS + "a")}
        entries = [(a.get("href")[1:], text_of(a)) for a in toc.iter(NS + "a")        # the kit's files print no entry
                   if a.get("href", "").startswith("#") and a not in unprinted]
        return cls(text_of(find_all(root, "h1")[0]), text_of(next(toc.iter(NS + "h2"))), entries)


def intros_of(html: Path) -> list[str]:
    """For each figure of the page, in order, the text of the paragraph right before it."""
    out = []
    for parent in parse(html).iter():
        children = list(parent)
        for before, el in zip(children, children[1:]):
            if el.tag == NS + "figure" and "example" in (el.get("class") or "").split():
                if before.tag == NS + "div" and "keep" in (before.get("class") or "").split():
                    before = before[-1]                 # a heading and its paragraph, kept together
                assert before.tag == NS + "p", f"a figure follows a <{before.tag[len(NS):]}>, not a paragraph"
                out.append(norm(text_of(before)))
    return out


def figure_pages(printed: Printed, html: Path) -> list[tuple[str, int, int]]:
    """For each figure, in order: the end of its introducing paragraph, the page where that
    paragraph ends and the page where the figure starts (its ✓ mark)."""
    text, starts = printed.stream()
    out, at = [], 0
    for intro in intros_of(html):
        found = text.find(intro, at)
        assert found >= 0, f"paragraph not found in the PDF after offset {at}: {intro[:80]!r}"
        end = found + len(intro) - 1
        mark = text.find(CHECK, end)
        assert mark >= 0, f"no figure after {intro[-60:]!r}"
        out.append((intro[-50:], page_of(starts, end), page_of(starts, mark)))
        at = mark + 1
    return out


def heading_pages(printed: Printed, contents: Contents) -> dict[str, tuple[int, int]]:
    """Heading id → (page, lines printed after it on that page), each heading found in order
    as a line of its own, after the page's title."""
    places = [(n, i, line) for n in range(len(printed.lines)) for i, line in enumerate(printed.texts(n))]
    at = next(k for k, (n, i, line) in enumerate(places) if line == norm(contents.title))
    out = {}
    for hid, text in contents.entries:
        at = next((k for k in range(at + 1, len(places)) if places[k][2] == norm(text)), None)
        assert at is not None, f"heading {text!r} not found as a line of its own"
        n, i, _ = places[at]
        out[hid] = (n + 1, len(printed.lines[n]) - i - 1)
    return out


def toc_numbers(printed: Printed, contents: Contents, width: float) -> list[tuple[str, int]]:
    """The printed table of contents of page 1: (entry text without its list marker, its
    printed page number), the left column first, each entry ending with its number."""
    lines = [ln for ln in printed.lines[0] if norm(" ".join(w.text for w in ln)).casefold() != contents.heading.casefold()]
    top = next(ln for ln in lines if norm(" ".join(w.text for w in ln)) == norm(contents.title))[0].rect[3]
    columns: dict[int, dict[float, list[Word]]] = {0: {}, 1: {}}
    for w in (w for ln in lines for w in ln if w.rect[1] > top):
        rows = columns[int(w.rect[0] > width / 2)]
        y = next((y for y in rows if abs(y - w.rect[1]) < 2), w.rect[1])
        rows.setdefault(y, []).append(w)
    entries, words = [], []
    for rows in columns.values():
        for y in sorted(rows, reverse=True):
            words += sorted(rows[y], key=lambda w: w.rect[0])
            if words and words[-1].text.isdigit() and len(words) > 1:
                text = norm(" ".join(w.text for w in words[:-1]))
                entries.append((re.sub(r"^\w+\. ", "", text), int(words[-1].text)))
                words = []
    return entries
