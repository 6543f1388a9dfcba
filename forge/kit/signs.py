"""Table markers: a card that carries one big sign (a letter or ``???``) with what goes beside it.

The point cards (``points``) and the two-coloured variant card (``signal``) were drawn
here too; they are now declared layouts, ``forge/kit/layouts/points.yaml`` and ``signal.yaml``.
"""
from __future__ import annotations

from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_setup"]

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
