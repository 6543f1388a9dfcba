"""A tiny drawing interface shared by every piece of procedural art.

Art code (emblems, card faces, portraits…) draws through a :class:`Pen` and never
talks to reportlab directly, so the same drawing can go to a PDF page (print kit)
or, later, to SVG (rulebook figures).

Conventions
-----------
* Units are PDF points unless the caller sets up a transform (art usually draws in a
  0…100 box and is scaled by the caller).
* y grows upwards (PDF convention).
* Colours are ``"#rrggbb"`` strings, or ``None`` for "no fill" / "no stroke".
* Every shape uses the current fill and stroke, set with :meth:`Pen.style` (with, for the
  ink-saver, its ``saver`` colour); a shape that paints nothing is not drawn.
* A path is a sequence of commands: ``("M", x, y)``, ``("L", x, y)``,
  ``("C", x1, y1, x2, y2, x, y)`` (cubic Bézier) and ``("Z",)``.

Text that does not fit
----------------------
Text is never cut short nor let run out of its box. :meth:`Pen.fit_text` (one line) and
:meth:`Pen.fit_lines` (wrapped into a box) shrink it to the largest size that fits, but
never below a minimum: :data:`MIN_SIZE` (5 pt) unless the layout names a larger one
(headings, the word cards' 13 pt). Text that fits at no allowed size, or a box with no
room (a width or height ≤ 0), raises :class:`~forge.kit.registry.DoesNotFit` naming the
text; the renderer turns it into an error at the card's data line. Layouts that measure
text their own way (several columns, list items) find their size with
:func:`largest_size` and raise the same way.
"""
from __future__ import annotations

import functools
import math
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from ...cardspec.colours import hex_to_rgb, mix
from ...cardspec.vocabulary import DEPTH, MIN_SIZE, TOP   # a line is (TOP + DEPTH) × size tall
from ...errors import excerpt
from ...i18n.direction import visual
from .lines import SHY, unshy, wrap
from ..registry import DoesNotFit

__all__ = ["Pen", "ReportlabPen", "PathCmd", "hex_to_rgb", "mix", "largest_size", "MIN_SIZE",
           "TOP", "DEPTH", "DoesNotFit"]

PathCmd = tuple

SHRINK = 0.94                       # one step of :func:`largest_size`
_MM = 72 / 25.4


def largest_size(fits: Callable[[float], bool], size: float, min_size: float = MIN_SIZE) -> float | None:
    """The largest size from ``min_size`` to ``size`` at which ``fits(size)`` holds, to
    within 0.1 %: ``size``, ``size`` × 0.94, × 0.94², … is tried down to ``min_size``, then
    the step above the first that fits is halved a few times. None when nothing fits, or
    when ``size`` is already under ``min_size`` (text is never set below its minimum)."""
    min_size = max(min_size, MIN_SIZE / 10)          # a floor keeps the search finite
    if not math.isfinite(size) or size < min_size:
        return None
    if fits(size):
        return size
    for _ in range(200):                             # 0.94²⁰⁰: from any size to the minimum
        lo, hi = max(min_size, size * SHRINK), size
        if fits(lo):
            for _ in range(6):                       # the step, narrowed to 0.1 %
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if fits(mid) else (lo, mid)
            return lo
        if lo <= min_size:
            return None
        size = lo
    return None


def _mm(points: float) -> str:
    return f"{points / _MM:.1f}"


def _too_small(s: str, size: float, min_size: float) -> str:
    return (f"the text {excerpt(s)} would be set at {size:.2f} pt, under the {min_size:g} pt minimum "
            "(too little room on the card)")




