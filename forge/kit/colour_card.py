"""Coloured cards of a shedding game: numbers, skip, reverse, +2, the majors (colour change
and +4) and blank cards.

A coloured card is its colour to the bleed, sprinkled with its colour's mark, with the sign
large in a white disc, the sign and the mark in two corners (turned in the second, so a
fanned hand shows them), the mark alone in the other two. Every colour has its own mark
(:mod:`.art.suits`), so the deck plays in greyscale and for colour-blind players. A major is
dark, its disc quartered in the four colours (with their marks on the colour change, under a
plate with "+4" on the +4); a blank card is plain paper with a write-in area. The sign is
drawn (digits and +2/+4 as text, skip and reverse as icons); 6 and 9 are underlined. The
card's name is printed small under the disc.

In ink-saver mode (kit/inks.py) the ground is left out, and the corners and the name are
printed in the card's colour, darkened as need be to read on white: a fanned hand still shows
each card's colour and mark.
"""
from __future__ import annotations

import math

from .art.grid import staggered
from ..cardspec.colours import contrast
from .art.pen import Pen, mix
from .art.suits import SUITS, draw_mark
from .inks import readable
from .registry import CardBox, DoesNotFit, Param, layout

__all__ = ["draw_colour_card", "SIGNS", "MAJORS"]

NUMBERS = tuple(str(n) for n in range(10))
COLOURED = NUMBERS + ("skip", "rev", "+2")
MAJORS = ("W", "+4")
SIGNS = COLOURED + MAJORS + ("blank",)
QUARTERS = ("red", "yellow", "green", "blue")      # anticlockwise from the top right
WHITE = "#ffffff"
INK = "#22211f"
PAPER = "#f6f1e6"
KAPPA = 0.5523                                     # a quarter circle as one cubic Bézier


def _light(colour: str) -> bool:
    """A ground that dark ink reads better on than white (yellow, green): the higher WCAG
    contrast wins."""
    return contrast(colour, INK) > contrast(colour, WHITE)


def _skip(pen: Pen, cx: float, cy: float, r: float, colour: str, saver: str | None = None) -> None:
    """A ring crossed by a bar."""
    pen.style(None, colour, r * 0.28, saver=saver)
    pen.circle(cx, cy, r * 0.78)
    d = r * 0.55
    pen.line(cx - d, cy - d, cx + d, cy + d)


def _reverse(pen: Pen, cx: float, cy: float, r: float, colour: str, saver: str | None = None) -> None:
    """Two arrows pointing opposite ways, leaning."""
    length, t, head, half = r * 1.7, r * 0.26, r * 0.5, r * 0.38
    with pen.saved():
        pen.translate(cx, cy)
        pen.rotate(30)
        pen.style(colour, saver=saver)
        for y0, way in ((r * 0.36, 1), (-r * 0.36, -1)):
            pts = [(-length / 2, y0 - t / 2), (length / 2 - head, y0 - t / 2), (length / 2 - head, y0 - half),
                   (length / 2, y0), (length / 2 - head, y0 + half), (length / 2 - head, y0 + t / 2),
                   (-length / 2, y0 + t / 2)]
            pen.polygon([(way * x, y) for x, y in pts])


def _quarters(pen: Pen, cx: float, cy: float, r: float, marks: bool = True, solid: bool = False) -> None:
    """A disc quartered in the four colours, each quarter with its mark; ``solid``: its
    quarters kept in their colours in ink-saver mode (a corner's)."""
    for i, suit in enumerate(QUARTERS):
        a0, a1 = math.radians(90 * i), math.radians(90 * (i + 1))
        p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
        p3 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
        c1 = (p0[0] - KAPPA * r * math.sin(a0), p0[1] + KAPPA * r * math.cos(a0))
        c2 = (p3[0] + KAPPA * r * math.sin(a1), p3[1] - KAPPA * r * math.cos(a1))
        colour = SUITS[suit].colour
        pen.style(colour, INK, max(r * 0.03, 0.3), saver=readable(colour) if solid else None)
        pen.path([("M", cx, cy), ("L", *p0), ("C", *c1, *c2, *p3), ("Z",)])
        if marks:
            mid = math.radians(90 * i + 45)
            pen.style(WHITE, INK, max(r * 0.02, 0.2))
            draw_mark(pen, suit, cx + r * 0.52 * math.cos(mid), cy + r * 0.52 * math.sin(mid), r * 0.26)


def _sign(pen: Pen, sign: str, cx: float, cy: float, size: float, colour: str, width: float,
          saver: str | None = None) -> None:
    """The sign centred on (cx, cy), ``size`` tall (a digit's height is about 0.73 em), in
    ``colour`` (``saver`` in ink-saver mode, when given)."""
    if sign == "skip":
        _skip(pen, cx, cy, size * 0.6, colour, saver)
    elif sign == "rev":
        _reverse(pen, cx, cy, size * 0.6, colour, saver)
    elif sign == "W":
        _quarters(pen, cx, cy, size * 0.5, marks=False, solid=saver is not None)
    else:
        em = size / 0.73
        pen.style(colour, saver=saver)
        em = pen.fit_size(sign, em, width, font="bold")
        pen.text(cx, cy - em * 0.365, sign, em, font="bold", anchor="middle")
        if sign in ("6", "9"):                    # told apart upside down
            bar = pen.text_width(sign, em, "bold") * 0.7
            pen.rect(cx - bar / 2, cy - em * 0.49, bar, em * 0.07)


def corner_size(card: CardBox) -> float:
    """The height of a corner's sign; the corner's column is 1.3 times as wide."""
    return min(card.w, card.h) * 0.13


