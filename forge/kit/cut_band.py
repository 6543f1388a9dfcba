"""The paper band that lets butted cards survive a bad cut (issue 15, item 3).

Where cards are butted on a sheet (``spacing: butt``, or ``auto`` choosing it), two cards
share one cut line and neither has bleed towards the other: a cut 0.5 mm off would leave a
sliver of the neighbour's colour on the card. So on such sheets every face is clipped to its
trim less a band BAND wide on all four sides, with rounded corners: the band (and the bleed)
stays bare paper, both sides of every shared cut line are the same white for BAND, the card
reads as a bordered card, the same on every side whatever its place on the sheet, and nothing
of the design (text keeps a 3 mm safe zone) is hidden. Clipping rather than painting white
over the face leaves no antialiasing seam where two cards meet.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from reportlab.pdfgen.canvas import Canvas

from ..cardspec.model import MM
from .registry import CardBox

__all__ = ["BAND", "inside_band"]

BAND = 1.5 * MM          # at least 1 mm, with room for a 0.5 mm error
CORNER = 2.0 * MM        # the radius of the coloured area's corners


@contextmanager
def inside_band(c: Canvas, card: CardBox, band: bool = True) -> Iterator[None]:
    """Draw a face (trim 0 … w, 0 … h at the origin) clipped to its trim less the band:
    the band stays bare paper (no paint under it, so no seam where two cards meet)."""
    if not band:
        yield
        return
    c.saveState()
    p = c.beginPath()
    p.roundRect(BAND, BAND, card.w - 2 * BAND, card.h - 2 * BAND, CORNER)
    c.clipPath(p, stroke=0, fill=0)
    try:
        yield
    finally:
        c.restoreState()