class Pen:
    """The drawing interface. Subclasses implement the primitives."""

    fill: str | None = "#000000"
    stroke: str | None = None
    width: float = 1.0
    saver: str | None = None

    # -- state ---------------------------------------------------------
    def style(self, fill: str | None = None, stroke: str | None = None, width: float | None = None,
              saver: str | None = None) -> None:
        """Set the fill and stroke of the next shapes and text (``None`` = none) and ``saver``,
        their colour in ink-saver mode, painted as it is (kit/inks.py); a shape with neither
        fill nor stroke but a ``saver`` is drawn in ink-saver mode alone."""
        self.fill, self.stroke, self.saver = fill, stroke, saver
        if width is not None:
            self.width = width
            self._set_width(width)
        self._set_colours()

    @contextmanager
    def saved(self) -> Iterator["Pen"]:
        """Save transform and style; restore them on exit."""
        keep = (self.fill, self.stroke, self.width, self.saver)
        self._push()
        try:
            yield self
        finally:
            self._pop()
            self.fill, self.stroke, self.width, self.saver = keep

    # -- primitives every backend provides ---------------------------------
    def translate(self, x: float, y: float) -> None: raise NotImplementedError
    def scale(self, sx: float, sy: float | None = None) -> None: raise NotImplementedError
    def rotate(self, degrees: float) -> None: raise NotImplementedError
    def rect(self, x: float, y: float, w: float, h: float, r: float = 0) -> None: raise NotImplementedError
    def circle(self, cx: float, cy: float, r: float) -> None: raise NotImplementedError
    def ellipse(self, cx: float, cy: float, rx: float, ry: float) -> None: raise NotImplementedError
    def path(self, cmds: Sequence[PathCmd]) -> None: raise NotImplementedError
    def clip_rect(self, x: float, y: float, w: float, h: float) -> None: raise NotImplementedError
    def image(self, reader, x: float, y: float, w: float, h: float) -> None: raise NotImplementedError

    def text(self, x: float, y: float, s: str, size: float, font: str = "sans",
             anchor: str = "start") -> None:
        """Draw ``s`` with its baseline at ``y``; anchor is start, middle or end."""
        raise NotImplementedError

    def text_width(self, s: str, size: float, font: str = "sans") -> float: raise NotImplementedError

    def tag(self, x: float, y: float, s: str) -> None:
        """Write ``s`` as machine-readable text that is not seen (searchable, checkable);
        backends without such text ignore it."""

    # -- conveniences built on the primitives ------------------------------
    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.path((("M", x1, y1), ("L", x2, y2)))

    def dashed(self, x1: float, y1: float, x2: float, y2: float, dash: float = 3.0) -> None:
        """A dashed straight line: ``dash`` drawn, ``dash`` left blank, from (x1, y1) on."""
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        t = 0.0
        while t < length:
            a, b = t / length, min(1.0, (t + dash) / length)
            self.line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)
            t += 2 * dash

    def polygon(self, points: Sequence[tuple[float, float]]) -> None:
        cmds: list[PathCmd] = [("M", *points[0])]
        cmds += [("L", *p) for p in points[1:]]
        cmds.append(("Z",))
        self.path(cmds)

    def polyline(self, points: Sequence[tuple[float, float]]) -> None:
        cmds: list[PathCmd] = [("M", *points[0])]
        cmds += [("L", *p) for p in points[1:]]
        self.path(cmds)

    def fit_size(self, s: str, size: float, max_width: float, font: str = "sans",
                 min_size: float = MIN_SIZE) -> float:
        """The size, at most ``size`` and not under ``min_size``, at which ``s`` on one line
        is at most ``max_width`` wide. Raises :class:`DoesNotFit`."""
        width = self.text_width(s, size, font)
        if width <= 0:                               # nothing to draw: fits anywhere
            return size
        fitted = size * min(1.0, max_width / width) if max_width > 0 else 0.0
        if fitted >= min_size * (1 - 1e-9):
            return fitted
        if size < min_size:
            raise DoesNotFit(_too_small(s, size, min_size))
        raise DoesNotFit(f"the text {excerpt(s)} is {_mm(width * min_size / size)} mm wide at {min_size:g} pt, "
                         f"wider than its {_mm(max(0.0, max_width))} mm box")

    def fit_text(self, x: float, y: float, s: str, size: float, max_width: float,
                 font: str = "sans", anchor: str = "middle", min_size: float = MIN_SIZE) -> float:
        """Draw ``s`` on one line, shrunk if need be so it is at most ``max_width`` wide (but
        not under ``min_size``: :class:`DoesNotFit`); return the size used."""
        size = self.fit_size(s, size, max_width, font, min_size)
        self.text(x, y, s, size, font, anchor)
        return size

    def fit_lines(self, s: str, size: float, width: float, height: float, font: str = "sans",
                  leading: float = 1.3, min_size: float = MIN_SIZE,
                  max_lines: int | None = None) -> tuple[float, list[str]]:
        """The largest size ≤ ``size`` (down to ``min_size``) and the lines at which ``s``,
        wrapped, fits a ``width`` × ``height`` box: every line, a long word included, at
        most ``width`` wide, the lines (``leading`` × size apart, see :meth:`block_height`)
        at most ``height`` tall and no more than ``max_lines``. Raises :class:`DoesNotFit`."""
        if not s.strip():
            return size, []

        def fits(sz: float) -> bool:
            lines = self.wrap(s, sz, width, font)
            return (width > 0 and (max_lines is None or len(lines) <= max_lines)
                    and self.block_height(len(lines), sz, leading) <= height
                    and all(self.text_width(line, sz, font) <= width for line in lines))

        best = largest_size(fits, size, min_size)
        if best is None:
            raise DoesNotFit(_too_small(s, size, min_size) if size < min_size else
                             self._why(s, min_size, width, height, font, leading, max_lines))
        return best, self.wrap(s, best, width, font)

    def _why(self, s, size, width, height, font, leading, max_lines) -> str:
        """Why ``s`` does not fit its box even at ``size``."""
        box = f"{_mm(max(0.0, width))} × {_mm(max(0.0, height))} mm box"
        if width <= 0 or height <= 0:
            return f"the text {excerpt(s)} has no room (its {box})"
        words = s.split()
        widest = max(words, key=lambda word: self.text_width(word, size, font))
        if self.text_width(widest, size, font) > width:
            return (f"the word {excerpt(widest)} is {_mm(self.text_width(widest, size, font))} mm wide "
                    f"at {size:g} pt, wider than its {_mm(width)} mm box")
        held = max(0, math.floor((height / size - TOP - DEPTH) / leading + 1e-9) + 1)
        held = min(held, max_lines) if max_lines is not None else held
        return (f"the text {excerpt(s)} takes {len(self.wrap(s, size, width, font))} lines at {size:g} pt, "
                f"its {box} holds {held}")

    @staticmethod
    def block_height(lines: int, size: float, leading: float = 1.3) -> float:
        """How tall ``lines`` lines of text are at ``size``: from the top of the first line's
        accents to the bottom of the last line's descenders."""
        return size * (TOP + DEPTH + leading * (lines - 1)) if lines else 0.0

    def draw_lines(self, x: float, top: float, lines: Sequence[str], size: float, leading: float = 1.3,
                   font: str = "sans", anchor: str = "middle") -> float:
        """Draw ``lines`` as a block hanging from ``top`` (see :meth:`block_height`); return
        the block's bottom."""
        y = top - TOP * size
        for line in lines:
            self.text(x, y, line, size, font, anchor)
            y -= size * leading
        return top - self.block_height(len(lines), size, leading)

    def wrap(self, s: str, size: float, max_width: float, font: str = "sans") -> list[str]:
        """Greedy word wrap of ``s`` into lines at most ``max_width`` wide: :func:`.lines.wrap`."""
        return wrap(s, lambda line: self.text_width(line, size, font), max_width)

    # -- backend hooks -----------------------------------------------------
    def _push(self) -> None: raise NotImplementedError
    def _pop(self) -> None: raise NotImplementedError
    def _set_colours(self) -> None: raise NotImplementedError
    def _set_width(self, width: float) -> None: raise NotImplementedError


