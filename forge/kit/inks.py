"""How a kit is inked: the ink-saver's light palette, and the conversion to CMYK.

Both are build modes chosen by a component's print settings (``print: {ink_saver: true}``,
``print: {colour: cmyk}``, or ``forge build --ink-saver`` / ``--cmyk`` for every component).
They act in one place, on the canvas every page is drawn on (:func:`kit_canvas`), so no
layout asks which mode it draws in (a layout may only say what a shape becomes in ink-saver
mode, below) and the layout itself (page boxes, card positions, text positions) is the same
in every mode.

Ink-saver
---------
The pen (:class:`~forge.kit.art.pen.ReportlabPen`) asks the canvas's :class:`InkSaver` what
to paint instead of each colour:

* a solid fill becomes a light tint of its colour (:data:`TINT` of the way to white) with an
  outline of the original colour (:data:`OUTLINE` pt wide, whatever the drawing's scale);
  fills already light (luminance ≥ :data:`LIGHT`, such as a white card) are drawn as they are;
* a light line (luminance ≥ :data:`PALE`: white rings on a dark back) is darkened, so it
  still shows on the light tint;
* light text (the white titles of dark backs) is set dark; dark text stays as it is;
* a shape or text whose style names its ink-saver colour (``pen.style(..., saver=colour)``)
  is painted in that colour as it is, with no tint and no outline: what must stay readable
  on white paper, such as a coloured card's corner index in the card's colour darkened to
  :func:`readable` (a contrast of at least :data:`RATIO` to white). A shape styled with a
  ``saver`` and neither fill nor stroke is drawn in ink-saver mode only: a mark the dropped
  fill showed (a portrait's sex band), a white plate that keeps a pattern off a title.

A full-bleed fill (a rectangle covering the whole card with its bleed, or the whole page of a
board) is left out: the paper shows. Labels and crop marks are drawn as always, and every
card face gets a cut outline on its trim (:data:`CUT_GREY`, :data:`CUT_WIDTH` pt; kit/sheet.py),
its edge now that its ground is paper. A dark back thus prints white with its pattern, emblem
and title in outline and dark text.

CMYK
----
Every colour the canvas is given is converted, as it is set, by :func:`to_cmyk`: the naive
device conversion with full grey-component replacement,
``K = 1 − max(R, G, B)``, ``C = (1 − R − K) / (1 − K)``, ``M = (1 − G − K) / (1 − K)``,
``Y = (1 − B − K) / (1 − K)`` (``C = M = Y = 0`` for black): greys and black print on the
black plate alone. No colour profile is involved: this is not a colour-managed (ICC,
PDF/X) conversion. The kits hold no raster images, so nothing else is to convert; transparency
(alpha) is not used and not carried over.
"""
from __future__ import annotations

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from ..cardspec.colours import contrast
from .art.pen import hex_to_rgb, mix

__all__ = ["InkSaver", "KitCanvas", "kit_canvas", "to_cmyk", "luminance", "readable", "TINT", "OUTLINE", "RATIO",
           "CUT_GREY", "CUT_WIDTH"]

TINT = 0.9          # a solid fill is drawn this far towards white
OUTLINE = 0.6       # pt: the outline drawn round what was a solid fill
LIGHT = 0.85        # fills at least this light are drawn as they are
PALE = 0.6          # lines and text at least this light are darkened
RATIO = 4.5         # what is printed in a card's colour reads on white at this contrast at least
CUT_GREY = 0.5      # the cut outline on each card's trim: mid grey …
CUT_WIDTH = 0.3     # … pt wide


def luminance(colour: str) -> float:
    """Relative lightness of ``"#rrggbb"``, 0 (black) … 1 (white) (Rec. 601 weights)."""
    r, g, b = hex_to_rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def readable(colour: str, ratio: float = RATIO) -> str:
    """``colour`` darkened (mixed towards black) just enough to read on white paper at a
    WCAG contrast of ``ratio``; a colour dark enough already is returned as it is."""
    if contrast(colour, "#ffffff") >= ratio:
        return colour
    lo, hi = 0.0, 1.0
    for _ in range(12):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if contrast(mix(colour, "#000000", mid), "#ffffff") >= ratio else (mid, hi)
    return mix(colour, "#000000", hi)


