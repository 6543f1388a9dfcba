"""The back-offset calibration sheet: one sheet, printed duplex, that measures how far a
printer shifts the back side.

The front carries thin crosses at five points; the back carries, behind each cross,
two millimetre scales (−5 … +5 mm, 0.5 mm ticks, every mm numbered) laid out so that the
number read where the front line shows through *is* the correction to write in the spec,
``print: back_offset: [dx, dy]``, or to give a build, ``forge build --back-offset dx,dy``. The
back says so, and what to do when the readings differ or the kit was downloaded without its
sources. Both sides carry the sheet's label, in English and French; nothing is under 7 pt.
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..cardspec.model import MM, PAPERS
from .art.pen import ReportlabPen
from .fonts import register_fonts
from .i18n import ui
from .imposition import mirror_axis
from .label import EDGE, KEY, label_parts, page_label
from .registry import CardBox
from .sheet import Rendered, set_viewer_preferences

__all__ = ["render_calibration", "TARGETS"]

#: Where the crosses are, as fractions of the page (centre and four corners).
TARGETS = ((0.5, 0.5), (0.2, 0.15), (0.8, 0.15), (0.2, 0.85), (0.8, 0.85))
SPAN = 5 * MM          # scale half-length
FIGURE = 7.0           # pt: the scales' figures, 2 mm apart in each row, and the least text size
TEXT = 8.5             # pt: the instructions, at most
LEADING = 1.25         # the instructions' line spacing, in sizes
MARGIN = 20 * MM       # the instructions' left and right margins
SIGN = 7.0             # pt: the − and + at the scales' ends, dx and dy
OFF = 10 * MM          # from a cross point to its two scales (the front's arms reach 12 mm)


def _label(c: Canvas, fonts: dict, W: float, H: float, side: str, flip: str) -> float:
    """The sheet's label, in English and in French, at the bottom; return its top."""
    parts = [" · ".join(label_parts(lang, "forge", ui(lang, "calibration_title"), side, 1, 1, flip, (W, H)))
             for lang in ("en", "fr")]
    return page_label(ReportlabPen(c, fonts), CardBox(W, H, 0.0, 0.0), EDGE, EDGE, W - EDGE, 20 * MM, {KEY: parts})


def _front(c: Canvas, W: float, H: float, fonts: dict, flip: str) -> None:
    c.setLineWidth(0.3)
    for fx, fy in TARGETS:
        x, y = fx * W, fy * H
        c.line(x, y - 12 * MM, x, y + 12 * MM)
        c.line(x - 12 * MM, y, x + 12 * MM, y)
    c.setFont(fonts["sans"], 11)
    c.drawCentredString(W / 2, H - 16 * MM, f"{ui('en', 'calibration_title')} / {ui('fr', 'calibration_title')}")
    c.setFont(fonts["sans"], 7.5)
    edge = "long" if flip == "long-edge" else "short"
    for i, lang in enumerate(("en", "fr")):                 # clear of the top crosses' arms
        c.drawCentredString(W / 2, H - (23 + 5 * i) * MM, ui(lang, "calibration_front", edge=ui(lang, edge)))
    _label(c, fonts, W, H, "front", flip)