@functools.lru_cache(maxsize=8192)
def _covering(s: str, name: str, fallback: str) -> str:
    """``name`` when its font has a glyph for every letter of ``s``, else ``fallback`` when that
    one has them all, else ``name`` (asked once per text and font: text is measured often)."""
    from reportlab.pdfbase import pdfmetrics
    for candidate in (name, fallback):
        cmap = getattr(getattr(pdfmetrics.getFont(candidate), "face", None), "charToGlyph", None)
        if cmap is None or all(ord(c) in cmap for c in s if not c.isspace() and c != SHY):
            return candidate
    return name


class ReportlabPen(Pen):
    """Draws on a reportlab canvas. ``fonts`` maps a logical font (sans, bold, serif)
    to a registered reportlab font name."""

    def __init__(self, canvas, fonts: dict[str, str]):
        self.c = canvas
        self.fonts = fonts
        self.fill, self.stroke, self.width = "#000000", None, 1.0
        self.ink = getattr(canvas, "ink_saver", None)   # the ink-saver's palette (kit/inks.py)
        self._k = [1.0]                                   # the scale, for its outlines' width
        self._set_colours()
        canvas.setLineWidth(1.0)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)

    def _push(self) -> None:
        self.c.saveState()
        self._k.append(self._k[-1])

    def _pop(self) -> None:
        self.c.restoreState()
        self._k.pop()

    def _paint(self) -> tuple[str | None, str | None]:
        """The fill and stroke drawn: those set, or the ink-saver's for them."""
        return self.ink.paint(self.fill, self.stroke, self.saver) if self.ink else (self.fill, self.stroke)

    def _set_colours(self) -> None:
        fill, stroke = self._paint()
        if fill:
            self.c.setFillColorRGB(*hex_to_rgb(fill))
        if stroke:
            self.c.setStrokeColorRGB(*hex_to_rgb(stroke))

    def _set_width(self, width: float) -> None:
        self.c.setLineWidth(width)

    def _flags(self) -> dict:
        fill, stroke = self._paint()
        return {"fill": 1 if fill else 0, "stroke": 1 if stroke else 0}

    def _shape(self, draw: Callable, *args) -> None:
        """``draw(*args, fill=, stroke=)``, unless it paints nothing; an ink-saver's outline (a
        stroke where none was set) is drawn OUTLINE pt wide at any scale."""
        if not any(self._paint()):
            return
        outline = self.ink and self.fill and not self.stroke and self._paint()[1]
        if outline:
            self.c.saveState()
            self.c.setLineWidth(self.ink.outline / self._k[-1])
        draw(*args, **self._flags())
        if outline:
            self.c.restoreState()

    def translate(self, x: float, y: float) -> None:
        self.c.translate(x, y)

    def scale(self, sx: float, sy: float | None = None) -> None:
        sy = sx if sy is None else sy
        self._k[-1] *= math.sqrt(abs(sx * sy)) or 1.0
        self.c.scale(sx, sy)

    def rotate(self, degrees: float) -> None:
        self.c.rotate(degrees)

    def rect(self, x, y, w, h, r=0) -> None:
        if self.ink and self.c.covered(x, y, w, h):       # the ink-saver leaves out full-bleed fills
            return
        if r:
            self._shape(self.c.roundRect, x, y, w, h, r)
        else:
            self._shape(self.c.rect, x, y, w, h)

    def circle(self, cx, cy, r) -> None:
        self._shape(self.c.circle, cx, cy, r)

    def ellipse(self, cx, cy, rx, ry) -> None:
        self._shape(self.c.ellipse, cx - rx, cy - ry, cx + rx, cy + ry)

    def _build(self, cmds):
        p = self.c.beginPath()
        for cmd in cmds:
            op = cmd[0]
            if op == "M":
                p.moveTo(cmd[1], cmd[2])
            elif op == "L":
                p.lineTo(cmd[1], cmd[2])
            elif op == "C":
                p.curveTo(*cmd[1:7])
            elif op == "Z":
                p.close()
            else:
                raise ValueError(f"unknown path command {op!r}")
        return p

    def path(self, cmds) -> None:
        self._shape(self.c.drawPath, self._build(cmds))

    def clip_rect(self, x, y, w, h) -> None:
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)

    def image(self, reader, x, y, w, h) -> None:
        """A raster image (a :class:`~forge.cardspec.images.PdfImage`) stretched over the box;
        reportlab stores each image once per PDF (by its name), however often it is drawn."""
        self.c.drawImage(reader, x, y, w, h, mask="auto")

    def _covering(self, s: str, font: str) -> str:
        """The registered font that draws ``s`` in the logical ``font``: that font, or, when it
        lacks letters of ``s`` (the serif has no Hebrew, say), the sans face of its weight that
        has them, as a browser falls back to a font that has the letters."""
        name = self.fonts[font]
        if s.isascii():
            return name
        return _covering(s, name, self.fonts["bold" if "bold" in font or font == "serif" else "sans"])

    def text(self, x, y, s, size, font="sans", anchor="start") -> None:
        name = self._covering(s, font)
        overprint = getattr(self.c, "overprint_black", False) and self._paint()[0] == "#000000"
        if overprint:                   # CMYK: black text overprints (no white gap if the plates shift)
            self.c.saveState(), self.c.setFillOverprint(True), self.c.setOverprintMask(True)
        self.c.setFont(name, size)
        s = visual(unshy(s))                              # Hebrew… in the order it is drawn
        if self.ink:                                      # light text on what is now light: dark
            self.c.setFillColorRGB(*hex_to_rgb(self.ink.text(self.fill, self.saver)))
        if anchor == "middle":
            self.c.drawCentredString(x, y, s)
        elif anchor == "end":
            self.c.drawRightString(x, y, s)
        else:
            self.c.drawString(x, y, s)
        if overprint:
            self.c.restoreState()
        if self.ink:
            self._set_colours()

    def text_width(self, s, size, font="sans") -> float:
        return self.c.stringWidth(unshy(s), self._covering(s, font), size)

    def tag(self, x, y, s) -> None:
        t = self.c.beginText(x, y)
        t.setFont(self.fonts["sans"], 2)
        t.setTextRenderMode(3)              # neither filled nor stroked: invisible, still text
        t.textOut(s)
        self.c.drawText(t)
