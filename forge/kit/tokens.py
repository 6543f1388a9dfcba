"""Small Familienbande pieces: secret trait tiles, fold-up score markers, a rules summary card.

- ``trait_tile``: one trait, large, with its name; dealt face down, one per player.
- ``standee``: a score marker to cut out and fold. The strip is three panels: the trait
  drawn upright, the same turned upside down (so both sides read once folded into a tent),
  and a base; dashed fold lines between them.
- ``summary``: a card with a heading and wrapped paragraphs, shrunk until they fit.
"""
from __future__ import annotations

import re

from .art.pen import Pen, mix
from .art.traits import TRAIT_COLOURS, draw_trait
from .registry import CardBox, Param, layout

__all__ = ["draw_trait_tile", "draw_standee", "draw_summary", "fit_paragraphs"]

INK = "#1d1b19"
PAPER = "#fbf7ee"


@layout("trait_tile", kinds=("deck",),
        trait=Param("text", help="ears, glasses, nose, lips or lock"),
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
        trait=Param("text", help="the marker's trait"),
        label=Param("text", help="the trait's name"),
        fold=Param("text", "", help="a short 'fold here' hint"))
def draw_standee(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b = card.w, card.h, card.bleed
    colour = TRAIT_COLOURS[p["trait"]]
    panel = h / 3
    pen.style(mix(colour, "#ffffff", 0.55))
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(mix(colour, INK, 0.15))
    pen.rect(-b, -b, w + 2 * b, panel + b)                                   # the base
    for i, turned in ((2, False), (1, True)):
        with pen.saved():
            if turned:
                pen.translate(w, 2 * panel)
                pen.rotate(180)
                y0 = 0
            else:
                y0 = 2 * panel
            r = min(w, panel) * 0.3
            draw_trait(pen, p["trait"], w / 2, y0 + panel * 0.58, r)
            pen.style(INK)
            pen.fit_text(w / 2, y0 + panel * 0.12, p["label"], panel * 0.13, w * 0.9, font="bold")
    pen.style(None, INK, 0.6)
    for y in (panel, 2 * panel):                                              # fold lines, dashed
        pen.dashed(0, y, w, y)
    if p["fold"]:
        pen.style("#ffffff")
        pen.fit_text(w / 2, panel * 0.45, p["fold"], panel * 0.12, w * 0.9)


def fit_paragraphs(pen: Pen, text: str, size: float, width: float, height: float,
                   leading: float = 1.3, min_size: float = 4.5) -> tuple[float, list[str]]:
    """The largest size ≤ ``size`` at which ``text`` wrapped to ``width`` fits in ``height``."""
    while True:
        lines = pen.wrap(text, size, width)
        if len(lines) * size * leading <= height or size <= min_size:
            return size, lines
        size *= 0.94


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
    top, bottom = h - band - safe * 0.8, safe
    size = 11.0
    while True:
        items = _items(pen, p["text"], size, w - 2 * safe)
        rows = sum(len(lines) for _, _, lines in items) + GAP * (len(items) - 1)
        if rows * size * 1.3 <= top - bottom or size <= 4.5:
            break
        size *= 0.94
    pen.style(INK)
    y = top - size
    for marker, indent, lines in items:
        if marker:
            pen.text(safe, y, marker, size, font="bold")
        for line in lines:
            pen.text(safe + indent, y, line, size)
            y -= size * 1.3
        y -= size * 1.3 * GAP
