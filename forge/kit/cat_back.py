"""Card backs with a cat: paw prints over a solid colour, the sitting cat in a medallion,
the game's name under it and an optional second line (e.g. what the cards are).

In ink-saver mode (kit/inks.py) the ground is left out and the paws become outlines: a white
plate behind the text keeps them off the letters."""
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
    below = cy - r - safe * 0.6
    room = w - 2 * safe - 2 * inset
    blocks = []                                      # (top, lines, size, leading, font), centred
    if p["title"]:
        size, lines = pen.fit_lines(p["title"], w * 0.1, room, below * 0.5, font="serif", leading=1.1)
        blocks.append((below, lines, size, 1.1, "serif"))
        below -= pen.block_height(len(lines), size, 1.1) + size * 0.3
    if p["subtitle"]:
        size, lines = pen.fit_lines(p["subtitle"], w * 0.055, room, below - safe - inset, leading=1.2)
        blocks.append((below, lines, size, 1.2, "sans"))
    if blocks:
        _plate(pen, w / 2, blocks, safe * 0.5)
    pen.style(accent)
    for top, lines, size, leading, font in blocks:
        pen.draw_lines(w / 2, top, lines, size, leading=leading, font=font)


def _plate(pen: Pen, cx: float, blocks: list, pad: float) -> None:
    """In ink-saver mode only, a white plate behind the text ``blocks`` (centred on ``cx``),
    ``pad`` round it, that keeps the paws' outlines off the letters (on the dark ground of a
    normal build the paws are faint, and no plate is drawn)."""
    widest = max(pen.text_width(line, size, font) for _, lines, size, _, font in blocks for line in lines)
    top = blocks[0][0]
    last, lines, size, leading, _ = blocks[-1]
    bottom = last - pen.block_height(len(lines), size, leading)
    pen.style(None, saver="#ffffff")
    pen.rect(cx - widest / 2 - pad, bottom - pad, widest + 2 * pad, top - bottom + 2 * pad, r=pad)