def _corners(pen: Pen, card: CardBox, sign: str, suit: str, fore: str, saver: str) -> None:
    """The sign over the mark in the top-left corner and, turned, in the bottom-right; the
    mark alone in the other two: in ``fore``, and in ink-saver mode in ``saver`` (the card's
    colour, dark enough for white paper), so a fanned hand shows colour and suit."""
    w, h, safe = card.w, card.h, card.safe
    s = corner_size(card)
    for turned in (False, True):
        with pen.saved():
            if turned:
                pen.translate(w, h)
                pen.rotate(180)
            x, top = safe + s * 0.65, h - safe                  # a column s × 1.3 wide, inside the safe zone
            _sign(pen, sign, x, top - s * 0.55, s * 0.85, fore, s * 1.3, saver)
            if suit:
                pen.style(fore, saver=saver)
                draw_mark(pen, suit, x, top - s * 1.55, s * 0.42)
                draw_mark(pen, suit, w - x, top - s * 0.55, s * 0.42)
            elif sign == "+4":
                _quarters(pen, x, top - s * 1.55, s * 0.4, marks=False, solid=True)


def _pattern(pen: Pen, card: CardBox, suit: str, colour: str) -> None:
    """The colour's mark repeated lightly over the ground, past the bleed."""
    step = card.w / 5
    pen.style(mix(colour, WHITE, 0.16))
    for x, y, _ in staggered(card, step):
        draw_mark(pen, suit, x, y, step * 0.2)


def _blank(pen: Pen, card: CardBox, cx: float, cy: float, r: float) -> None:
    """A dashed disc with three lines to write on."""
    pen.style(None, mix(PAPER, INK, 0.45), 1.0)
    for i in range(48):
        a0, a1 = math.radians(7.5 * i), math.radians(7.5 * i + 4)
        if i % 2 == 0:
            pen.line(cx + r * math.cos(a0), cy + r * math.sin(a0), cx + r * math.cos(a1), cy + r * math.sin(a1))
    pen.style(None, mix(PAPER, INK, 0.3), 0.6)
    for k in (-1, 0, 1):
        y = cy + k * r * 0.4 - r * 0.1
        half = math.sqrt(max(r * r - (y - cy) ** 2, 0)) * 0.8
        pen.line(cx - half, y, cx + half, y)


@layout(
    "colour_card", kinds=("deck",),
    sign=Param("text", help="what the card shows: 0–9, skip, rev, +2, W (colour change), +4 or blank",
               choices=SIGNS),
    colour=Param("text", "", help="yellow, red, blue or green; empty for W, +4 and blank",
                 choices=tuple(SUITS) + ("",)),
    caption=Param("text", "", help="the card's name, printed small under the disc"),
    tag=Param("text", "", help="invisible text that tools read back from the PDF (e.g. the card's notation)"),
)
def draw_colour_card(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A coloured card, a major or a blank card (see the module's docstring)."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    sign, suit = p["sign"], p["colour"]
    if (sign in COLOURED) != bool(suit):
        raise DoesNotFit(f"a '{sign}' card " + ("needs a colour (yellow, red, blue or green)" if sign in COLOURED
                                                else f"has no colour (got {suit})"))
    ground = SUITS[suit].colour if suit else PAPER if sign == "blank" else INK
    fore = mix(ground, INK, 0.85) if _light(ground) else WHITE          # text at 4.5:1 or more on its ground
    deep = mix(ground, INK, 0.4 if _light(ground) else 0.15)
    pen.style(ground)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    if suit:
        _pattern(pen, card, suit, ground)
    inset = safe * 0.6
    pen.style(None, mix(ground, fore, 0.6), 1.4)
    pen.rect(inset, inset, w - 2 * inset, h - 2 * inset, r=safe)
    cx, cy, r = w / 2, h / 2, min(w * 0.36, h * 0.26)
    if sign == "blank":
        _blank(pen, card, cx, cy, r)
    elif sign in MAJORS:
        pen.style(None, WHITE, 2.0)
        pen.circle(cx, cy, r + 1.5)
        _quarters(pen, cx, cy, r, marks=sign == "W")
        if sign == "+4":
            pw, ph = r * 1.1, r * 0.72
            pen.style(WHITE, INK, 1.6)
            pen.rect(cx - pw / 2, cy - ph / 2, pw, ph, r=ph * 0.25)
            _sign(pen, sign, cx, cy, ph * 0.62, INK, pw * 0.86)
    else:
        pen.style(WHITE, mix(ground, INK, 0.35), 2.0)
        pen.circle(cx, cy, r)
        _sign(pen, sign, cx, cy, r * (0.9 if sign in NUMBERS else 0.62 if sign == "+2" else 1.0), deep, r * 1.6)
    if sign != "blank":
        _corners(pen, card, sign, suit, fore, readable(ground))
    if p["caption"] and sign == "blank":                       # above the write-in disc
        pen.style(mix(PAPER, INK, 0.8))
        pen.fit_text(cx, cy + r * 1.18, p["caption"], min(w, h) * 0.06, w - 2 * safe, font="bold")
    elif p["caption"]:                                          # under the disc, between the corners
        pen.style(fore, saver=readable(ground))
        room = w - 2 * (safe + corner_size(card) * 1.3 + 6)
        size = pen.fit_size(p["caption"], min(w, h) * 0.06, room, font="bold")
        pen.text(cx, (cy - r + safe) / 2 - size * 0.36, p["caption"], size, font="bold", anchor="middle")
    if p["tag"]:
        pen.tag(safe, safe, p["tag"])
