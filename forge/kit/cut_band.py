"""The paper band that lets butted cards survive a bad cut (issue 15, item 3).

Where cards are butted on a sheet (``spacing: butt``, or ``auto`` choosing it), two cards
share one cut line and neither has bleed towards the other: a cut 0.5 mm off would leave a
sliver of the neighbour's colour on the card. So on such sheets every face is drawn with a
plain paper-white band BAND wide inside its trim on all four sides (and over its bleed), with
rounded inner corners: both sides of every shared cut line are the same white for BAND, the
card reads as a bordered card, the same on every side whatever its place on the sheet, and
nothing of the design (text keeps a 3 mm safe zone) is hidden.
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..spec.model import MM
from .registry import CardBox

__all__ = ["BAND", "draw_cut_band"]

BAND = 1.5 * MM          # at least 1 mm, with room for a 0.5 mm error
CORNER = 2.0 * MM        # the radius of the coloured area's corners


def draw_cut_band(c: Canvas, card: CardBox) -> None:
    """Paint the band over a face just drawn at the origin (trim 0 … w, 0 … h)."""
    b = card.bleed
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    p = c.beginPath()
    p.rect(-b, -b, card.w + 2 * b, card.h + 2 * b)
    p.roundRect(BAND, BAND, card.w - 2 * BAND, card.h - 2 * BAND, CORNER)
    c.drawPath(p, stroke=0, fill=1, fillMode=0)        # even-odd: the ring between the two
    c.restoreState()
