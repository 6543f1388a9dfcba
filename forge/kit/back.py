"""Card backs: a coloured pattern (a lattice, dots, chevrons or stripes: each game its own) with a central
medallion, the same for every card.

The title sits under the emblem, or alone in the middle of the medallion when there is none;
either way its box stays 1 mm inside the medallion's ring."""
from __future__ import annotations

from .art.emblems import draw_emblem
from ..cardspec.model import MM
from .art.pen import Pen, mix
from .registry import CardBox, Param, layout

__all__ = ["draw_back", "PATTERNS"]


def _lattice(pen: Pen, w: float, h: float, b: float, step: float) -> None:
    """Diagonals both ways, past the bleed: diamonds."""
    k = -int((h + 2 * b) / step) - 2
    while k * step < w + h + 2 * b:
        x = k * step
        pen.line(x - b, -b, x + h + b, h + b)
        pen.line(x - b, h + b, x + h + b, -b)
        k += 1


def _dots(pen: Pen, w: float, h: float, b: float, step: float) -> None:
    """Rings on a staggered grid."""
    rows = int((h + 2 * b) / (step * 0.75)) + 2
    for row in range(rows):
        y = -b + row * step * 0.75
        for col in range(int((w + 2 * b) / step) + 2):
            pen.circle(-b + col * step + (step / 2 if row % 2 else 0), y, step * 0.18)


def _chevrons(pen: Pen, w: float, h: float, b: float, step: float) -> None:
    """Zigzag lines across, one every half step."""
    teeth = int((w + 2 * b) / step) + 2
    for row in range(int((h + 2 * b) / (step / 2)) + 2):
        y = -b + row * step / 2
        pen.polyline([(-b + i * step / 2, y + (step / 4 if i % 2 else 0)) for i in range(2 * teeth + 1)])


def _stripes(pen: Pen, w: float, h: float, b: float, step: float) -> None:
    """Diagonals one way only, twice as close."""
    k = -int((h + 2 * b) / step) * 2 - 4
    while k * step / 2 < w + h + 2 * b:
        x = k * step / 2
        pen.line(x - b, -b, x + h + b, h + b)
        k += 1


#: the back's patterns, by name (param ``pattern``)
PATTERNS = {"lattice": _lattice, "dots": _dots, "chevrons": _chevrons, "stripes": _stripes}


@layout(
    "back", kinds=("deck",),
    title=Param("text", "", help="a name in the medallion (usually the game's)"),
    colour=Param("colour", "#283593", help="the background"),
    accent=Param("colour", "#e8b93c", help="the lattice and the medallion's rim"),
    emblem=Param("emblem", "", help="an emblem in the medallion"),
    pattern=Param("text", "lattice", help="the ground's pattern: lattice, dots, chevrons or stripes (a game of "
                  "its own)", choices=("lattice", "dots", "chevrons", "stripes")),
)
def draw_back(pen: Pen, card: CardBox, p: dict, lang: str) -> None:
    """A pattern over a solid colour, bleeding off every edge, and a medallion."""
    w, h, b = card.w, card.h, card.bleed
    colour, accent = p["colour"], p["accent"]
    pen.style(colour)
    pen.rect(-b, -b, w + 2 * b, h + 2 * b)
    step = max(w / 6, 1.0)                                 # (never 0 on a degenerate card)
    pen.style(None, mix(colour, accent, 0.45), 0.8)
    PATTERNS[p["pattern"]](pen, w, h, b, step)
    inset = card.safe * 0.8
    pen.style(None, accent, 1.6)
    pen.rect(inset, inset, w - 2 * inset, h - 2 * inset, r=inset)
    r = w * 0.3
    ring = 2.4
    pen.style(mix(colour, "#000000", 0.25), accent, ring)
    pen.circle(w / 2, h / 2, r)
    inner = r - ring / 2 - 1 * MM                          # the title keeps 1 mm off the ring
    if p["emblem"]:
        draw_emblem(pen, p["emblem"], w / 2 - r * 0.55, h / 2 - r * 0.35, r * 1.1)
    if p["title"]:
        pen.style(accent)
        if p["emblem"]:        # under the emblem: a box whose lower corners stay inside the ring
            top, box_w, box_h = h / 2 - inner * 0.36, inner * 1.2, inner * 0.44
        else:                  # alone: centred, a box whose corners stay inside the ring
            top, box_w, box_h = None, inner * 1.6, inner * 0.8
        size, lines = pen.fit_lines(p["title"], w * 0.07, box_w, box_h, font="serif", leading=1.15)
        if top is None:
            top = h / 2 + pen.block_height(len(lines), size, 1.15) / 2
        pen.draw_lines(w / 2, top, lines, size, leading=1.15, font="serif")