class InkSaver:
    """The ink-saver's palette: what to paint instead of a fill, a line, a text colour."""

    outline = OUTLINE

    def paint(self, fill: str | None, stroke: str | None,
              saver: str | None = None) -> tuple[str | None, str | None]:
        """The (fill, stroke) drawn for a shape set to ``fill`` and ``stroke``: a solid fill
        turns to a tint and gains an outline of its colour unless it has a stroke already;
        a shape whose style names its ``saver`` colour is painted in it: its fill (a shape
        with neither fill nor stroke set is filled), its stroke where it has one."""
        if saver:
            return (saver if fill or not stroke else None), (saver if stroke else None)
        line = self.line(stroke) if stroke else None
        if fill is None or luminance(fill) >= LIGHT:
            return fill, line
        return mix(fill, "#ffffff", TINT), line or self.line(fill)

    @staticmethod
    def line(colour: str) -> str:
        return mix(colour, "#000000", 0.55) if luminance(colour) >= PALE else colour

    @staticmethod
    def text(colour: str | None, saver: str | None = None) -> str:
        if saver:
            return saver
        colour = colour or "#000000"
        return mix(colour, "#000000", 0.8) if luminance(colour) >= PALE else colour


def to_cmyk(colour) -> CMYKColor:
    """Any colour reportlab is given (a Color, an (r, g, b) tuple, a name) as CMYK, by the
    conversion of this module's docstring; CMYK colours pass unchanged."""
    if isinstance(colour, CMYKColor):
        return colour
    if isinstance(colour, (tuple, list)) and len(colour) == 4:
        return CMYKColor(*colour, alpha=None)
    c = Color(*colour) if isinstance(colour, (tuple, list)) else toColor(colour)
    r, g, b = c.red, c.green, c.blue
    k = 1 - max(r, g, b)
    if k >= 1:
        return CMYKColor(0, 0, 0, 1, alpha=None)
    return CMYKColor(*(round((1 - v - k) / (1 - k), 4) for v in (r, g, b)), round(k, 4), alpha=None)


class KitCanvas(Canvas):
    """A reportlab canvas that knows the box being drawn: the page, or the form (a card
    face with its bleed) being defined, for the ink-saver to find full-bleed fills."""

    ink_saver: InkSaver | None = None
    overprint_black = False                    # CMYK files: black text overprints (art/pen.py)

    def box(self) -> tuple[float, float, float, float]:
        return getattr(self, "_form_box", None) or (0.0, 0.0, *self._pagesize)

    def beginForm(self, name, lowerx=0, lowery=0, upperx=None, uppery=None):
        self._form_box = (lowerx, lowery, upperx, uppery) if upperx is not None else None
        super().beginForm(name, lowerx, lowery, upperx, uppery)

    def endForm(self, **extra) -> None:
        """The form, with the graphics states its stream names (black text's overprint): reportlab
        writes a form's fonts, procedures and images into its resources but not its ExtGState,
        which would leave its ``gs`` operators naming nothing."""
        name, states = self._formData[0], self._extgstate.getState()
        self._form_box = None
        super().endForm(**extra)
        if states:
            form = self._doc.idToObject[pdfdoc.xObjectName(name)]
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs() if form.hasImages else resources.basicProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.ExtGState = states
            form.Resources = resources

    def cut_outline(self, w: float, h: float) -> None:
        """The ink-saver's cut outline of a card face drawn at the origin: its trim, 0 … w,
        0 … h, stroked CUT_WIDTH pt in CUT_GREY (the edge its dropped ground showed)."""
        self.saveState()
        self.setLineWidth(CUT_WIDTH)
        self.setStrokeColorRGB(CUT_GREY, CUT_GREY, CUT_GREY)
        self.rect(0, 0, w, h, stroke=1, fill=0)
        self.restoreState()

    def covered(self, x: float, y: float, w: float, h: float) -> bool:
        """Whether the rectangle, in the current user space, covers the whole box drawn."""
        a, b, c, d, e, f = self._currentMatrix
        pts = [(a * px + c * py + e, b * px + d * py + f) for px in (x, x + w) for py in (y, y + h)]
        x0, y0, x1, y1 = self.box()
        tol = 0.01
        return (min(p[0] for p in pts) <= x0 + tol and min(p[1] for p in pts) <= y0 + tol and
                max(p[0] for p in pts) >= x1 - tol and max(p[1] for p in pts) >= y1 - tol)


def kit_canvas(buf, ink_saver: bool = False, colour: str = "rgb", **kw) -> KitCanvas:
    """A reportlab canvas inked as asked: every colour converted to CMYK when ``colour`` is
    cmyk or pdfx (a PDF/X-4 file too: kit/pdfx.py), and the ink-saver's palette for the pens
    drawing on it when ``ink_saver``."""
    cmyk = colour in ("cmyk", "pdfx")
    rl_config.useA85 = 0            # streams stored as binary: reportlab's ASCII85 text makes them 25 % larger
    c = KitCanvas(buf, enforceColorSpace=to_cmyk if cmyk else None, **kw)
    c.ink_saver = InkSaver() if ink_saver else None
    c.overprint_black = cmyk                       # black text overprints the colours under it
    if colour == "pdfx":
        from .pdfx import prepare
        prepare(c)
    return c
