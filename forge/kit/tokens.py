"""Small pieces of a game of traits: secret trait tiles, fold-up score markers, a rules summary card.

- ``trait_tile``: one trait, large, with its name; dealt face down, one per player.
- ``standee``: a score marker to cut out and fold. The strip is three panels: the trait
  drawn upright, the same turned upside down (so both sides read once folded into a tent),
  and a base with the fold hint; dashed fold lines between them. Its text is set at
  :data:`STANDEE_PT` or less, never under :data:`STANDEE_MIN` (a marker too narrow for its
  label stops the build), and kept ``safe`` inside the cut: a label too long for one line
  takes two, and the symbol shrinks to leave them room.
- ``summary``: a card with a heading and wrapped paragraphs, shrunk until they fit (not
  below 5 pt: text that cannot fit stops the build).
"""
from __future__ import annotations

import re

from ..errors import excerpt
from ..cardspec.model import MM
from .art.pen import MIN_SIZE, TOP, DoesNotFit, Pen, largest_size, mix
from .art.traits import TRAIT_COLOURS, draw_trait
from .registry import CardBox, Param, layout

__all__ = ["draw_trait_tile", "draw_standee", "draw_summary"]

INK = "#1d1b19"
PAPER = "#fbf7ee"
STANDEE_PT = 7.5        # a marker's label and fold hint, at most
STANDEE_MIN = 6.0       # and at least: small print still read at arm's length


@layout("trait_tile", kinds=("deck",),
        trait=Param("text", help="ears, glasses, nose, lips or lock", choices=tuple(TRAIT_COLOURS)),
        label=Param("text", help="the trait's name in the build language"),
        family=Param("text", "", help="the family that prizes this trait"))
def draw_trait_tile(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour = TRAIT_COLOURS[p["trait"]]
    pen.style(mix(colour, "#ffffff", 0.75))
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(None, mix(colour, INK, 0.4), 2)
    pen.rect(safe * 0.6, safe * 0.6, w - 1.2 * safe, h - 1.2 * safe, r=safe)
    r = min(w, h) * 0.25
    draw_trait(pen, p["trait"], w / 2, h * 0.6, r)
    pen.style(INK)
    pen.fit_text(w / 2, h * 0.19, p["label"], w * 0.1, w - 2.5 * safe, font="bold")
    if p["family"]:
        pen.fit_text(w / 2, h * 0.19 - w * 0.09, p["family"], w * 0.06, w - 2.5 * safe)


@layout("standee", kinds=("deck",),
        trait=Param("text", help="the marker's trait", choices=tuple(TRAIT_COLOURS)),
        label=Param("text", help="the trait's name"),
        fold=Param("text", "", help="a short 'fold here' hint"))
def draw_standee(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """Two art panels (the second turned) over the base; in each, the label at the bottom
    (on two lines if it must) and the trait symbol in the room above it. Text keeps ``safe``
    from the cut: from both long sides, and from the base's end."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour = TRAIT_COLOURS[p["trait"]]
    panel = h / 3
    pad = max(panel * 0.07, 2 * MM)           # clear of the folds, and of the cut band on butted sheets
    pen.style(mix(colour, "#ffffff", 0.55))
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(mix(colour, INK, 0.15))
    pen.rect(-b, -b, w + 2 * b, panel + b)                                   # the base
    size, lines = pen.fit_lines(p["label"], STANDEE_PT, w - 2 * safe, panel * 0.42, font="bold", leading=1.05,
                                min_size=STANDEE_MIN)
    label_h = pen.block_height(len(lines), size, 1.05)
    room = panel - 2 * pad - label_h - panel * 0.04                          # above the label
    r = min(w * 0.3, room * 0.48)
    for turned in (False, True):
        with pen.saved():
            if turned:
                pen.translate(w, 2 * panel)
                pen.rotate(180)
                y0 = 0
            else:
                y0 = 2 * panel
            draw_trait(pen, p["trait"], w / 2, y0 + panel - pad - room / 2, r)
            pen.style(INK)
            pen.draw_lines(w / 2, y0 + pad + label_h, lines, size, leading=1.05, font="bold")
    pen.style(None, INK, 0.6)
    for y in (panel, 2 * panel):                                              # fold lines, dashed
        pen.dashed(0, y, w, y)
    if p["fold"]:                                                             # in the base, centred
        size, lines = pen.fit_lines(p["fold"], STANDEE_PT, w - 2 * safe, panel - 2 * max(pad, safe), leading=1.15,
                                    min_size=STANDEE_MIN)
        pen.style("#ffffff")
        pen.draw_lines(w / 2, (panel + pen.block_height(len(lines), size, 1.15)) / 2, lines, size, leading=1.15)


#: A list item at the start of a paragraph: "1. ", "2) ", "• " or "- ".
_ITEM = re.compile(r"^(\d+[.)]|[•\-–])\s+")
GAP = 0.35          # extra space between paragraphs, in lines


def _items(pen: Pen, text: str, size: float, width: float) -> list[tuple[str, float, list[str]]]:
    """Each paragraph as (its list marker or "", the indent of its text, its wrapped lines):
    a list item's lines all start after the marker (a hanging indent)."""
    out = []
    for para in text.split("\n"):
        m = _ITEM.match(para)
        marker = m.group(1) if m else ""
        indent = pen.text_width(marker + " ", size) if m else 0.0
        out.append((marker, indent, pen.wrap(para[m.end():] if m else para, size, width - indent)))
    return out


@layout("summary", kinds=("deck",),
        heading=Param("text", help="the card's heading"),
        text=Param("text", help="paragraphs separated by new lines; '1. ' or '• ' starts a list item"),
        colour=Param("colour", "#3a6ea5", help="the heading band"))
def draw_summary(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A heading band, then the paragraphs at the largest size that fits, list items with a
    hanging indent, a little space between paragraphs."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    pen.style(PAPER)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    band = h * 0.12
    pen.style(p["colour"])
    pen.rect(-b, h - band, w + 2 * b, band + b)
    pen.style("#ffffff")
    pen.fit_text(w / 2, h - band * 0.68, p["heading"], band * 0.45, w - 2 * safe, font="bold")
    top, bottom, width = h - band - safe * 0.8, safe, w - 2 * safe

    def fits(size: float) -> bool:
        items = _items(pen, p["text"], size, width)
        rows = sum(len(lines) for _, _, lines in items) + GAP * (len(items) - 1)
        return (pen.block_height(1, size) + (rows - 1) * size * 1.3 <= top - bottom
                and all(indent + pen.text_width(line, size) <= width for _, indent, lines in items for line in lines))

    size = largest_size(fits, 11.0)
    if size is None:
        raise DoesNotFit(f"the text {excerpt(p['text'])} does not fit its card even at {MIN_SIZE:g} pt")
    items = _items(pen, p["text"], size, width)
    pen.style(INK)
    y = top - size * TOP
    for marker, indent, lines in items:
        if marker:
            pen.text(safe, y, marker, size, font="bold")
        for line in lines:
            pen.text(safe + indent, y, line, size)
            y -= size * 1.3
        y -= size * 1.3 * GAP
