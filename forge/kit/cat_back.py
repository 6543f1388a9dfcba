"""Card backs with a cat: paw prints over a solid colour, the sitting cat in a medallion,
the game's name under it and an optional second line (e.g. what the cards are)."""
from __future__ import annotations

from .art.cat import draw_cat, draw_paw
from .art.grid import staggered
from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_cat_back"]


@layout(
    "cat_back", kinds=("deck",),
    title=Param("text", "", help="a name under the medallion (usually the game's)"),
    subtitle=Param("text", "", help="a smaller line under the name"),
    colour=Param("colour", "#1d3b33", help="the background"),
    accent=Param("colour", "#f3ead2", help="the medallion, the frame and the text"),
    cat=Param("colour", "#4cb866", help="the cat's coat"),
)
def draw_cat_back(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """Paw prints on a staggered grid bleeding off every edge, a frame, the medallion, the text."""
    w, h, b, safe = card.w, card.h, card.bleed, card.safe
    colour, accent = p["colour"], p["accent"]
    pen.style(colour)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    step = w / 4
    pen.style(mix(colour, accent, 0.12))
    for x, y, row in staggered(card, step, rise=0.8):
        with pen.saved():
            pen.translate(x, y)
            pen.rotate(20 if row % 2 else -20)
            draw_paw(pen, 0, 0, step * 0.26)
    inset = safe * 0.8
    pen.style(None, accent, 1.4)
    pen.rect(inset, inset, w - 2 * inset, h - 2 * inset, r=inset)
    r = min(w * 0.34, h * 0.24)
    cy = h * 0.58
    pen.style(accent, mix(accent, colour, 0.5), 2.4)
    pen.circle(w / 2, cy, r)
    draw_cat(pen, w / 2 - r * 0.72, cy - r * 0.78, r * 1.44, p["cat"], mix(colour, "#000000", 0.3))
    pen.style(accent)
    below = cy - r - safe * 0.6
    if p["title"]:
        size, lines = pen.fit_lines(p["title"], w * 0.1, w - 2 * safe - 2 * inset, below * 0.5, font="serif",
                                    leading=1.1)
        below = pen.draw_lines(w / 2, below, lines, size, leading=1.1, font="serif") - size * 0.3
    if p["subtitle"]:
        size, lines = pen.fit_lines(p["subtitle"], w * 0.055, w - 2 * safe - 2 * inset, below - safe - inset,
                                    leading=1.2)
        pen.draw_lines(w / 2, below, lines, size, leading=1.2)
