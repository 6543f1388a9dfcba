"""Cards that carry one big sign: table markers, point cards, a two-coloured rule card.

- ``setup``: a marker laid on the table (a letter or ``???``) with what goes beside it.
- ``points``: a point card, its value in a medallion and in two corners.
- ``signal``: a card in one strong colour with a heading and a short text; its two faces
  (e.g. green for normal play, red for a variant) are two rows or a front and a back.
"""
from __future__ import annotations

from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_setup", "draw_points", "draw_signal"]

INK = "#1f2329"
WHITE = "#ffffff"
PAPER = "#fdfaf3"


def _paragraphs(pen: Pen, text: str, x: float, top: float, width: float, height: float,
                size: float) -> None:
    """``text`` centred on ``x``, wrapped into ``width``, shrunk until it fits ``height``
    below ``top``, and set in the middle of that height."""
    size, lines = pen.fit_lines(text, size, width, height)
    pen.draw_lines(x, top - (height - pen.block_height(len(lines), size)) / 2, lines, size)


@layout("setup", kinds=("deck",),
        sign=Param("text", help="the sign, large: A, B, C or ???"),
        caption=Param("text", "", help="what the place is, under the sign"),
        note=Param("text", "", help="what goes beside the card"),
        colour=Param("colour", "#3d6fb6"))
def draw_setup(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour = p["colour"]
    pen.style(colour)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    r = w * 0.33
    cy = h * 0.62
    pen.style(WHITE, mix(colour, INK, 0.4), 2.5)
    pen.circle(w / 2, cy, r)
    pen.style(mix(colour, INK, 0.3))
    sign = p["sign"]
    size = r * (1.25 if len(sign) == 1 else 0.8)
    pen.fit_text(w / 2, cy - size * 0.36, sign, size, r * 1.6, font="bold")
    pen.style(WHITE)
    if p["caption"]:
        pen.fit_text(w / 2, cy - r - h * 0.09, p["caption"], w * 0.075, w - 2 * safe, font="bold")
    if p["note"]:
        _paragraphs(pen, p["note"], w / 2, cy - r - h * 0.12, w - 2 * safe, cy - r - h * 0.12 - safe, 9.5)


@layout("points", kinds=("deck",),
        value=Param("text", help="the card's worth, e.g. 1 or 5"),
        caption=Param("text", "", help="a word under the value (point, points)"),
        colour=Param("colour", "#c9a227", help="the medallion"),
        ground=Param("colour", "#2f3e46", help="the background"))
def draw_points(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour, ground = p["colour"], p["ground"]
    pen.style(ground)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(None, mix(ground, colour, 0.5), 1.0)
    pen.rect(safe * 0.7, safe * 0.7, w - 1.4 * safe, h - 1.4 * safe, r=safe)
    r = w * 0.36
    cy = h * 0.54
    pen.style(colour, mix(colour, INK, 0.35), 2.0)
    pen.circle(w / 2, cy, r)
    pen.style(None, mix(colour, WHITE, 0.45), 1.0)
    pen.circle(w / 2, cy, r * 0.84)
    pen.style(mix(colour, INK, 0.65))
    size = r * 1.2
    pen.fit_text(w / 2, cy - size * 0.36, p["value"], size, r * 1.5, font="bold")
    pen.style(WHITE)
    if p["caption"]:
        pen.fit_text(w / 2, cy - r - h * 0.1, p["caption"], w * 0.11, w - 2 * safe, font="bold")
    corner = w * 0.1
    pen.fit_text(safe + corner * 0.2, h - safe - corner, p["value"], corner, w * 0.3, font="bold", anchor="start")
    pen.fit_text(w - safe - corner * 0.2, h - safe - corner, p["value"], corner, w * 0.3, font="bold", anchor="end")


@layout("signal", kinds=("deck",),
        heading=Param("text", help="the face's name, large"),
        text=Param("text", "", help="what the face means"),
        mark=Param("text", "", help="a sign in the medallion (e.g. = or ≠)"),
        colour=Param("colour", help="the face's colour"))
def draw_signal(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour = p["colour"]
    pen.style(colour)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    pen.style(None, mix(colour, WHITE, 0.5), 1.5)
    pen.rect(safe * 0.7, safe * 0.7, w - 1.4 * safe, h - 1.4 * safe, r=safe)
    r = w * 0.2
    cy = h - safe - r * 1.25
    if p["mark"]:
        pen.style(WHITE, mix(colour, INK, 0.35), 2.0)
        pen.circle(w / 2, cy, r)
        pen.style(colour)
        pen.fit_text(w / 2, cy - r * 0.42, p["mark"], r * 1.2, r * 1.5, font="bold")
    pen.style(WHITE)
    heading_y = cy - r - h * 0.1
    pen.fit_text(w / 2, heading_y, p["heading"], w * 0.09, w - 2 * safe, font="bold")
    if p["text"]:
        top = heading_y - h * 0.05
        panel = (safe, safe, w - 2 * safe, top - safe)
        pen.style(mix(colour, WHITE, 0.88))
        pen.rect(*panel, r=safe * 0.6)
        pen.style(INK)
        pad = safe * 0.6
        _paragraphs(pen, p["text"], w / 2, top - pad, panel[2] - 2 * pad, panel[3] - 2 * pad, 12.5)