def _scale(c: Canvas, x: float, y: float, vertical: bool, fonts: dict) -> None:
    """A −5…+5 mm scale centred on (x, y), running along x (or y when ``vertical``): a tick
    every 0.5 mm, a longer one every mm. Every mm is numbered, without its sign, in two
    staggered rows (even mm by the ticks, odd mm beyond them) so that no figure touches
    another, the figures of a vertical scale turned a quarter (read with the sheet turned, as
    on a ruler); a − and a + at the ends tell the two halves apart."""
    digit = 0.36 * FIGURE                       # half a figure's height: centres it on a tick
    for k in range(-10, 11):
        v = k * 0.5 * MM
        t = (3.0 if k % 2 == 0 else 1.6) * MM
        if vertical:
            c.line(x - t / 2, y + v, x + t / 2, y + v)
        else:
            c.line(x + v, y - t / 2, x + v, y + t / 2)
        if k % 2:
            continue
        figure, row = str(abs(k // 2)), (2.4 if k % 4 == 0 else 5.2) * MM
        c.setFont(fonts["sans"], FIGURE)
        if vertical:                            # turned a quarter, as on a ruler: 1 mm apart would not fit
            c.saveState()
            c.translate(x + row + 2 * digit, y + v)
            c.rotate(90)
            c.drawCentredString(0, 0, figure)
            c.restoreState()
        else:
            c.drawCentredString(x + v, y - row - 2 * digit, figure)
    c.setFont(fonts["bold"], SIGN)
    for sign, end in (("−", -6.3 * MM), ("+", 6.3 * MM)):
        if vertical:
            c.drawCentredString(x, y + end - 0.36 * SIGN, sign)
        else:
            c.drawCentredString(x + end, y - 0.36 * SIGN, sign)


def _back(c: Canvas, W: float, H: float, fonts: dict, flip: str) -> None:
    axis = mirror_axis(flip, W > H)
    c.setLineWidth(0.3)
    for fx, fy in TARGETS:
        x, y = fx * W, fy * H
        bx, by = (W - x, y) if axis == "x" else (x, H - y)
        # the front's vertical line is read on a horizontal scale above the cross point,
        # its horizontal line on a vertical scale beside it
        _scale(c, bx, by + OFF, False, fonts)
        _scale(c, bx + OFF, by, True, fonts)
        c.setFont(fonts["sans"], SIGN)
        c.drawRightString(bx - 8.5 * MM, by + OFF - 0.36 * SIGN, ui("en", "horizontal"))
        c.drawCentredString(bx + OFF, by - 10.5 * MM, ui("en", "vertical"))
    _instructions(ReportlabPen(c, fonts), W, H)
    _label(c, fonts, W, H, "back", flip)


def _instructions(pen: ReportlabPen, W: float, H: float) -> None:
    """How to read the scales and use the readings (even or not, with the game's sources or
    with a downloaded kit), in English then French, wrapped between the bottom crosses' scales
    and the centre's, at the largest size from :data:`TEXT` down to :data:`FIGURE`."""
    paragraphs = [ui(lang, key) for lang in ("en", "fr")
                  for key in ("calibration_back", "calibration_uneven", "calibration_use")]
    top, bottom = H / 2 - 16 * MM, min(fy for _, fy in TARGETS) * H + OFF + 5 * MM
    width, gap = W - 2 * MARGIN, 1.6 * MM
    size = TEXT
    while True:
        blocks = [pen.fit_lines(text, size, width, H, min_size=size)[1] for text in paragraphs]
        height = sum(pen.block_height(len(lines), size, LEADING) for lines in blocks) + gap * (len(blocks) + 1)
        if height <= top - bottom or size <= FIGURE:
            break
        size = max(size - 0.25, FIGURE)
    y = top
    for i, lines in enumerate(blocks):
        y = pen.draw_lines(MARGIN, y - (2 * gap if i == 3 else gap), lines, size, LEADING, anchor="start")


def render_calibration(paper: str, flip: str = "long-edge", colour: str = "rgb"):
    """The two pages (front, back) of the calibration sheet for ``paper`` (in CMYK when
    ``colour`` is cmyk)."""
    from .inks import kit_canvas
    import io
    fonts = register_fonts()
    W, H = (v * MM for v in PAPERS[paper])
    buf = io.BytesIO()
    c = kit_canvas(buf, colour=colour, pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=fonts["sans"],
                   lang="en")
    c.setTitle(f"forge — back-offset calibration ({paper})")
    c.setAuthor("forge")
    c.setSubject(f"calibration / {paper} / {flip}")
    c.setKeywords(f"calibration, {paper}, {flip}")
    c.setCreator(f"forge {__version__}")
    set_viewer_preferences(c, flip)                  # as every kit file: actual size, its flip
    for draw in (_front, _back):
        draw(c, W, H, fonts, flip)
        c.setBleedBox((0, 0, W, H))
        c.setTrimBox((0, 0, W, H))
        c.showPage()
    c.save()
    return Rendered(buf.getvalue(), 2, 0)
