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
* Every shape uses the current fill and stroke, set with :meth:`Pen.style`.
* A path is a sequence of commands: ``("M", x, y)``, ``("L", x, y)``,
  ``("C", x1, y1, x2, y2, x, y)`` (cubic Bézier) and ``("Z",)``.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Sequence

__all__ = ["Pen", "ReportlabPen", "PathCmd", "hex_to_rgb", "mix"]

PathCmd = tuple


def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    """``"#ff8000"`` → ``(1.0, 0.502, 0.0)``."""
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (t=0 → a, t=1 → b)."""
    ra, ga, ba = hex_to_rgb(a)
    rb, gb, bb = hex_to_rgb(b)
    return "#%02x%02x%02x" % tuple(round(255 * (x + (y - x) * t)) for x, y in ((ra, rb), (ga, gb), (ba, bb)))


def _glued(words: list[str]) -> list[str]:
    """``["manche", ":", "la"]`` → ``["manche :", "la"]``: marks that may not start a line are
    joined to the word before them, ``«`` to the word after it."""
    out: list[str] = []
    for word in words:
        if out and (word[0] in ":;!?»" or out[-1] == "«"):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


class Pen:
    """The drawing interface. Subclasses implement the primitives."""

    fill: str | None = "#000000"
    stroke: str | None = None
    width: float = 1.0

    # -- state ---------------------------------------------------------
    def style(self, fill: str | None = None, stroke: str | None = None, width: float | None = None) -> None:
        """Set the fill and stroke used by the next shapes (``None`` = none)."""
        self.fill, self.stroke = fill, stroke
        if width is not None:
            self.width = width
            self._set_width(width)
        self._set_colours()

    @contextmanager
    def saved(self) -> Iterator["Pen"]:
        """Save transform and style; restore them on exit."""
        keep = (self.fill, self.stroke, self.width)
        self._push()
        try:
            yield self
        finally:
            self._pop()
            self.fill, self.stroke, self.width = keep

    # -- primitives every backend provides ---------------------------------
    def translate(self, x: float, y: float) -> None: raise NotImplementedError
    def scale(self, sx: float, sy: float | None = None) -> None: raise NotImplementedError
    def rotate(self, degrees: float) -> None: raise NotImplementedError
    def rect(self, x: float, y: float, w: float, h: float, r: float = 0) -> None: raise NotImplementedError
    def circle(self, cx: float, cy: float, r: float) -> None: raise NotImplementedError
    def ellipse(self, cx: float, cy: float, rx: float, ry: float) -> None: raise NotImplementedError
    def path(self, cmds: Sequence[PathCmd]) -> None: raise NotImplementedError
    def clip_rect(self, x: float, y: float, w: float, h: float) -> None: raise NotImplementedError

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

    def fit_text(self, x: float, y: float, s: str, size: float, max_width: float,
                 font: str = "sans", anchor: str = "middle", min_size: float = 4) -> float:
        """Draw ``s`` shrunk if needed so it is at most ``max_width`` wide; return the size used."""
        w = self.text_width(s, size, font)
        if w > max_width:
            size = max(min_size, size * max_width / w)
        self.text(x, y, s, size, font, anchor)
        return size

    def wrap(self, s: str, size: float, max_width: float, font: str = "sans") -> list[str]:
        """Greedy word wrap of ``s`` into lines at most ``max_width`` wide (a long word stays whole).

        As in Unicode line breaking (UAX #14, rule LB13) a line never starts with ``: ; ! ?``,
        even after a space, nor with ``»`` (nor ends with ``«``): French puts a space before
        those marks, and the mark stays on the line of the word it follows."""
        lines: list[str] = []
        for para in s.split("\n"):
            line = ""
            for word in _glued(para.split()):
                trial = f"{line} {word}" if line else word
                if line and self.text_width(trial, size, font) > max_width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    # -- backend hooks -----------------------------------------------------
    def _push(self) -> None: raise NotImplementedError
    def _pop(self) -> None: raise NotImplementedError
    def _set_colours(self) -> None: raise NotImplementedError
    def _set_width(self, width: float) -> None: raise NotImplementedError


class ReportlabPen(Pen):
    """Draws on a reportlab canvas. ``fonts`` maps a logical font (sans, bold, serif)
    to a registered reportlab font name."""

    def __init__(self, canvas, fonts: dict[str, str]):
        self.c = canvas
        self.fonts = fonts
        self.fill, self.stroke, self.width = "#000000", None, 1.0
        self._set_colours()
        canvas.setLineWidth(1.0)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)

    def _push(self) -> None:
        self.c.saveState()

    def _pop(self) -> None:
        self.c.restoreState()

    def _set_colours(self) -> None:
        if self.fill:
            self.c.setFillColorRGB(*hex_to_rgb(self.fill))
        if self.stroke:
            self.c.setStrokeColorRGB(*hex_to_rgb(self.stroke))

    def _set_width(self, width: float) -> None:
        self.c.setLineWidth(width)

    def _flags(self) -> dict:
        return {"fill": 1 if self.fill else 0, "stroke": 1 if self.stroke else 0}

    def translate(self, x: float, y: float) -> None:
        self.c.translate(x, y)

    def scale(self, sx: float, sy: float | None = None) -> None:
        self.c.scale(sx, sx if sy is None else sy)

    def rotate(self, degrees: float) -> None:
        self.c.rotate(degrees)

    def rect(self, x, y, w, h, r=0) -> None:
        if r:
            self.c.roundRect(x, y, w, h, r, **self._flags())
        else:
            self.c.rect(x, y, w, h, **self._flags())

    def circle(self, cx, cy, r) -> None:
        self.c.circle(cx, cy, r, **self._flags())

    def ellipse(self, cx, cy, rx, ry) -> None:
        self.c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, **self._flags())

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
        self.c.drawPath(self._build(cmds), **self._flags())

    def clip_rect(self, x, y, w, h) -> None:
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)

    def text(self, x, y, s, size, font="sans", anchor="start") -> None:
        name = self.fonts[font]
        self.c.setFont(name, size)
        if anchor == "middle":
            self.c.drawCentredString(x, y, s)
        elif anchor == "end":
            self.c.drawRightString(x, y, s)
        else:
            self.c.drawString(x, y, s)

    def text_width(self, s, size, font="sans") -> float:
        return self.c.stringWidth(s, self.fonts[font], size)

    def tag(self, x, y, s) -> None:
        t = self.c.beginText(x, y)
        t.setFont(self.fonts["sans"], 2)
        t.setTextRenderMode(3)              # neither filled nor stroked: invisible, still text
        t.textOut(s)
        self.c.drawText(t)
