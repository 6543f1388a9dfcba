"""The back-offset calibration sheet: one sheet, printed duplex, that measures how far a
printer shifts the back side.

The front carries thin crosses at five points; the back carries, behind each cross,
two millimetre scales (−5 … +5 mm, 0.5 mm ticks) laid out so that the number read
where the front line shows through *is* the correction to write in the spec:
``print: back_offset: [dx, dy]``.
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..spec.model import MM, PAPERS
from .fonts import register_fonts
from .i18n import ui
from .imposition import mirror_axis

__all__ = ["render_calibration", "TARGETS"]

#: Where the crosses are, as fractions of the page (centre and four corners).
TARGETS = ((0.5, 0.5), (0.2, 0.15), (0.8, 0.15), (0.2, 0.85), (0.8, 0.85))
SPAN = 5 * MM          # scale half-length


def _front(c: Canvas, W: float, H: float, font: str, flip: str) -> None:
    c.setLineWidth(0.3)
    for fx, fy in TARGETS:
        x, y = fx * W, fy * H
        c.line(x, y - 12 * MM, x, y + 12 * MM)
        c.line(x - 12 * MM, y, x + 12 * MM, y)
    c.setFont(font, 11)
    c.drawCentredString(W / 2, H - 20 * MM, f"{ui('en', 'calibration_title')} / {ui('fr', 'calibration_title')}")
    c.setFont(font, 7.5)
    edge = "long" if flip == "long-edge" else "short"
    for i, lang in enumerate(("en", "fr")):
        c.drawCentredString(W / 2, H - (27 + 5 * i) * MM, ui(lang, "calibration_front", edge=ui(lang, edge)))


def _scale(c: Canvas, x: float, y: float, vertical: bool, font: str) -> None:
    """A −5…+5 mm scale centred on (x, y), running along x (or y when ``vertical``)."""
    c.setFont(font, 4.5)
    for k in range(-10, 11):
        v = k * 0.5 * MM
        long_tick = k % 2 == 0
        t = (3.0 if long_tick else 1.6) * MM
        if vertical:
            c.line(x - t / 2, y + v, x + t / 2, y + v)
            if long_tick and k:
                c.drawString(x + 2.2 * MM, y + v - 1.5, f"{k / 2:+g}")
        else:
            c.line(x + v, y - t / 2, x + v, y + t / 2)
            if long_tick and k:
                c.drawCentredString(x + v, y - 4.2 * MM, f"{k / 2:+g}")


def _back(c: Canvas, W: float, H: float, font: str, flip: str) -> None:
    axis = mirror_axis(flip, W > H)
    c.setLineWidth(0.3)
    for fx, fy in TARGETS:
        x, y = fx * W, fy * H
        bx, by = (W - x, y) if axis == "x" else (x, H - y)
        # the front's vertical line is read on a horizontal scale above the cross point,
        # its horizontal line on a vertical scale beside it
        _scale(c, bx, by + 8 * MM, False, font)
        _scale(c, bx + 8 * MM, by, True, font)
        c.setFont(font, 5)
        c.drawString(bx - 11 * MM, by + 9.5 * MM, ui("en", "horizontal"))
        c.drawString(bx + 6 * MM, by - 9 * MM, ui("en", "vertical"))
    c.setFont(font, 7.5)
    for i, lang in enumerate(("en", "fr")):
        c.drawCentredString(W / 2, 30 * MM - 5 * i * MM, ui(lang, "calibration_back"))
        c.drawCentredString(W / 2, 18 * MM - 5 * i * MM, ui(lang, "calibration_use"))


def render_calibration(paper: str, flip: str = "long-edge"):
    """The two pages (front, back) of the calibration sheet for ``paper``."""
    from .render import Rendered
    import io
    fonts = register_fonts()
    W, H = (v * MM for v in PAPERS[paper])
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=fonts["sans"])
    c.setTitle(f"forge — back-offset calibration ({paper})")
    c.setCreator(f"forge {__version__}")
    for draw in (_front, _back):
        draw(c, W, H, fonts["sans"], flip)
        c.setBleedBox((0, 0, W, H))
        c.setTrimBox((0, 0, W, H))
        c.showPage()
    c.save()
    return Rendered(buf.getvalue(), 2, 0)
