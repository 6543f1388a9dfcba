"""An SVG backend for :class:`~forge.kit.art.pen.Pen`: the print kit's art, for web pages.

Coordinates follow the pen's convention (y up); the document flips them once with a
top-level transform, so art code is the same for PDF and SVG. Text is measured with
the bundled fonts' metrics and drawn with a CSS font family.
"""
from __future__ import annotations

import base64
import io
from xml.sax.saxutils import escape, quoteattr

from .lines import unshy
from .pen import Pen

__all__ = ["SvgPen"]

#: an image drawn on a web page is sent at most this many pixels on its longer side
WEB_PIXELS = 480

_SANS, _SERIF = "DejaVu Sans, sans-serif", "DejaVu Serif, serif"
#: logical font (forge/kit/fonts.py) → CSS family, weight, style
_FAMILIES = {"sans": (_SANS, "normal", "normal"), "bold": (_SANS, "bold", "normal"), "serif": (_SERIF, "bold", "normal"),
             "italic": (_SANS, "normal", "italic"), "bold-italic": (_SANS, "bold", "italic"),
             "serif-italic": (_SERIF, "bold", "italic")}


def _own_family(font: str) -> tuple[str, str, str]:
    """A spec's own font (``file:PATH``): its family name as the font file gives it, with forge's
    sans as the fallback of a page that does not have it (its weight and slant are in the file)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    from ..fonts import register_fonts
    name = getFont(register_fonts()[font]).face.familyName
    family = name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)
    return f"{family}, {_SANS}", "normal", "normal"


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class SvgPen(Pen):
    """Collects SVG elements; :meth:`svg` returns the document."""

    def __init__(self, width: float, height: float, title: str = ""):
        self.doc_w, self.doc_h, self.title = width, height, title
        self.fill, self.stroke, self.width = "#000000", None, 1.0
        self.parts: list[str] = []
        self._open: list[int] = [0]          # groups opened since each saved()

    # -- state -------------------------------------------------------------
    def _push(self) -> None:
        self.parts.append("<g>")
        self._open.append(0)

    def _pop(self) -> None:
        for _ in range(self._open.pop() + 1):
            self.parts.append("</g>")

    def _set_colours(self) -> None:
        pass

    def _set_width(self, width: float) -> None:
        pass                                  # read from self.width when a shape is written

    def _transform(self, t: str) -> None:
        self.parts.append(f'<g transform="{t}">')
        self._open[-1] += 1

    def translate(self, x, y) -> None:
        self._transform(f"translate({_n(x)} {_n(y)})")

    def scale(self, sx, sy=None) -> None:
        self._transform(f"scale({_n(sx)} {_n(sx if sy is None else sy)})")

    def rotate(self, degrees) -> None:
        self._transform(f"rotate({_n(degrees)})")

    def _paint(self) -> str:
        fill = self.fill or "none"
        if not self.stroke:
            return f'fill="{fill}"'
        return (f'fill="{fill}" stroke="{self.stroke}" stroke-width="{_n(self.width)}" '
                'stroke-linecap="round" stroke-linejoin="round"')

    def _shape(self, element: str) -> None:
        """Add a shape's element, unless it paints nothing (a shape only the ink-saver draws)."""
        if self.fill or self.stroke:
            self.parts.append(element)

    # -- shapes ------------------------------------------------------------------
    def rect(self, x, y, w, h, r=0) -> None:
        corner = f' rx="{_n(r)}"' if r else ""
        self._shape(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner} {self._paint()}/>')

    def circle(self, cx, cy, r) -> None:
        self._shape(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" {self._paint()}/>')

    def ellipse(self, cx, cy, rx, ry) -> None:
        self._shape(f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}" {self._paint()}/>')

    def path(self, cmds) -> None:
        d = " ".join(c[0] + " ".join(_n(v) for v in c[1:]) for c in cmds)
        self._shape(f'<path d="{d}" {self._paint()}/>')

    def clip_rect(self, x, y, w, h) -> None:
        cid = f"clip{len(self.parts)}"
        self.parts.append(f'<clipPath id="{cid}"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/></clipPath>')
        self.parts.append(f'<g clip-path="url(#{cid})">')
        self._open[-1] += 1

    def image(self, reader, x, y, w, h) -> None:
        """The image (a :class:`~forge.cardspec.images.PdfImage`, as for the PDF) embedded as a
        PNG small enough for a page: decoded at most WEB_PIXELS on its longer side."""
        img = reader.preview(WEB_PIXELS)
        data = io.BytesIO()
        img.save(data, "PNG", optimize=True)
        href = "data:image/png;base64," + base64.b64encode(data.getvalue()).decode("ascii")
        # y is up in pen space: the image is flipped back so that it stands upright
        self.parts.append(f'<g transform="translate({_n(x)} {_n(y + h)}) scale(1 -1)"><image width="{_n(w)}" '
                          f'height="{_n(h)}" preserveAspectRatio="none" href="{href}"/></g>')

    def text(self, x, y, s, size, font="sans", anchor="start") -> None:
        family, weight, style = _FAMILIES.get(font) or _own_family(font)
        slant = f' font-style="{style}"' if style != "normal" else ""
        # y is up in pen space: flip the glyphs back so text reads upright
        self.parts.append(
            f'<text transform="translate({_n(x)} {_n(y)}) scale(1 -1)" font-family={quoteattr(family)} '
            f'font-weight="{weight}"{slant} font-size="{_n(size)}" text-anchor="{anchor}" fill="{self.fill or "none"}">'
            f"{escape(unshy(s))}</text>")

    def tag(self, x, y, s) -> None:
        self.parts.append(f"<desc>{escape(s)}</desc>")

    def text_width(self, s, size, font="sans") -> float:
        from reportlab.pdfbase.pdfmetrics import stringWidth
        from ..fonts import register_fonts
        return stringWidth(unshy(s), register_fonts()[font], size)

    # -- document ----------------------------------------------------------------
    def svg(self, x0: float = 0, y0: float = 0) -> str:
        """The SVG document; (x0, y0) is the pen-space point at the drawing's bottom-left."""
        close = "</g>" * self._open[0]
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(self.doc_w)} {_n(self.doc_h)}" '
                f'role="img">{title}<g transform="translate({_n(-x0)} {_n(self.doc_h + y0)}) scale(1 -1)">'
                + "".join(self.parts) + close + "</g></svg>")
